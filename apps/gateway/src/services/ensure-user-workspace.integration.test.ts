import { randomUUID } from 'node:crypto';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { createWorkspaceEnsurer, ensureUserWorkspace } from './ensure-user-workspace.service';

// Several pools stand in for several gateway processes racing on one user's first request.
let pools: Database[] = [];

beforeAll(() => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is provided by the integration globalSetup');
  pools = Array.from({ length: 3 }, () => createDb(url, { max: 8 }));
});

afterAll(async () => {
  await Promise.all(pools.map((p) => closeDb(p)));
});

async function counts(userId: string) {
  const [row] = await pools[0]!.execute(sql`
    select (select count(*) from profiles where user_id = ${userId})::int as profiles,
           (select count(*) from workspaces where personal_owner_id = ${userId})::int as workspaces,
           (select count(*) from workspace_members where user_id = ${userId})::int as members`);
  return row;
}

describe('ensureUserWorkspace', () => {
  it('creates profile, personal workspace and owner membership exactly once under 40 concurrent calls', async () => {
    const user = { id: randomUUID(), email: 'race@example.com' };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ensureUserWorkspace(pools[i % pools.length]!, user)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await counts(user.id)).toEqual({ profiles: 1, workspaces: 1, members: 1 });
    const [ws] = await pools[0]!.execute(sql`
      select w.name, w.plan, m.role from workspaces w
      join workspace_members m on m.workspace_id = w.id where w.personal_owner_id = ${user.id}`);
    expect(ws).toMatchObject({ name: "race's workspace", role: 'owner' });
  });

  it('starts a new account on the free plan where the instance sells plans, else as before', async () => {
    const planOf = async (userId: string) => {
      const [row] = await pools[0]!.execute<{ plan: string }>(
        sql`select plan from workspaces where personal_owner_id = ${userId}`,
      );
      return row?.plan;
    };
    const selling = { id: randomUUID(), email: 'new@example.com' };
    await ensureUserWorkspace(pools[0]!, selling, { plans: true });
    expect(await planOf(selling.id)).toBe('free');
    const noPlans = { id: randomUUID(), email: 'self-hosted@example.com' };
    await ensureUserWorkspace(pools[0]!, noPlans);
    expect(await planOf(noPlans.id)).toBe('pro');
  });

  it('is a no-op for a user who already has one', async () => {
    const user = { id: randomUUID(), email: null };
    expect((await ensureUserWorkspace(pools[0]!, user)).created).toBe(true);
    expect((await ensureUserWorkspace(pools[1]!, user)).created).toBe(false);
    expect(await counts(user.id)).toEqual({ profiles: 1, workspaces: 1, members: 1 });
  });
});

describe('createWorkspaceEnsurer', () => {
  it('resolves the personal workspace across processes, and hides others as NOT_FOUND', async () => {
    const [a, b] = [createWorkspaceEnsurer(pools[0]!), createWorkspaceEnsurer(pools[1]!)];
    const alice = { id: randomUUID(), email: 'alice@example.com', role: 'authenticated' };
    const bob = { id: randomUUID(), email: 'bob@example.com', role: 'authenticated' };
    const [fromA, fromB] = await Promise.all([a.resolve(alice, null), b.resolve(alice, null)]);
    expect(fromA).toEqual(fromB);
    expect(fromA.role).toBe('owner');
    expect(await counts(alice.id)).toEqual({ profiles: 1, workspaces: 1, members: 1 });

    await expect(a.resolve(alice, fromA.id)).resolves.toEqual(fromA);
    const bobs = await b.resolve(bob, null);
    for (const requested of [bobs.id, randomUUID(), 'not-a-uuid']) {
      const error = await a.resolve(alice, requested).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LumenError);
      expect((error as LumenError).extensions.code).toBe('NOT_FOUND');
      expect((error as LumenError).message).toBe('Workspace not found.');
    }
  });
});
