import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';

const url = process.env.DATABASE_URL!;
const sql = postgres(url, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

describe('migrations', () => {
  it('create every table of the data model', async () => {
    const rows = await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const tables = rows.map((r) => r.table_name);
    for (const t of [
      'workspaces',
      'workspace_members',
      'profiles',
      'brands',
      'competitors',
      'keywords',
      'prompts',
      'runs',
      'answers',
      'mentions',
      'citations',
      'metric_snapshots',
      'opportunities',
      'templates',
      'wordpress_sites',
      'orders',
      'drafts',
      'published_items',
      'integrations',
      'quick_scores',
      'corpus_documents',
      'activity_log',
      'contact_requests',
    ]) {
      expect(tables).toContain(t);
    }
  });

  it('are idempotent and safe to run concurrently', async () => {
    await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(row?.n).toBeGreaterThan(0);
  });

  it('keep a generated full-text vector on corpus documents', async () => {
    await sql`insert into corpus_documents (url, domain, title, body)
              values ('https://example.org/lumen-migrate-test', 'example.org', 'Best CRM tools', 'Acme is great for startups')`;
    const [hit] =
      await sql`select url from corpus_documents where url = 'https://example.org/lumen-migrate-test' and tsv @@ plainto_tsquery('english', 'startup crm')`;
    expect(hit?.url).toBe('https://example.org/lumen-migrate-test');
  });
});
