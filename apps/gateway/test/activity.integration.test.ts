import { loadEnv } from '@lumen/config/env';
import {
  pruneActivity,
  recordActivity,
  recordJobOutcome,
} from '@lumen/db/repositories/activity.repository';
import { failRun } from '@lumen/db/repositories/run.repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf, type GqlBody } from './brand-helpers';
import { sseSubscribe } from './sse';
import {
  join,
  person as newPerson,
  teamWorkspace as newTeamWorkspace,
  type Person,
} from './team-helpers';

// The activity log (docs/activity.md): mutations write their row in their own transaction,
// every role reads it, a viewer sees names but no emails, and no workspace sees another's.

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

/** A new person signed up on this test's gateway. */
const person = (name = 'log') => newPerson(gateway, name);
const teamWorkspace = (owner: Person, name = 'Log team') => newTeamWorkspace(owner, name);

type Entry = {
  id: string;
  kind: string;
  level: string;
  message: string;
  subjectType: string | null;
  subjectId: string | null;
  brandId: string | null;
  actor: { type: string; id: string | null; name: string; email: string | null };
};
type Page = {
  activity: {
    edges: { cursor: string; node: Entry }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

const ACTIVITY = `query ($filter: ActivityFilter, $first: Int, $after: String) {
  activity(filter: $filter, first: $first, after: $after) {
    edges { cursor node { id kind level message subjectType subjectId brandId createdAt
      actor { type id name email } } }
    pageInfo { hasNextPage endCursor } } }`;

async function entries(who: Person, workspace: string, filter: Record<string, unknown> = {}) {
  const res = await who.gql<Page>(ACTIVITY, { filter, first: 100 }, workspace);
  expect(res.errors).toBeUndefined();
  return res.data!.activity.edges.map((e) => e.node);
}

async function createBrand(owner: Person, workspace: string, name: string): Promise<string> {
  const res = await owner.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ name, aliases: [], competitors: [], keywords: ['crm tools'] }) },
    workspace,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createBrand.id;
}

describe('activity log', () => {
  it('records the team flow with its actors; a viewer sees names, never emails', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const viewer = await person('viewer');
    await join(owner, w, viewer, 'VIEWER');
    const set = await owner.gql(
      'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: MEMBER) { role } }',
      { w, u: viewer.id },
    );
    expect(set.errors).toBeUndefined();
    await owner.gql(
      'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: VIEWER) { role } }',
      { w, u: viewer.id },
    );

    const asOwner = await entries(owner, w);
    expect(asOwner.map((e) => e.kind)).toEqual([
      'member.role_changed',
      'member.role_changed',
      'member.joined',
      'invitation.created',
      'workspace.created',
    ]);
    const joined = asOwner.find((e) => e.kind === 'member.joined')!;
    expect(joined.actor).toMatchObject({ type: 'USER', id: viewer.id, email: viewer.email });
    expect(joined.actor.name).toBe(viewer.email.split('@')[0]);
    expect(asOwner[2]!.message).toBe('Joined as Viewer');
    expect(asOwner[1]!).toMatchObject({
      message: 'Changed a member’s role: Viewer → Member',
      subjectType: 'member',
      subjectId: viewer.id,
      level: 'INFO',
    });
    // The invitee's email is not in the log: the invitation row names the role only.
    expect(JSON.stringify(asOwner.find((e) => e.kind === 'invitation.created'))).not.toContain(
      viewer.email,
    );

    const asViewer = await entries(viewer, w);
    expect(asViewer.map((e) => e.id)).toEqual(asOwner.map((e) => e.id));
    expect(asViewer.every((e) => e.actor.email === null)).toBe(true);
    expect(JSON.stringify(asViewer)).not.toMatch(/@example\.com/);
    expect(asViewer.find((e) => e.kind === 'member.joined')!.actor.name).toBe(
      viewer.email.split('@')[0],
    );

    // The CSV: same rows, and the viewer's has no emails either.
    const csv = async (who: Person) => {
      const res = await fetch(`${gateway.url}/export/activity.csv`, {
        headers: { authorization: `Bearer ${who.token}`, 'x-workspace-id': w },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      return res.text();
    };
    const ownerCsv = await csv(owner);
    expect(ownerCsv.split('\n')[0]).toContain('created_at,level,kind,message');
    expect(ownerCsv).toContain(viewer.email);
    expect(ownerCsv.trim().split('\n')).toHaveLength(1 + asOwner.length);
    const viewerCsv = await csv(viewer);
    expect(viewerCsv).not.toMatch(/@example\.com/);
    expect(viewerCsv.trim().split('\n')).toHaveLength(1 + asOwner.length);
    const filtered = await fetch(
      `${gateway.url}/export/activity.csv?kinds=member.joined,workspace.created`,
      { headers: { authorization: `Bearer ${owner.token}`, 'x-workspace-id': w } },
    );
    expect((await filtered.text()).trim().split('\n')).toHaveLength(3);
  });

  it('brand changes: filters by kind, level, person, brand and date; pages newest first', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const editor = await person('editor');
    await join(owner, w, editor, 'ADMIN');
    const a = await createBrand(owner, w, 'Alpha CRM');
    const b = await createBrand(editor, w, 'Beta CRM');
    const paused = await editor.gql(
      'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { status } }',
      { id: a },
      w,
    );
    expect(paused.errors).toBeUndefined();

    const all = await entries(owner, w);
    expect(all.slice(0, 3).map((e) => [e.kind, e.brandId, e.actor.id])).toEqual([
      ['brand.paused', a, editor.id],
      ['brand.created', b, editor.id],
      ['brand.created', a, owner.id],
    ]);
    expect(all[0]!.message).toBe('Paused brand “Alpha CRM”');

    expect((await entries(owner, w, { brandId: a })).map((e) => e.kind)).toEqual([
      'brand.paused',
      'brand.created',
    ]);
    expect((await entries(owner, w, { actorId: editor.id })).map((e) => e.kind)).toEqual([
      'brand.paused',
      'brand.created',
      'member.joined',
    ]);
    expect((await entries(owner, w, { kinds: ['brand.created'] })).map((e) => e.brandId)).toEqual([
      b,
      a,
    ]);
    expect(await entries(owner, w, { levels: ['ERROR'] })).toEqual([]);
    expect(await entries(owner, w, { to: '2000-01-01T00:00:00Z' })).toEqual([]);
    expect((await entries(owner, w, { from: '2000-01-01T00:00:00Z' })).length).toBe(all.length);
    const bad = await owner.gql(
      ACTIVITY,
      { filter: { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' } },
      w,
    );
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');

    // Pages of two, newest first, with no row twice and none missed.
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const res: GqlBody<Page> = await owner.gql<Page>(ACTIVITY, { first: 2, after }, w);
      expect(res.errors).toBeUndefined();
      seen.push(...res.data!.activity.edges.map((e) => e.node.id));
      if (!res.data!.activity.pageInfo.hasNextPage) break;
      after = res.data!.activity.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('role walk: every role reads the log, its people, its CSV and its live tail; only a viewer misses emails', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const outcomes: Record<string, unknown> = {};
    for (const role of ['ADMIN', 'MEMBER', 'VIEWER'] as const) {
      const who = await person(role.toLowerCase());
      await join(owner, w, who, role);
      const list = await who.gql<Page>(ACTIVITY, { first: 100 }, w);
      const actors = await who.gql<{ activityActors: { id: string; name: string }[] }>(
        '{ activityActors { id name email } }',
        {},
        w,
      );
      const csv = await fetch(`${gateway.url}/export/activity.csv`, {
        headers: { authorization: `Bearer ${who.token}`, 'x-workspace-id': w },
      });
      const controller = new AbortController();
      const frames = sseSubscribe(
        `${gateway.url}/graphql`,
        'subscription { activityAdded { id kind } }',
        {},
        controller.signal,
        { authorization: `Bearer ${who.token}`, 'x-workspace-id': w },
      );
      const next = frames.next();
      await expect
        .poll(
          async () =>
            (
              (await gateway.deps.redis.pubsub(
                'NUMSUB',
                `${gateway.deps.env.REDIS_PREFIX}:events:activity:${w}`,
              )) as [string, number]
            )[1],
          { timeout: 30_000 },
        )
        .toBe(1);
      await owner.gql(
        'mutation ($id: ID!, $n: String!) { renameWorkspace(id: $id, name: $n) { id } }',
        { id: w, n: `Walk ${role}` },
      );
      const frame = await next;
      controller.abort();
      // The next role's stream starts on a channel nobody else holds.
      await expect
        .poll(
          async () =>
            (
              (await gateway.deps.redis.pubsub(
                'NUMSUB',
                `${gateway.deps.env.REDIS_PREFIX}:events:activity:${w}`,
              )) as [string, number]
            )[1],
          { timeout: 30_000 },
        )
        .toBe(0);
      const emails = list.data?.activity.edges.map((e) => e.node.actor.email) ?? [];
      outcomes[role] = {
        list: list.errors === undefined && emails.length > 0,
        actors: actors.errors === undefined && actors.data!.activityActors.length > 0,
        csv: csv.status,
        live: (frame.value?.data?.activityAdded as { kind?: string } | undefined)?.kind,
        emails: emails.some((e) => e !== null),
      };
    }
    expect(outcomes).toEqual({
      ADMIN: { list: true, actors: true, csv: 200, live: 'workspace.renamed', emails: true },
      MEMBER: { list: true, actors: true, csv: 200, live: 'workspace.renamed', emails: true },
      VIEWER: { list: true, actors: true, csv: 200, live: 'workspace.renamed', emails: false },
    });
  });

  it('an API key is logged as itself, by its name; creating and revoking it are logged too', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const brand = await createBrand(owner, w, 'Keyed CRM');
    const created = await owner.gql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
      'mutation { createApiKey(input: { name: "CI bot", role: MEMBER }) { secret apiKey { id } } }',
      {},
      w,
    );
    expect(created.errors).toBeUndefined();
    const { secret, apiKey } = created.data!.createApiKey;
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        query: 'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { status } }',
        variables: { id: brand },
      }),
    });
    expect(((await res.json()) as GqlBody).errors).toBeUndefined();
    const revoked = await owner.gql(
      'mutation ($id: ID!) { revokeApiKey(id: $id) { id } }',
      { id: apiKey.id },
      w,
    );
    expect(revoked.errors).toBeUndefined();
    const log = await entries(owner, w);
    expect(log.slice(0, 3).map((e) => [e.kind, e.actor.type, e.actor.name, e.actor.email])).toEqual(
      [
        ['api_key.revoked', 'USER', owner.email.split('@')[0], owner.email],
        ['brand.paused', 'API_KEY', 'CI bot', null],
        ['api_key.created', 'USER', owner.email.split('@')[0], owner.email],
      ],
    );
    expect(log[1]!.actor.id).toBe(apiKey.id);
    // The secret is nowhere in the log.
    expect(JSON.stringify(log)).not.toContain(secret);
    const [row] = await gateway.deps.db.execute<{ data: unknown }>(
      sql`select data from activity_log where workspace_id = ${w} and kind = 'api_key.created'`,
    );
    expect(JSON.stringify(row!.data)).not.toContain(secret.slice(12));
  });

  it('IDOR: another workspace’s rows never appear, its brand filters to nothing', async () => {
    const alice = await person('alice');
    const bob = await person('bob');
    const aliceW = await teamWorkspace(alice, 'Alice team');
    const bobW = await teamWorkspace(bob, 'Bob team');
    const aliceBrand = await createBrand(alice, aliceW, 'Alice CRM');
    await createBrand(bob, bobW, 'Bob CRM');
    const bobs = await entries(bob, bobW);
    expect(bobs.length).toBeGreaterThan(0);
    expect(JSON.stringify(bobs)).not.toContain(aliceBrand);
    expect(JSON.stringify(bobs)).not.toContain('Alice');
    expect(await entries(bob, bobW, { brandId: aliceBrand })).toEqual([]);
    // Bob naming Alice's workspace is not let in at all.
    expect(codeOf(await bob.gql(ACTIVITY, {}, aliceW))).toBe('NOT_FOUND');
    const csv = await fetch(`${gateway.url}/export/activity.csv`, {
      headers: { authorization: `Bearer ${bob.token}`, 'x-workspace-id': aliceW },
    });
    expect(csv.status).toBe(404);
    // A malformed person id is refused, not cast.
    expect(codeOf(await bob.gql(ACTIVITY, { filter: { actorId: 'nope' } }, bobW))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('same transaction: a mutation whose commit fails leaves neither its change nor its row', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner, 'Before');
    // Fails at commit, after both the rename and its log row were written.
    await gateway.deps.db.execute(sql`
      create or replace function activity_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.data->'name'->>'to' = 'Doomed' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await gateway.deps.db.execute(sql`
      create constraint trigger activity_test_refuse after insert on activity_log
      deferrable initially deferred for each row execute function activity_test_refuse()`);
    try {
      const res = await owner.gql(
        'mutation ($id: ID!) { renameWorkspace(id: $id, name: "Doomed") { name } }',
        { id: w },
      );
      expect(codeOf(res)).toBe('INTERNAL_SERVER_ERROR');
      const [row] = await gateway.deps.db.execute<{ name: string }>(
        sql`select name from workspaces where id = ${w}`,
      );
      expect(row!.name).toBe('Before');
      const logged = await gateway.deps.db.execute(
        sql`select 1 from activity_log where workspace_id = ${w} and kind = 'workspace.renamed'`,
      );
      expect(logged).toHaveLength(0);
      // Another name passes the same trigger: the change and its row commit together.
      const ok = await owner.gql<{ renameWorkspace: { name: string } }>(
        'mutation ($id: ID!) { renameWorkspace(id: $id, name: "After") { name } }',
        { id: w },
      );
      expect(ok.data!.renameWorkspace.name).toBe('After');
      expect((await entries(owner, w, { kinds: ['workspace.renamed'] })).length).toBe(1);
    } finally {
      await gateway.deps.db.execute(sql`drop trigger activity_test_refuse on activity_log`);
      await gateway.deps.db.execute(sql`drop function activity_test_refuse()`);
    }
  });

  it('activityAdded: an open stream receives the next entry of its workspace only', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const other = await person('other');
    const otherW = await teamWorkspace(other);
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { activityAdded { id kind message actor { name email } } }',
      {},
      controller.signal,
      { authorization: `Bearer ${owner.token}`, 'x-workspace-id': w },
    );
    const first = frames.next();
    // The stream is open once the gateway holds its channel; then the other workspace and
    // this one each change.
    await expect
      .poll(
        async () =>
          (
            await gateway.deps.redis.pubsub(
              'NUMSUB',
              `${gateway.deps.env.REDIS_PREFIX}:events:activity:${w}`,
            )
          )[1],
        { timeout: 30_000 },
      )
      .toBe(1);
    await createBrand(other, otherW, 'Elsewhere');
    await createBrand(owner, w, 'Live CRM');
    const frame = await first;
    controller.abort();
    expect(frame.value?.errors).toBeUndefined();
    expect(frame.value?.data?.activityAdded).toMatchObject({
      kind: 'brand.created',
      message: 'Created brand “Live CRM”',
      actor: { name: owner.email.split('@')[0], email: owner.email },
    });
  });

  it('job outcomes: a failed run writes an error row by Lumen in the failure’s transaction', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const brand = await createBrand(owner, w, 'Failing CRM');
    const run = await owner.gql<{ startRun: { id: string } }>(
      'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
      { b: brand },
      w,
    );
    expect(run.errors).toBeUndefined();
    const runId = run.data!.startRun.id;
    const workspace = await gateway.deps.db.transaction(async (tx) => {
      expect(await failRun(tx, runId, 'The engines were away.')).toBe(true);
      return recordJobOutcome(tx, 'run.failed', runId, { message: 'The engines were away.' });
    });
    expect(workspace).toBe(w);
    const [entry] = await entries(owner, w, { levels: ['ERROR'] });
    expect(entry).toMatchObject({
      kind: 'run.failed',
      level: 'ERROR',
      message: 'Run of “Failing CRM” failed',
      subjectType: 'run',
      subjectId: runId,
      brandId: brand,
      actor: { type: 'SYSTEM', id: null, name: 'Lumen', email: null },
    });
  });

  it('retention: rows older than the cut-off are pruned, newer ones stay', async () => {
    const owner = await person('owner');
    const w = await teamWorkspace(owner);
    const old = await recordActivity(gateway.deps.db, {
      workspaceId: w,
      actor: { type: 'system', id: null, name: 'Lumen' },
      kind: 'test.old',
      message: 'Long ago',
      subjectType: 'workspace',
      subjectId: w,
    });
    await gateway.deps.db.execute(
      sql`update activity_log set created_at = now() - interval '91 days' where id = ${old}`,
    );
    const pruned = await pruneActivity(
      gateway.deps.db,
      new Date(Date.now() - 90 * 24 * 60 * 60 * 1000),
    );
    expect(pruned).toBeGreaterThanOrEqual(1);
    const kinds = (await entries(owner, w)).map((e) => e.kind);
    expect(kinds).toEqual(['workspace.created']);
  });
});
