import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { BRAND_FIELDS, baseInput, client, signUp } from './brand-helpers';

// The brand list asks for competitors, keywords with prompts, prompt counts and the latest run of
// every brand. Loaders batch each relation into one query, so the list costs the same number of
// statements for 2 brands as for 20 (docs/adding-a-feature.md, "Loaders").
let gateway: RunningGateway;
let handle: Database;
let counting = false;
let statements: string[] = [];

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, {
    webDist: null,
    onQuery: (query) => {
      if (counting) statements.push(query);
    },
  });
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

const LIST = `{ brands { ${BRAND_FIELDS} } }`;

async function workspaceWith(brands: number) {
  const gql = client(gateway, await signUp(gateway));
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const id = me.data!.me.workspaces[0]!.id;
  await handle.execute(sql`update workspaces set plan = 'business' where id = ${id}`);
  for (let i = 0; i < brands; i++) {
    const body = await gql(`mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`, {
      input: baseInput({
        name: `Loader Brand ${i}`,
        domains: [`loader-${i}.example.com`],
        aliases: [],
        competitors: [{ name: `Rival ${i}`, domains: [`rival-${i}.example.com`], aliases: [] }],
        keywords: [`topic ${i}`],
      }),
    });
    expect(body.errors).toBeUndefined();
  }
  return gql;
}

async function statementsFor(gql: ReturnType<typeof client>, expected: number) {
  await gql(LIST); // warm: the workspace is known, prepared statements exist
  statements = [];
  counting = true;
  // Another variables object: a read of its own, so the response cache cannot answer it.
  const body = await gql<{ brands: { keywords: { prompts: unknown[] }[] }[] }>(LIST, {
    counted: true,
  });
  counting = false;
  expect(body.errors).toBeUndefined();
  expect(body.data!.brands).toHaveLength(expected);
  for (const b of body.data!.brands) expect(b.keywords[0]!.prompts.length).toBeGreaterThan(0);
  return [...statements];
}

describe('brand list loaders', () => {
  it('a list of 20 brands costs the same statements as a list of 2 (no query per brand)', async () => {
    const small = await statementsFor(await workspaceWith(2), 2);
    const large = await statementsFor(await workspaceWith(20), 20);
    expect(small.length).toBeGreaterThan(0);
    expect(large.length).toBe(small.length);
    // One list query plus one per relation (competitors, keywords, prompts, counts, latest run)
    // and what sign-in needs: a small constant.
    expect(large.length).toBeLessThanOrEqual(10);
  });
});
