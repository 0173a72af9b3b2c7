import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Database, type Tx } from '../client';
import { listOpenQuickScores } from './quick-score.repository';

// The reconciler's scan over unfinished quick scores (docs/jobs.md, "Reconciler") reads the
// partial index quick_scores_open_idx, not the whole table. Everything happens in one
// transaction that is rolled back: the shared test database is left as it was.

let db: Database;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL as string, { max: 2 });
});

afterAll(async () => {
  await closeDb(db);
});

class Rollback extends Error {}

async function inRolledBackTransaction(work: (tx: Tx) => Promise<void>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

/** Index scans of `index` so far in this transaction (the _xact_ counters count only our own). */
async function scansOf(tx: Tx, index: string): Promise<number> {
  const rows = await tx.execute<{ scans: string }>(
    sql`select pg_stat_get_xact_numscans(${index}::regclass)::text as scans`,
  );
  return Number(rows[0]?.scans ?? 0);
}

describe('listOpenQuickScores', () => {
  it('finds the unfinished rows, oldest first, through the partial index', async () => {
    await inRolledBackTransaction(async (tx) => {
      // A realistic table: a great many finished checks and a handful in flight.
      await tx.execute(sql`
        insert into quick_scores (brand_name, domain, industry, ip_hash, status, created_at, expires_at)
        select 'Done ' || g, 'done.example', 'CRM', 'ip', (array['COMPLETED', 'FAILED'])[1 + g % 2]::job_status,
               now() - interval '1 hour' - g * interval '1 second', now() + interval '30 days'
          from generate_series(1, 20000) g`);
      const open = await tx.execute<{ id: string }>(sql`
        insert into quick_scores (brand_name, domain, industry, ip_hash, status, created_at, expires_at)
        select 'Open ' || g, 'open.example', 'CRM', 'ip', (array['QUEUED', 'RUNNING'])[1 + g % 2]::job_status,
               now() - interval '2 hours' + g * interval '1 minute', now() + interval '30 days'
          from generate_series(1, 5) g
        returning id`);
      // A row created after `before` is left for the next run.
      await tx.execute(sql`
        insert into quick_scores (brand_name, domain, industry, ip_hash, status, expires_at)
        values ('Fresh', 'fresh.example', 'CRM', 'ip', 'QUEUED', now() + interval '30 days')`);
      await tx.execute(sql`analyze quick_scores`);

      const before = await scansOf(tx, 'quick_scores_open_idx');
      const rows = await listOpenQuickScores(tx, new Date(Date.now() - 60_000), 200);

      const ours = rows.filter((r) => open.some((o) => o.id === r.id));
      expect(ours.map((r) => r.id)).toEqual(open.map((o) => o.id));
      expect(ours.map((r) => r.status)).toEqual([
        'RUNNING',
        'QUEUED',
        'RUNNING',
        'QUEUED',
        'RUNNING',
      ]);
      expect(rows.every((r) => r.status === 'QUEUED' || r.status === 'RUNNING')).toBe(true);
      expect(await scansOf(tx, 'quick_scores_open_idx')).toBeGreaterThan(before);
    });
  });
});
