import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// The orders and drafts lists ask for each row's opportunity, template, site and draft. Loaders
// batch them, so a page of 12 costs the same statements as a page of 2 (docs/adding-a-feature.md,
// "Loaders").
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
  await seedBuiltins(gateway.deps.db);
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

const ORDERS = `{ orders(first: 50) { edges { node { id status writer
  opportunity { id title brandName } template { id name } site { id name }
  draft { id title status } } } } }`;
const DRAFTS = `{ drafts(first: 50) { edges { node { id title status version
  opportunity { id title } site { id name } order { id } } } } }`;

/** A workspace with `n` opportunities, each with an order (one built-in template) and its draft. */
async function workspaceWith(n: number) {
  const gql = client(gateway, await signUp(gateway));
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const ws = me.data!.me.workspaces[0]!.id;
  const brand = await gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput() },
  );
  const brandId = brand.data!.createBrand.id;
  const [template] = await handle.execute<{ id: string }>(
    sql`select id from templates where workspace_id is null and kind = 'faq'`,
  );
  for (let i = 0; i < n; i++) {
    const [opportunity] = await handle.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, type, title, impact)
      values (${ws}, ${brandId}, 'missing_mention', ${`Gap ${i}`}, ${50 + i}) returning id`);
    const [order] = await handle.execute<{ id: string }>(sql`
      insert into orders (workspace_id, opportunity_id, template_id, status, writer)
      values (${ws}, ${opportunity!.id}, ${template!.id}, 'DRAFT_READY', 'composer') returning id`);
    await handle.execute(sql`
      insert into drafts (workspace_id, order_id, title, slug, body)
      values (${ws}, ${order!.id}, ${`Draft ${i}`}, ${`draft-${i}`}, 'Body.')`);
  }
  return gql;
}

async function statementsFor(gql: ReturnType<typeof client>, query: string, expected: number) {
  await gql(query); // warm: the workspace is known, prepared statements exist
  statements = [];
  counting = true;
  // Another variables object: a read of its own, so the response cache cannot answer it.
  const body = await gql<Record<string, { edges: { node: { opportunity: unknown } }[] }>>(query, {
    counted: true,
  });
  counting = false;
  expect(body.errors).toBeUndefined();
  const list = Object.values(body.data!)[0]!;
  expect(list.edges).toHaveLength(expected);
  for (const e of list.edges) expect(e.node.opportunity).not.toBeNull();
  return [...statements];
}

describe('orders and drafts list loaders', () => {
  it('a page of 12 orders or drafts costs the same statements as a page of 2', async () => {
    const small = await workspaceWith(2);
    const large = await workspaceWith(12);
    for (const query of [ORDERS, DRAFTS]) {
      const few = await statementsFor(small, query, 2);
      const many = await statementsFor(large, query, 12);
      expect(few.length).toBeGreaterThan(0);
      expect(many.length).toBe(few.length);
      expect(many.length).toBeLessThanOrEqual(8);
    }
  });
});
