import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_CACHE_MS } from '../src/auth/local/live-sessions';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf } from './brand-helpers';

// An access token is signed for an hour; the API takes it only while its session lives
// (docs/security.md, "Sessions (local auth)"): sign-out and a password change end access at
// once on the gateway that did them, and within LIVE_SESSION_CACHE_MS on any other.

let gateway: RunningGateway;
let other: RunningGateway;
let anonKey: string;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  // A second gateway process on the same database and Redis behind the same public URL (two
  // replicas: the same token issuer).
  other = await startGateway({ ...env, PUBLIC_URL: gateway.url }, { webDist: null });
  anonKey = (
    (await (await fetch(`${gateway.url}/config.json`)).json()) as { supabaseAnonKey: string }
  ).supabaseAnonKey;
});

afterAll(async () => {
  await gateway?.close();
  await other?.close();
});

const auth = (path: string, init: { method: string; token?: string; body?: unknown }) =>
  fetch(`${gateway.url}/auth/v1${path}`, {
    method: init.method,
    headers: {
      apikey: anonKey,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function signUpAndIn(email = `revoke-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const up = (await (
    await auth('/signup', { method: 'POST', body: { email, password: PASSWORD } })
  ).json()) as {
    access_token: string;
  };
  return { email, token: up.access_token };
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await auth('/token?grant_type=password', {
    method: 'POST',
    body: { email, password },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

// Each gateway by its own port: both have the same public URL.
const me = (on: RunningGateway, token: string) =>
  client({ ...on, url: `http://127.0.0.1:${on.port}` }, token)('{ me { workspaces { id } } }');

describe('access tokens of ended sessions', () => {
  it('stop working on GraphQL right after sign-out, while the other session goes on', async () => {
    const { email, token } = await signUpAndIn();
    const second = await signIn(email);
    expect(codeOf(await me(gateway, token))).toBeUndefined();
    expect((await auth('/logout?scope=local', { method: 'POST', token })).status).toBe(204);
    expect(codeOf(await me(gateway, token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await me(gateway, second))).toBeUndefined();
  });

  it('stop working for every other session after a password change', async () => {
    const { email, token } = await signUpAndIn();
    const elsewhere = await signIn(email);
    expect(codeOf(await me(gateway, elsewhere))).toBeUndefined();
    const changed = await auth('/user', {
      method: 'PUT',
      token,
      body: { password: 'a brand new password', current_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(codeOf(await me(gateway, elsewhere))).toBe('UNAUTHENTICATED');
    expect(codeOf(await me(gateway, token))).toBeUndefined();
  });

  it(`stop working on another gateway within ${LIVE_SESSION_CACHE_MS / 1000} s`, async () => {
    const { token } = await signUpAndIn();
    // The other gateway has seen the session alive (and remembers it for a short while).
    expect(codeOf(await me(other, token))).toBeUndefined();
    expect((await auth('/logout', { method: 'POST', token })).status).toBe(204);
    const signedOutAt = Date.now();
    expect(codeOf(await me(gateway, token))).toBe('UNAUTHENTICATED');
    while (codeOf(await me(other, token)) !== 'UNAUTHENTICATED') {
      expect(Date.now() - signedOutAt).toBeLessThan(LIVE_SESSION_CACHE_MS + 5_000);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
