import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { startBrandRun } from '@lumen/db/repositories/run-start.repository';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { createGateway } from '../src/yoga';
import { baseInput, codeOf, type GqlBody, signUp } from './brand-helpers';

// The response cache in a real gateway (docs/architecture.md, "Response cache"): real Postgres
// and Redis, statements counted at the driver to tell a cached answer from an executed one.
// Two gateway processes' worth of caches (two gateways in this process) share the Redis.

let one: RunningGateway;
/** A second gateway's GraphQL (its own response cache) on the same Redis and Postgres. */
let two: ReturnType<typeof createGateway>;
let handle: Database;
let redis: Redis;
const prefix = process.env.REDIS_PREFIX ?? 'lumen';
let statements = 0;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  one = await startGateway(env, { webDist: null, onQuery: () => statements++ });
  two = createGateway(one.deps);
});

afterAll(async () => {
  await one?.close();
  redis?.disconnect();
  if (handle) await closeDb(handle);
});

type Person = {
  userId: string;
  workspaceId: string;
  ask<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { workspace?: string; second?: boolean },
  ): Promise<GqlBody<T>>;
};

async function person(): Promise<Person> {
  const token = await signUp(one);
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
  const ask: Person['ask'] = async (query, variables = {}, options = {}) => {
    const send = options.second ? two.fetch : fetch;
    const res = await send(`${one.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(options.workspace ? { 'x-workspace-id': options.workspace } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<never>;
  };
  const me = await ask<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { userId, workspaceId: me.data!.me.workspaces[0]!.id, ask };
}

async function brandOf(p: Person, name = 'Northwind CRM'): Promise<string> {
  const body = await p.ask<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ name, keywords: ['CRM software'] }) },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.createBrand.id;
}

/** How many statements the first gateway sent while `work` ran. */
async function counted<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const before = statements;
  const value = await work();
  return { value, statements: statements - before };
}

const DASHBOARD = '{ brands { id name status latestRun { id status } } }';
const names = (body: GqlBody<{ brands: { name: string }[] }>) =>
  body.data?.brands.map((b) => b.name);

describe('response cache', () => {
  it('answers a repeated dashboard read without a statement, and never across workspaces or users', async () => {
    const a = await person();
    const b = await person();
    await brandOf(a, 'Alpha Analytics');
    const first = await counted(() => a.ask(DASHBOARD));
    expect(first.statements).toBeGreaterThan(0);
    const again = await counted(() => a.ask(DASHBOARD));
    expect(again.statements).toBe(0);
    expect(again.value).toEqual(first.value);
    expect(names(first.value as never)).toEqual(['Alpha Analytics']);

    // The same query text from another workspace is executed for that workspace.
    const theirs = await counted(() => b.ask(DASHBOARD));
    expect(theirs.statements).toBeGreaterThan(0);
    expect(theirs.value).toEqual({ data: { brands: [] } });

    // B made a member of A's workspace reads it under their own key, not A's entry.
    await handle.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${a.workspaceId}, ${b.userId}, 'viewer')`);
    const asMember = await counted(() => b.ask(DASHBOARD, {}, { workspace: a.workspaceId }));
    expect(names(asMember.value as never)).toEqual(['Alpha Analytics']);
    // B's second read is B's own entry: only the membership check (every request) is left.
    const memberAgain = await counted(() => b.ask(DASHBOARD, {}, { workspace: a.workspaceId }));
    expect(memberAgain.value).toEqual(asMember.value);
    expect(asMember.statements).toBeGreaterThan(memberAgain.statements);
    // And B's own workspace still answers with B's (empty) list.
    expect(await b.ask(DASHBOARD)).toEqual({ data: { brands: [] } });
  });

  it('shows a mutation (a renamed brand) on the next read, on this gateway and on another', async () => {
    const a = await person();
    const id = await brandOf(a, 'Before Rename');
    // Both gateways hold the old list.
    expect(names(await a.ask(DASHBOARD))).toEqual(['Before Rename']);
    expect(names(await a.ask(DASHBOARD, {}, { second: true }))).toEqual(['Before Rename']);
    expect((await counted(() => a.ask(DASHBOARD))).statements).toBe(0);

    const renamed = await a.ask(
      'mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { id name } }',
      { id, input: baseInput({ name: 'After Rename', keywords: ['CRM software'] }) },
    );
    expect(renamed.errors).toBeUndefined();
    // The gateway that ran the mutation forgot the workspace before it answered.
    expect(names(await a.ask(DASHBOARD))).toEqual(['After Rename']);
    // The other one hears it through Redis (no timing: it is read until it changes, and the
    // entry's 30 s time to live is far beyond the wait allowed).
    await vi.waitFor(
      async () =>
        expect(names(await a.ask(DASHBOARD, {}, { second: true }))).toEqual(['After Rename']),
      { timeout: 5_000, interval: 20 },
    );
  });

  it('shows a worker-side change on the next read once its workspace event is published', async () => {
    const a = await person();
    const id = await brandOf(a, 'Worker Before');
    expect(names(await a.ask(DASHBOARD))).toEqual(['Worker Before']);
    // What a worker does: change rows, then publish on the workspace's topic.
    await handle.execute(sql`update brands set name = 'Worker After' where id = ${id}`);
    // Until the event, the cached answer stands (this is the cache at work, not a wish).
    expect(names(await a.ask(DASHBOARD))).toEqual(['Worker Before']);
    await publishEvent(redis, prefix, TOPIC.workspace(a.workspaceId), { kind: 'test' });
    await vi.waitFor(async () => expect(names(await a.ask(DASHBOARD))).toEqual(['Worker After']), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('follows a run’s own topic: run progress published on run:<id> reaches the next read', async () => {
    const a = await person();
    const brandId = await brandOf(a);
    // Created as the gateway would, without its events, so only the event below can tell.
    const started = await startBrandRun(handle, { trigger: 'MANUAL', brandId, plans: true });
    if (started.kind !== 'started') throw new Error(`the run did not start: ${started.kind}`);
    const runId = started.runId;
    const read = async () =>
      (
        await a.ask<{ run: { status: string } }>('query ($id: ID!) { run(id: $id) { status } }', {
          id: runId,
        })
      ).data?.run.status;
    expect(await read()).toBe('QUEUED');
    await handle.execute(sql`update runs set status = 'RUNNING', started_at = now()
      where id = ${runId}`);
    expect(await read()).toBe('QUEUED');
    await publishEvent(redis, prefix, TOPIC.run(runId), { engine: 'local-gpt' });
    await vi.waitFor(async () => expect(await read()).toBe('RUNNING'), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('takes a removed member’s access away on their very next request', async () => {
    const a = await person();
    const b = await person();
    await brandOf(a, 'Members Only');
    await handle.execute(sql`insert into workspace_members (workspace_id, user_id, role)
      values (${a.workspaceId}, ${b.userId}, 'member')`);
    expect(names(await b.ask(DASHBOARD, {}, { workspace: a.workspaceId }))).toEqual([
      'Members Only',
    ]);
    expect(names(await b.ask(DASHBOARD, {}, { workspace: a.workspaceId }))).toEqual([
      'Members Only',
    ]);
    // No event: the membership is checked on every request, before the cache is asked.
    await handle.execute(sql`delete from workspace_members
      where workspace_id = ${a.workspaceId} and user_id = ${b.userId}`);
    const after = await b.ask(DASHBOARD, {}, { workspace: a.workspaceId });
    expect(after.data ?? null).toBeNull();
    expect(codeOf(after)).toBe('NOT_FOUND');
  });

  it('never caches an answer with errors', async () => {
    const a = await person();
    const missing = '00000000-0000-4000-8000-000000000000';
    const query =
      'query ($id: ID!) { brands { id } answers(brandId: $id) { pageInfo { hasNextPage } } }';
    const first = await counted(() => a.ask(query, { id: missing }));
    expect(codeOf(first.value)).toBe('NOT_FOUND');
    const second = await counted(() => a.ask(query, { id: missing }));
    expect(codeOf(second.value)).toBe('NOT_FOUND');
    expect(second.statements).toBeGreaterThan(0);
  });
});
