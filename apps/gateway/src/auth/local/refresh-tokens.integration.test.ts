import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { loadEnv } from '@lumen/config/env';
import { loadSecretBox } from '@lumen/config/secrets';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { createClient } from '@supabase/supabase-js';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAuth, type LocalAuth } from './local-auth';
import { DEFAULT_SIGN_IN_LIMITS } from './rate-limit';
import { hashToken } from './tokens';

// Refresh-token rotation with GoTrue's reuse grace, and the maximum session age, through
// supabase-js and plain HTTP against local auth on real Postgres. Time passing is simulated by
// moving the stored timestamps back, never by waiting.

const MAX_AGE_SECONDS = 3600;
let db: Database;
let server: ServerType;
let auth: LocalAuth;
let base = '';

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is provided by the integration globalSetup');
  db = createDb(url);
  const ref: { auth?: LocalAuth } = {};
  server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (req, env) =>
          ref.auth?.routes.fetch(req, env) ?? new Response(null, { status: 503 }),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const address = `fd02::${randomUUID().slice(0, 4)}`;
  auth = await createLocalAuth({
    db,
    logger: pino({ level: 'silent' }),
    secrets: loadSecretBox(loadEnv(process.env)),
    publicUrl: base,
    limits: { ...DEFAULT_SIGN_IN_LIMITS, maxSignUpsPerAddressPerDay: 1e4 },
    clientAddress: () => address,
    sessionMaxAgeSeconds: MAX_AGE_SECONDS,
  });
  ref.auth = auth;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeDb(db);
});

function client() {
  const items = new Map<string, string>();
  return createClient(base, auth.anonKey, {
    auth: {
      storage: {
        getItem: (k) => items.get(k) ?? null,
        setItem: (k, v) => void items.set(k, v),
        removeItem: (k) => void items.delete(k),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

async function session() {
  const { data, error } = await client().auth.signUp({
    email: `refresh-${randomUUID().slice(0, 8)}@example.com`,
    password: 'a long enough password',
  });
  expect(error).toBeNull();
  return data.session as NonNullable<typeof data.session>;
}

/** POST /token?grant_type=refresh_token over plain HTTP. */
async function refresh(refreshToken: string) {
  const res = await fetch(`${base}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      refresh_token?: string;
      access_token?: string;
      error_code?: string;
    },
  };
}

/** Pretends the token was spent (its successor created) `seconds` ago. */
async function spentSecondsAgo(successor: string, seconds: number) {
  await db.execute(
    sql`update auth_refresh_tokens set created_at = now() - make_interval(secs => ${seconds})
        where token_hash = ${hashToken(successor)}`,
  );
}

describe('refresh-token reuse grace', () => {
  it('gives the same successor to the same token presented again within 10 s', async () => {
    const first = await session();
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.refresh_token).toBe(a.body.refresh_token);
    expect(a.body.refresh_token).not.toBe(first.refresh_token);
    // A second tab (supabase-js) presenting the old token gets the same successor too.
    const tab = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(tab.error).toBeNull();
    expect(tab.data.session?.refresh_token).toBe(a.body.refresh_token);
    // And the successor works as usual.
    const next = await refresh(a.body.refresh_token as string);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(a.body.refresh_token);
  });

  it('after the window, the old token is reuse: the whole token family is revoked', async () => {
    const first = await session();
    const successor = (await refresh(first.refresh_token)).body.refresh_token as string;
    await spentSecondsAgo(successor, 11);
    const late = await refresh(first.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.error_code).toBe('refresh_token_already_used');
    expect((await refresh(successor)).body.error_code).toBe('refresh_token_not_found');
    const user = await fetch(`${base}/auth/v1/user`, {
      headers: { apikey: auth.anonKey, authorization: `Bearer ${first.access_token}` },
    });
    expect(user.status).toBe(403);
  });

  it('gives no grace once the successor itself was spent', async () => {
    const first = await session();
    const second = (await refresh(first.refresh_token)).body.refresh_token as string;
    const third = (await refresh(second)).body.refresh_token as string;
    expect((await refresh(first.refresh_token)).body.error_code).toBe('refresh_token_already_used');
    expect((await refresh(third)).body.error_code).toBe('refresh_token_not_found');
  });
});

describe('maximum session age', () => {
  it('ends a session older than AUTH_SESSION_MAX_AGE_SECONDS, however often it was refreshed', async () => {
    const first = await session();
    const fresh = await refresh(first.refresh_token);
    expect(fresh.status).toBe(200);
    await db.execute(
      sql`update auth_sessions set created_at = now() - make_interval(secs => ${MAX_AGE_SECONDS + 1})
          where user_id = ${first.user.id}`,
    );
    const user = await fetch(`${base}/auth/v1/user`, {
      headers: { apikey: auth.anonKey, authorization: `Bearer ${fresh.body.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code?: string }).error_code).toBe('session_expired');
    const expired = await client().auth.refreshSession({
      refresh_token: fresh.body.refresh_token as string,
    });
    expect(expired.error?.code).toBe('session_expired');
    expect(expired.data.session).toBeNull();
    // The session is gone: its token is unknown from now on.
    expect((await refresh(fresh.body.refresh_token as string)).body.error_code).toBe(
      'refresh_token_not_found',
    );
  });
});
