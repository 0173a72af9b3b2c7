import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../server';
import { createTokenVerifier, UnauthenticatedError } from '../verify-token';

// supabase-js 2.80 (the web app's client) against local auth mode, through the real gateway.

let gateway: RunningGateway;
let anonKey: string;

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    // The Google stand-in flow below; opt-in, and on loopback only.
    AUTH_STAND_INS: '1',
  });
  gateway = await startGateway(env, { webDist: null });
  const config = (await (await fetch(`${gateway.url}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  expect(config.supabaseUrl).toBe(gateway.url);
  anonKey = config.supabaseAnonKey;
});

afterAll(async () => {
  await gateway?.close();
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

function client(): SupabaseClient {
  return createClient(gateway.url, anonKey, {
    auth: {
      storage: memoryStorage(),
      storageKey: 'lumen-auth-token',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: 'pkce',
    },
  });
}

const email = () => `user-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery';

type GqlBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};

async function gql(query: string, token?: string): Promise<GqlBody> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as GqlBody;
}

const ME = '{ me { id email createdAt workspaces { id name role plan } } }';

describe('local auth through supabase-js', () => {
  it('signs up and returns a session right away (local mode autoconfirms)', async () => {
    const supabase = client();
    const address = email();
    const { data, error } = await supabase.auth.signUp({ email: address, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user).toMatchObject({
      email: address,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]?.provider).toBe('email');
  });

  it('refuses a duplicate sign-up', async () => {
    const address = email();
    expect((await client().auth.signUp({ email: address, password: PASSWORD })).error).toBeNull();
    const { data, error } = await client().auth.signUp({
      email: address.toUpperCase(),
      password: PASSWORD,
    });
    expect(data.session).toBeNull();
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
  });

  it('refuses a weak password', async () => {
    const { data, error } = await client().auth.signUp({ email: email(), password: 'short' });
    expect(data.session).toBeNull();
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    const wrong = await client().auth.signInWithPassword({
      email: address,
      password: 'not it at all',
    });
    const unknown = await client().auth.signInWithPassword({ email: email(), password: PASSWORD });
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.status).toBe(400);
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('signs in, and `me` returns the user with a personal workspace', async () => {
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    const token = data.session?.access_token as string;
    const body = await gql(ME, token);
    expect(body.errors).toBeUndefined();
    const me = body.data?.me as {
      id: string;
      email: string;
      createdAt: string;
      workspaces: { id: string; name: string; role: string; plan: string }[];
    };
    expect(me.id).toBe(data.user?.id);
    expect(me.email).toBe(address);
    expect(Number.isNaN(Date.parse(me.createdAt))).toBe(false);
    expect(me.workspaces).toHaveLength(1);
    expect(me.workspaces[0]).toMatchObject({
      role: 'OWNER',
      name: `${address.split('@')[0]}'s workspace`,
    });
    // getUser goes to GET /auth/v1/user with the access token.
    const user = await supabase.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(address);
  });

  it('rotates refresh tokens: a spent one whose successor moved on revokes the session', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signUp({ email: email(), password: PASSWORD });
    const first = data.session?.refresh_token as string;
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session?.refresh_token as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await gql(ME, refreshed.data.session?.access_token)).errors).toBeUndefined();
    const third = (await supabase.auth.refreshSession()).data.session?.refresh_token as string;
    expect(third).toBeTruthy();

    // `first` is no longer the parent of the live token: no grace (refresh-tokens.integration.test.ts).
    const reused = await client().auth.refreshSession({ refresh_token: first });
    expect(reused.data.session).toBeNull();
    expect(reused.error?.code).toBe('refresh_token_already_used');
    // A spent token coming back means it leaked: the live token dies with the session.
    const successor = await client().auth.refreshSession({ refresh_token: third });
    expect(successor.error?.code).toBe('refresh_token_not_found');
  });

  it('signs out: the refresh token and the session are then refused', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signUp({ email: email(), password: PASSWORD });
    const refreshToken = data.session?.refresh_token as string;
    const accessToken = data.session?.access_token as string;
    const { error } = await supabase.auth.signOut();
    expect(error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();

    const again = await client().auth.refreshSession({ refresh_token: refreshToken });
    expect(again.data.session).toBeNull();
    expect(again.error?.code).toBe('refresh_token_not_found');
    const user = await fetch(`${gateway.url}/auth/v1/user`, {
      headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });

  it('completes the Google stand-in PKCE flow like the real provider', async () => {
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: `${gateway.url}/auth/callback`,
        queryParams: { access_type: 'offline', prompt: 'consent' },
      },
    });
    expect(error).toBeNull();
    const authorize = await fetch(data.url as string, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const pageUrl = new URL(authorize.headers.get('location') as string, data.url as string);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Offline stand-in');
    expect(html).toContain('Google');
    const state = /name="state" value="([^"]+)"/.exec(html)?.[1] as string;
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] as string, gateway.url);
    const address = email();
    const callback = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: address }),
    });
    expect(callback.status).toBe(302);
    const landed = new URL(callback.headers.get('location') as string);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${gateway.url}/auth/callback`);
    const code = landed.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);
    expect(exchanged.data.user?.app_metadata).toMatchObject({ provider: 'google' });
    const me = await gql(ME, exchanged.data.session?.access_token);
    expect(me.data?.me).toMatchObject({ email: address });

    // The code is single-use.
    const replay = await fetch(`${gateway.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(replay.status).toBe(404);
    expect(((await replay.json()) as { error_code: string }).error_code).toBe(
      'flow_state_not_found',
    );
  });

  it('refuses a PKCE exchange with the wrong code verifier', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'facebook',
      options: { redirectTo: `${gateway.url}/auth/callback` },
    });
    const pageUrl = (await fetch(data.url as string, { redirect: 'manual' })).headers.get(
      'location',
    );
    const html = await (await fetch(new URL(pageUrl as string, gateway.url))).text();
    expect(html).toContain('Facebook');
    const state = /name="state" value="([^"]+)"/.exec(html)?.[1] as string;
    const callback = await fetch(`${gateway.url}/auth/v1/callback`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email: email() }),
    });
    const code = new URL(callback.headers.get('location') as string).searchParams.get('code');
    const other = client(); // a different client holds a different code verifier
    await other.auth.signInWithOAuth({ provider: 'facebook' });
    const { error } = await other.auth.exchangeCodeForSession(code as string);
    expect(error?.code).toBe('bad_code_verifier');
  });

  it('rate limits failed sign-ins per email with a GoTrue 429', async () => {
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    for (let i = 0; i < 5; i += 1) {
      const { error } = await client().auth.signInWithPassword({
        email: address,
        password: `wrong-${i}-xx`,
      });
      expect(error?.code).toBe('invalid_credentials');
    }
    const limited = await client().auth.signInWithPassword({
      email: address,
      password: 'wrong-again',
    });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    // While limited, even the right password is refused: guessing cannot simply continue.
    const right = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(right.error?.status).toBe(429);
  });

  it('never takes the anon key for a user', async () => {
    const body = await gql(ME, anonKey);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const unsigned = await gql(ME);
    expect(unsigned.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('issues ES256 tokens that the hosted-Supabase verifier accepts over HTTP', async () => {
    const { data } = await client().auth.signUp({ email: email(), password: PASSWORD });
    const token = data.session?.access_token as string;
    const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString());
    expect(header.alg).toBe('ES256');
    const verify = createTokenVerifier({
      issuer: `${gateway.url}/auth/v1`,
      jwksUrl: `${gateway.url}/auth/v1/.well-known/jwks.json`,
    });
    await expect(verify(token)).resolves.toMatchObject({
      id: data.user?.id,
      role: 'authenticated',
    });
    await expect(verify(anonKey)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('creates profile and personal workspace exactly once under concurrent first requests', async () => {
    const { data } = await client().auth.signUp({ email: email(), password: PASSWORD });
    const token = data.session?.access_token as string;
    const bodies = await Promise.all(Array.from({ length: 25 }, () => gql(ME, token)));
    for (const body of bodies) expect(body.errors).toBeUndefined();
    const ids = new Set(
      bodies.map(
        (b) => (b.data?.me as { workspaces: { id: string }[] } | undefined)?.workspaces[0]?.id,
      ),
    );
    expect(ids.size).toBe(1);
    const db = gateway.deps.db;
    const userId = data.user?.id as string;
    const [profiles] = await db.execute(
      sql`select count(*)::int as n from profiles where user_id = ${userId}`,
    );
    const [workspaces] = await db.execute(
      sql`select count(*)::int as n from workspaces where personal_owner_id = ${userId}`,
    );
    const [members] = await db.execute(
      sql`select count(*)::int as n from workspace_members where user_id = ${userId}`,
    );
    expect([profiles?.n, workspaces?.n, members?.n]).toEqual([1, 1, 1]);
  });

  it('refuses to start local auth with NODE_ENV=production unless LOCAL_AUTH=1', async () => {
    const production = { ...process.env, PORT: '0', NODE_ENV: 'production', SUPABASE_URL: '' };
    await expect(
      startGateway(loadEnv({ ...production, LOCAL_AUTH: '' }), { webDist: null }),
    ).rejects.toThrow(/LOCAL_AUTH=1/);
    const allowed = await startGateway(loadEnv({ ...production, LOCAL_AUTH: '1' }), {
      webDist: null,
    });
    try {
      const settings = await fetch(`${allowed.url}/config.json`);
      expect(await settings.json()).toMatchObject({ supabaseUrl: allowed.url });
      // Offline provider stand-ins would let anyone claim any email: not on a production server.
      const authorize = await fetch(`${allowed.url}/auth/v1/authorize?provider=google`, {
        redirect: 'manual',
      });
      expect(authorize.status).toBe(400);
    } finally {
      await allowed.close();
    }
  });

  it('serves settings and JWKS like GoTrue', async () => {
    const settings = await fetch(`${gateway.url}/auth/v1/settings`, {
      headers: { apikey: anonKey },
    });
    expect(await settings.json()).toMatchObject({
      external: { email: true, google: true, facebook: true, phone: false },
      mailer_autoconfirm: true,
      disable_signup: false,
    });
    expect(settings.headers.get('cache-control')).toBe('no-store');
    const jwksResponse = await fetch(`${gateway.url}/auth/v1/.well-known/jwks.json`);
    expect(jwksResponse.headers.get('cache-control')).toBe('public, max-age=600');
    const jwks = (await jwksResponse.json()) as {
      keys: { kty: string; crv: string; alg: string; kid: string; d?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
    const noKey = await fetch(`${gateway.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
  });
});
