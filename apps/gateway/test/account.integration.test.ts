import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf, type GqlBody } from './brand-helpers';

// Settings → Profile and Plan and usage: a person's own account (docs/security.md, "Deleting an
// account") and what the workspace used against its plan (docs/brands.md, "Answer quota").

let gateway: RunningGateway;
let anonKey: string;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  anonKey = (
    (await (await fetch(`${gateway.url}/config.json`)).json()) as { supabaseAnonKey: string }
  ).supabaseAnonKey;
});

afterAll(async () => {
  await gateway?.close();
});

type Tokens = { access_token: string; refresh_token: string };

async function auth(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${gateway.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signUp(name = 'account') {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await auth('/signup', { email, password: 'correct horse battery' });
  const tokens = (await res.json()) as Tokens;
  expect(tokens.access_token).toBeTruthy();
  const gql = async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    token = tokens.access_token,
    workspace?: string,
  ): Promise<GqlBody<T>> => {
    const r = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(workspace ? { 'x-workspace-id': workspace } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await r.json()) as GqlBody<T>;
  };
  const me = await gql<{ me: { id: string; workspaces: { id: string; personal: boolean }[] } }>(
    '{ me { id workspaces { id personal } } }',
  );
  const id = me.data!.me.id;
  const personal = me.data!.me.workspaces.find((w) => w.personal)!.id;
  return { id, email, tokens, personal, gql };
}

const DELETE = 'mutation ($c: String!) { deleteAccount(confirmation: $c) }';

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await gateway.deps.db.execute<{ n: number }>(query);
  return rows[0]!.n;
}

describe('profile', () => {
  it('sets, shows and clears a display name; members see it', async () => {
    const ada = await signUp('ada');
    const set = await ada.gql<{ updateProfile: { displayName: string | null } }>(
      'mutation ($n: String) { updateProfile(input: { displayName: $n }) { id displayName } }',
      { n: '  Ada Lovelace ' },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.updateProfile.displayName).toBe('Ada Lovelace');
    const me = await ada.gql<{ me: { displayName: string } }>('{ me { displayName } }');
    expect(me.data!.me.displayName).toBe('Ada Lovelace');
    const members = await ada.gql<{
      currentWorkspace: { members: { user: { id: string; displayName: string | null } }[] };
    }>('{ currentWorkspace { members { user { id displayName } } } }');
    expect(members.data!.currentWorkspace.members).toEqual([
      { user: { id: ada.id, displayName: 'Ada Lovelace' } },
    ]);
    const cleared = await ada.gql<{ updateProfile: { displayName: string | null } }>(
      'mutation { updateProfile(input: { displayName: "" }) { displayName } }',
    );
    expect(cleared.data!.updateProfile.displayName).toBeNull();
  });

  it('refuses a display name of more than one line or 80 characters, and keeps the old one', async () => {
    const bob = await signUp('bob');
    await bob.gql('mutation { updateProfile(input: { displayName: "Bob" }) { id } }');
    for (const name of ['x'.repeat(81), 'two\nlines']) {
      const res = await bob.gql(
        'mutation ($n: String) { updateProfile(input: { displayName: $n }) { id } }',
        { n: name },
      );
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    const me = await bob.gql<{ me: { displayName: string } }>('{ me { displayName } }');
    expect(me.data!.me.displayName).toBe('Bob');
  });

  it('needs a signed-in person', async () => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { updateProfile(input: {}) { id } }' }),
    });
    expect(codeOf((await res.json()) as GqlBody)).toBe('UNAUTHENTICATED');
  });
});

describe('deleting an account', () => {
  it('deletes the account, its personal workspace and everything in it; the token stops working', async () => {
    const cy = await signUp('cy');
    const brand = await cy.gql<{ createBrand: { id: string } }>(
      'mutation ($i: BrandInput!) { createBrand(input: $i) { id } }',
      { i: baseInput({ name: `Cy ${randomUUID().slice(0, 6)}` }) },
    );
    expect(brand.errors).toBeUndefined();
    const wrong = await cy.gql(DELETE, { c: 'someone@else.example' });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(
      await count(sql`select count(*)::int as n from brands where workspace_id = ${cy.personal}`),
    ).toBe(1);

    const done = await cy.gql<{ deleteAccount: string }>(DELETE, { c: cy.email.toUpperCase() });
    expect(done.errors).toBeUndefined();
    expect(done.data!.deleteAccount).toBe(cy.id);
    expect(
      await count(sql`select count(*)::int as n from workspaces where id = ${cy.personal}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from brands where workspace_id = ${cy.personal}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from profiles where user_id = ${cy.id}`)).toBe(
      0,
    );
    expect(await count(sql`select count(*)::int as n from auth_users where id = ${cy.id}`)).toBe(0);
    // The very next request with the old token is refused, and so is signing in.
    expect(codeOf(await cy.gql('{ me { id } }'))).toBe('UNAUTHENTICATED');
    const signIn = await auth('/token?grant_type=password', {
      email: cy.email,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(400);
  });

  it('is refused while the person is the last owner of a workspace where others work, with its name', async () => {
    const owner = await signUp('owner');
    const colleague = await signUp('colleague');
    const created = await owner.gql<{ createWorkspace: { id: string } }>(
      'mutation { createWorkspace(name: "Client Acme") { id } }',
    );
    const team = created.data!.createWorkspace.id;
    const invited = await owner.gql<{ inviteMember: { acceptUrl: string } }>(
      'mutation ($w: ID!, $e: String!) { inviteMember(workspaceId: $w, email: $e, role: MEMBER) { acceptUrl } }',
      { w: team, e: colleague.email },
    );
    const token = invited.data!.inviteMember.acceptUrl.split('/').pop();
    const accepted = await colleague.gql(
      'mutation ($t: String!) { acceptInvitation(token: $t) { id } }',
      {
        t: token,
      },
    );
    expect(accepted.errors).toBeUndefined();

    const refused = await owner.gql(DELETE, { c: owner.email });
    expect(codeOf(refused)).toBe('LAST_OWNER');
    expect(refused.errors![0]!.message).toContain('“Client Acme”');
    expect(
      await count(sql`select count(*)::int as n from profiles where user_id = ${owner.id}`),
    ).toBe(1);

    // Ownership passed on: now the account can go, and the team stays with its new owner.
    const transferred = await owner.gql(
      'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: OWNER) { role } }',
      { w: team, u: colleague.id },
    );
    expect(transferred.errors).toBeUndefined();
    const done = await owner.gql(DELETE, { c: owner.email });
    expect(done.errors).toBeUndefined();
    const members = await colleague.gql<{
      currentWorkspace: { members: { user: { id: string }; role: string }[] };
    }>('{ currentWorkspace { members { user { id } role } } }', {}, undefined, team);
    expect(members.data!.currentWorkspace.members).toEqual([
      { user: { id: colleague.id }, role: 'OWNER' },
    ]);
  });

  it('needs a sign-in of the last 10 minutes', async () => {
    const dee = await signUp('dee');
    // The session began 11 minutes ago; a refreshed token keeps that sign-in time.
    await gateway.deps.db.execute(
      sql`update auth_sessions set created_at = now() - interval '11 minutes' where user_id = ${dee.id}`,
    );
    const refreshed = await auth('/token?grant_type=refresh_token', {
      refresh_token: dee.tokens.refresh_token,
    });
    const old = (await refreshed.json()) as Tokens;
    expect(old.access_token).toBeTruthy();
    const refused = await dee.gql(DELETE, { c: dee.email }, old.access_token);
    expect(codeOf(refused)).toBe('REAUTHENTICATION_REQUIRED');
    expect(await count(sql`select count(*)::int as n from auth_users where id = ${dee.id}`)).toBe(
      1,
    );

    // Signing in again with the password makes it recent.
    const again = await auth('/token?grant_type=password', {
      email: dee.email,
      password: 'correct horse battery',
    });
    const fresh = (await again.json()) as Tokens;
    const done = await dee.gql(DELETE, { c: dee.email }, fresh.access_token);
    expect(done.errors).toBeUndefined();
  });
});

describe('plan and usage', () => {
  const USAGE = `query ($m: String) { currentWorkspace { usage(month: $m) {
    month resetsOn answers paidAnswers brands prompts seats
    byEngine { engine label answers paid }
    limits { answersPerMonth brands prompts seats } } } }`;
  type Usage = {
    month: string;
    resetsOn: string;
    answers: number;
    paidAnswers: number;
    brands: number;
    prompts: number;
    seats: number;
    byEngine: { engine: string; label: string; answers: number; paid: boolean }[];
    limits: { answersPerMonth: number; brands: number; prompts: number; seats: number };
  };

  it('counts the month’s answers per engine as the quota does, with brands, prompts and seats', async () => {
    const eve = await signUp('eve');
    const brand = await eve.gql<{ createBrand: { id: string } }>(
      'mutation ($i: BrandInput!) { createBrand(input: $i) { id } }',
      { i: baseInput({ name: `Eve ${randomUUID().slice(0, 6)}` }) },
    );
    const brandId = brand.data!.createBrand.id;
    const db = gateway.deps.db;
    const [run] = await db.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status)
      values (${eve.personal}, ${brandId}, 'manual', 'COMPLETED') returning id`);
    const lastMonth = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 hour'`;
    const [oldRun] = await db.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, created_at)
      values (${eve.personal}, ${brandId}, 'manual', 'COMPLETED', ${lastMonth}) returning id`);
    const answer = (engine: string, error: string | null, runId = run!.id, at = sql`now()`) => sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, sample, text, error, created_at)
      values (${eve.personal}, ${runId}, ${randomUUID()}, ${engine}, 1, 'text', ${error}, ${at})`;
    for (const q of [
      answer('openai', null),
      answer('openai', null),
      answer('openai', 'rate limited'), // an engine error costs nothing and is not counted
      answer('local-gpt', null),
      answer('anthropic', null, oldRun!.id, lastMonth), // last month
    ]) {
      await db.execute(q);
    }

    const res = await eve.gql<{ currentWorkspace: { usage: Usage } }>(USAGE);
    expect(res.errors).toBeUndefined();
    const usage = res.data!.currentWorkspace.usage;
    const now = new Date();
    expect(usage.month).toBe(now.toISOString().slice(0, 7));
    expect(usage.resetsOn).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
    );
    expect(usage.byEngine.map(({ engine, answers, paid }) => ({ engine, answers, paid }))).toEqual([
      { engine: 'openai', answers: 2, paid: true },
      { engine: 'local-gpt', answers: 1, paid: false },
    ]);
    expect(usage).toMatchObject({ answers: 3, paidAnswers: 2, brands: 1, seats: 1 });
    expect(usage.prompts).toBeGreaterThanOrEqual(0);
    expect(usage.limits.answersPerMonth).toBeGreaterThan(0);

    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const before = await eve.gql<{ currentWorkspace: { usage: Usage } }>(USAGE, {
      m: last.toISOString().slice(0, 7),
    });
    expect(before.data!.currentWorkspace.usage.byEngine.map((e) => e.engine)).toEqual([
      'anthropic',
    ]);
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const fay = await signUp('fay');
    const res = await fay.gql(USAGE, { m: '2026-13' });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
  });

  it('shows another workspace’s usage to nobody outside it', async () => {
    const gus = await signUp('gus');
    const hal = await signUp('hal');
    const res = await hal.gql(USAGE, {}, hal.tokens.access_token, gus.personal);
    expect(codeOf(res)).toBe('NOT_FOUND');
  });
});
