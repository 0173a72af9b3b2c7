import { inspect } from 'node:util';
import { loadEnv } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import { TEAM_ACTIONS } from '@lumen/domain/auth/membership-rules';
import { roleAllows, type WorkspaceAbility } from '@lumen/domain/auth/workspace-roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf, type GqlBody, signUp } from './brand-helpers';
import { operationFor, rootFields, scopeOf, takesId } from './root-fields';
import { sseSubscribe } from './sse';

// Workspace API keys through the running gateway (docs/api.md, docs/security.md "API keys"):
// a key is a member with its role in its own workspace, on /graphql (HTTP and SSE) and the CSV
// exports; revoked and expired keys are refused on the next request; each key has its limit.

let gateway: RunningGateway;
/** Another gateway on the same database: production (introspection off) and a small limit. */
let production: RunningGateway;
const RATE_LIMIT = 5;
/** Every logger call of both gateways, to look for secrets in. */
const logged: string[] = [];

function recordingLogger(): Logger {
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      logged.push(`${level} ${args.map((a) => inspect(a, { depth: 8 })).join(' ')}`);
    };
  const logger: Record<string, unknown> = { level: 'trace' };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    logger[level] = record(level);
  }
  logger.child = () => logger;
  logger.isLevelEnabled = () => true;
  return logger as unknown as Logger;
}

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  gateway.deps.logger = recordingLogger();
  production = await startGateway(
    loadEnv({
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      LOCAL_AUTH: '1',
      SUPABASE_URL: '',
      OPERATOR_PASSWORD: 'a-long-operator-password',
      API_KEY_RATE_LIMIT: String(RATE_LIMIT),
    }),
    { webDist: null },
  );
  production.deps.logger = recordingLogger();
});

afterAll(async () => {
  await Promise.all([gateway?.close(), production?.close()]);
});

type Ask = <T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<GqlBody<T> & { status: number; headers: Headers; text: string }>;

function asker(bearer: string, workspace?: string, on = () => gateway): Ask {
  return async <T>(query: string, variables = {}, headers = {}) => {
    const res = await fetch(`${on().url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${bearer}`,
        ...(workspace ? { 'x-workspace-id': workspace } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    return { ...(JSON.parse(text) as GqlBody<T>), status: res.status, headers: res.headers, text };
  };
}

type Owner = { ask: Ask; workspace: string; userId: string };

async function owner(): Promise<Owner> {
  const token = await signUp(gateway);
  const ask = asker(token);
  const me = await ask<{ me: { id: string; workspaces: { id: string; personal: boolean }[] } }>(
    '{ me { id workspaces { id personal } } }',
  );
  const workspace = me.data!.me.workspaces.find((w) => w.personal)!.id;
  return { ask: asker(token, workspace), workspace, userId: me.data!.me.id };
}

/** A person with `role` in the owner's workspace, asking there. */
async function memberOf(o: Owner, role: 'viewer' | 'member' | 'admin'): Promise<Ask> {
  const token = await signUp(gateway);
  const me = await asker(token)<{ me: { id: string } }>('{ me { id } }');
  await gateway.deps.db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role)
        values (${o.workspace}, ${me.data!.me.id}, ${role})`,
  );
  return asker(token, o.workspace);
}

const KEY_FIELDS = 'id name role prefix createdAt expiresAt lastUsedAt lastUsedAddress revokedAt';
const CREATE = `mutation ($input: ApiKeyInput!) {
  createApiKey(input: $input) { secret apiKey { ${KEY_FIELDS} } } }`;
const LIST = `{ apiKeys { ${KEY_FIELDS} } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiKey(id: $id) { ${KEY_FIELDS} } }`;

type Key = {
  id: string;
  name: string;
  role: string;
  prefix: string;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
};

async function createKey(
  o: Owner,
  role: 'VIEWER' | 'MEMBER' | 'ADMIN',
  extra: Record<string, unknown> = {},
): Promise<{ secret: string; apiKey: Key }> {
  const res = await o.ask<{ createApiKey: { secret: string; apiKey: Key } }>(CREATE, {
    input: { name: `${role} key`, role, ...extra },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.createApiKey;
}

const secrets: string[] = [];
/** Every body read after a key's creation, to look for its secret in. */
const bodies: string[] = [];

describe('managing keys', () => {
  it('shows the secret once, stores its hash, lists the prefix and refuses OWNER', async () => {
    const o = await owner();
    const { secret, apiKey } = await createKey(o, 'VIEWER', {
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    secrets.push(secret);
    expect(secret).toMatch(/^lumen_sk_[0-9A-Za-z]{49}$/);
    expect(apiKey).toMatchObject({ name: 'VIEWER key', role: 'VIEWER', revokedAt: null });
    expect(apiKey.prefix).toBe(secret.slice(0, 17));
    const [stored] = (await gateway.deps.db.execute(
      sql`select secret_hash from api_keys where id = ${apiKey.id}`,
    )) as unknown as { secret_hash: string }[];
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(secret.slice(9));

    const list = await o.ask<{ apiKeys: Key[] }>(LIST);
    bodies.push(list.text);
    expect(list.data!.apiKeys.map((k) => k.id)).toEqual([apiKey.id]);

    const refused = await o.ask(CREATE, { input: { name: 'x', role: 'OWNER' } });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    const past = await o.ask(CREATE, {
      input: { name: 'x', role: 'MEMBER', expiresAt: new Date(0).toISOString() },
    });
    expect(codeOf(past)).toBe('BAD_USER_INPUT');
  });

  it('lets owners and admins manage keys, not members or viewers', async () => {
    const o = await owner();
    const outcome: Record<string, boolean> = {};
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const ask = await memberOf(o, role);
      outcome[role] = codeOf(await ask(LIST)) !== 'FORBIDDEN';
      expect(
        codeOf(await ask(CREATE, { input: { name: 'x', role: 'VIEWER' } })) !== 'FORBIDDEN',
      ).toBe(outcome[role]);
    }
    outcome.owner = codeOf(await o.ask(LIST)) !== 'FORBIDDEN';
    expect(outcome).toEqual(
      Object.fromEntries(
        ['admin', 'member', 'viewer', 'owner'].map((r) => [
          r,
          (TEAM_ACTIONS.manageApiKeys as readonly string[]).includes(r),
        ]),
      ),
    );
  });
});

describe('a key acts as a member with its role', () => {
  const guarded = rootFields().filter(
    (f) => f.root !== 'Subscription' && scopeOf(f.field) !== 'public',
  );

  // The walk of src/auth-scopes.test.ts, through the real gateway and database: a key of each
  // role and a person of the same role ask every guarded root field in twin workspaces and get
  // the same answer codes; only a person's own fields refuse a key: the `user` and `person`
  // scopes (a person's own email preferences: keys have no mailbox).
  for (const role of ['VIEWER', 'MEMBER', 'ADMIN'] as const) {
    it(`as ${role}`, async () => {
      const lower = role.toLowerCase() as 'viewer' | 'member' | 'admin';
      const forKey = await owner();
      const forPerson = await owner();
      const key = asker((await createKey(forKey, role)).secret);
      const person = await memberOf(forPerson, lower);
      const differences: string[] = [];
      const wrong: string[] = [];
      for (const entry of guarded) {
        const { query, variables } = operationFor(entry, '00000000-0000-4000-8000-000000000000');
        const byKey = codeOf(await key(query, variables)) ?? 'OK';
        const byPerson = codeOf(await person(query, variables)) ?? 'OK';
        const scope = scopeOf(entry.field);
        const own = scope === 'user' || scope === 'person';
        const expected = own ? 'FORBIDDEN' : byPerson;
        if (byKey !== expected)
          differences.push(`${entry.field.name}: key ${byKey}, person ${byPerson}`);
        const allowed = !own && roleAllows(lower, scope as WorkspaceAbility);
        if ((byKey === 'FORBIDDEN') === allowed) wrong.push(`${entry.field.name}: ${byKey}`);
      }
      expect(differences).toEqual([]);
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it('is told why a person’s own fields refuse it', async () => {
    const key = asker((await createKey(await owner(), 'ADMIN')).secret);
    for (const query of ['{ me { id } }', '{ notificationPreferences { saved } }']) {
      const res = await key(query);
      expect(res.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      expect(res.errors?.[0]?.message, query).toBe(
        'An API key acts for its workspace, not for a person: sign in to do this.',
      );
    }
  });

  it('reads its own workspace and nothing of another (the IDOR walk)', async () => {
    const a = await owner();
    const b = await owner();
    const brand = await a.ask<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: baseInput({ name: 'Idor Secret Brand', competitors: [{ name: 'Contoso' }] }) },
    );
    expect(brand.errors).toBeUndefined();
    const brandId = brand.data!.createBrand.id;
    const keyA = asker((await createKey(a, 'VIEWER')).secret);
    const mine = await keyA<{ brands: { id: string }[] }>('{ brands { id } }');
    expect(mine.data!.brands.map((x) => x.id)).toEqual([brandId]);

    const keyB = asker((await createKey(b, 'ADMIN')).secret);
    const personB = await memberOf(b, 'admin');
    // Asking in A's workspace: the same NOT_FOUND a person of B gets.
    const inA = await keyB('{ brands { id } }', {}, { 'x-workspace-id': a.workspace });
    expect(codeOf(inA)).toBe('NOT_FOUND');
    expect(codeOf(await personB('{ brands { id } }', {}, { 'x-workspace-id': a.workspace }))).toBe(
      'NOT_FOUND',
    );
    // Every root field that takes an id, with A's brand id: the answers of B's admin, never A's data.
    const differences: string[] = [];
    for (const entry of rootFields().filter((f) => f.root !== 'Subscription' && takesId(f.field))) {
      const { query, variables } = operationFor(entry, brandId);
      const byKey = await keyB(query, variables);
      const byPerson = await personB(query, variables);
      if (byKey.text.includes('Idor Secret Brand')) differences.push(`${entry.field.name}: leaked`);
      const own = ['user', 'person'].includes(scopeOf(entry.field));
      const expected = own ? 'FORBIDDEN' : (codeOf(byPerson) ?? 'OK');
      if ((codeOf(byKey) ?? 'OK') !== expected)
        differences.push(`${entry.field.name}: ${byKey.text}`);
    }
    expect(differences).toEqual([]);
    const still = await a.ask<{ brand: { name: string } | null }>(
      'query ($id: ID!) { brand(id: $id) { name } }',
      { id: brandId },
    );
    expect(still.data!.brand?.name).toBe('Idor Secret Brand');
  }, 120_000);

  it('exports CSV for its own brands and NOT_FOUND for another workspace’s', async () => {
    const a = await owner();
    const brand = await a.ask<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: baseInput() },
    );
    const brandId = brand.data!.createBrand.id;
    const { secret } = await createKey(a, 'VIEWER');
    const other = await createKey(await owner(), 'ADMIN');
    const get = (bearer: string) =>
      fetch(`${gateway.url}/export/metrics.csv?brandId=${brandId}&from=2026-01-01&to=2026-01-31`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
    const own = await get(secret);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(own.headers.get('ratelimit-limit')).toBe('600');
    expect((await get(other.secret)).status).toBe(404);
    const revoked = await a.ask(REVOKE, {
      id: (await a.ask<{ apiKeys: Key[] }>(LIST)).data!.apiKeys[0]!.id,
    });
    expect(revoked.errors).toBeUndefined();
    expect((await get(secret)).status).toBe(401);
  });

  it('notes its last use (time and address)', async () => {
    const o = await owner();
    const { secret, apiKey } = await createKey(o, 'VIEWER');
    expect(apiKey.lastUsedAt).toBeNull();
    await asker(secret)('{ brands { id } }');
    await expect
      .poll(async () => (await o.ask<{ apiKeys: Key[] }>(LIST)).data!.apiKeys[0], {
        timeout: 30_000,
      })
      .toMatchObject({ lastUsedAt: expect.any(String), lastUsedAddress: expect.any(String) });
  });
});

describe('refusals', () => {
  it('refuses a revoked key on the very next request, and ends its open stream', async () => {
    const o = await owner();
    const { secret, apiKey } = await createKey(o, 'MEMBER');
    secrets.push(secret);
    const key = asker(secret);
    const before = await key('{ brands { id } }');
    bodies.push(before.text);
    expect(before.errors).toBeUndefined();

    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { opportunityCounts { status count } }',
      {},
      controller.signal,
      { authorization: `Bearer ${secret}` },
    );
    const first = await frames.next();
    expect(first.value?.errors).toBeUndefined();

    const revoked = await o.ask<{ revokeApiKey: Key }>(REVOKE, { id: apiKey.id });
    bodies.push(revoked.text);
    expect(revoked.data!.revokeApiKey.revokedAt).not.toBeNull();
    const after = await key('{ brands { id } }');
    bodies.push(after.text);
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(after.errors![0]!.message).toBe('This API key has been revoked.');

    const ended = await frames.next();
    expect(ended.done || ended.value?.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED').toBe(
      true,
    );
    controller.abort();
    // Revoking again keeps the first time; another workspace's key is NOT_FOUND.
    const again = await o.ask<{ revokeApiKey: Key }>(REVOKE, { id: apiKey.id });
    expect(again.data!.revokeApiKey.revokedAt).toBe(revoked.data!.revokeApiKey.revokedAt);
    expect(codeOf(await (await owner()).ask(REVOKE, { id: apiKey.id }))).toBe('NOT_FOUND');
  });

  it('refuses an expired key with UNAUTHENTICATED', async () => {
    const o = await owner();
    const { secret, apiKey } = await createKey(o, 'VIEWER', {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await asker(secret)('{ brands { id } }')).errors).toBeUndefined();
    // The hour has passed: the stored expiry is moved, not the clock.
    await gateway.deps.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${apiKey.id}`,
    );
    const after = await asker(secret)('{ brands { id } }');
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(after.errors![0]!.message).toBe('This API key has expired.');
  });

  it('refuses a mistyped or unknown key before GraphQL runs', async () => {
    const o = await owner();
    const { secret } = await createKey(o, 'VIEWER');
    const typo = `${secret.slice(0, 20)}${secret[20] === 'a' ? 'b' : 'a'}${secret.slice(21)}`;
    const res = await asker(typo)('{ brands { id } }');
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('rate limit and introspection (production)', () => {
  it('answers RateLimit-* headers, then 429 with Retry-After and RATE_LIMITED', async () => {
    const o = await owner();
    const { secret } = await createKey(o, 'VIEWER');
    secrets.push(secret);
    const key = asker(secret, undefined, () => production);
    const seen: string[] = [];
    for (let i = 1; i <= RATE_LIMIT; i++) {
      const res = await key('{ brands { id } }');
      bodies.push(res.text);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
      seen.push(res.headers.get('ratelimit-remaining')!);
      const reset = Number(res.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0']);
    const limited = await key('{ brands { id } }');
    expect(limited.status).toBe(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    // Another key of the same workspace has its own budget.
    const other = asker((await createKey(o, 'VIEWER')).secret, undefined, () => production);
    expect((await other('{ brands { id } }')).status).toBe(200);
  });

  it('lets a key introspect while a browser cannot, and serves the printed schema', async () => {
    const o = await owner();
    const { secret } = await createKey(o, 'VIEWER');
    const query = '{ __schema { queryType { name } } }';
    const byKey = await asker(secret, undefined, () => production)(query);
    expect(byKey.errors).toBeUndefined();
    expect(byKey.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const res = await fetch(`${production.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    expect(((await res.json()) as GqlBody).errors?.length).toBeGreaterThan(0);

    const sdl = await fetch(`${production.url}/graphql/schema.graphql`);
    expect(sdl.status).toBe(200);
    const text = await sdl.text();
    expect(text).toContain('createApiKey(input: ApiKeyInput!): ApiKeyWithSecret!');
    expect(text).toContain('revokeApiKey(id: ID!): ApiKey!');
  });
});

describe('secrets stay secret', () => {
  it('never logs a secret or returns it after creation', () => {
    expect(secrets.length).toBeGreaterThan(2);
    expect(bodies.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      for (const line of [...logged, ...bodies]) expect(line).not.toContain(secret.slice(9));
    }
  });
});
