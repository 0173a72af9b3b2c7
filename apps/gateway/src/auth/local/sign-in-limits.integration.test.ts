import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../server';
import { DEFAULT_SIGN_IN_LIMITS } from './rate-limit';

// Sign-in guessing through the real gateway and supabase-js, from addresses told apart by a
// trusted proxy's X-Forwarded-For: counted before checking, keyed on email and address.

let gateway: RunningGateway;
let anonKey: string;

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    TRUST_PROXY: 'loopback',
    AUTH_SIGNUPS_PER_ADDRESS_PER_DAY: String(DEFAULT_SIGN_IN_LIMITS.maxSignUpsPerAddressPerDay),
  });
  gateway = await startGateway(env, { webDist: null });
  anonKey = (
    (await (await fetch(`${gateway.url}/config.json`)).json()) as { supabaseAnonKey: string }
  ).supabaseAnonKey;
});

afterAll(async () => {
  await gateway?.close();
});

// Addresses no other test file uses (198.18.0.0/15, the benchmarking range), from a random
// block: the per-address counters are shared by every file of a run within their window, so a
// reused address would arrive here with attempts already counted.
const block = Math.floor(Math.random() * 256);
let next = 1;
const newAddress = () => `198.18.${block}.${(next++ % 250) + 1}`;
const email = () => `limit-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery';

function client(from: string): SupabaseClient {
  const items = new Map<string, string>();
  return createClient(gateway.url, anonKey, {
    global: { headers: { 'x-forwarded-for': from } },
    auth: {
      storage: {
        getItem: (k) => items.get(k) ?? null,
        setItem: (k, v) => void items.set(k, v),
        removeItem: (k) => void items.delete(k),
      },
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

describe('sign-in limits', () => {
  it('lets exactly 5 of 60 concurrent wrong guesses be checked, and the owner still signs in elsewhere', async () => {
    const owner = email();
    const home = newAddress();
    expect((await client(home).auth.signUp({ email: owner, password: PASSWORD })).error).toBeNull();

    const attacker = newAddress();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client(attacker).auth.signInWithPassword({ email: owner, password: `guess-${i}-guess` }),
      ),
    );
    // Tallied as a whole, so that an answer of any other kind (a 500, a dropped connection)
    // is named in the failure rather than only missing from a count.
    const tally: Record<string, number> = {};
    for (const { error } of results) {
      const key = error ? `${error.status ?? 'no status'} ${error.code ?? error.message}` : 'ok';
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({
      '400 invalid_credentials': DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerPair,
      '429 over_request_rate_limit': 60 - DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerPair,
    });
    // Even the right password is refused from the guessing address...
    const fromAttacker = await client(attacker).auth.signInWithPassword({
      email: owner,
      password: PASSWORD,
    });
    expect(fromAttacker.error?.status).toBe(429);
    // ...while the owner, from their own address, is not locked out.
    const fromHome = await client(home).auth.signInWithPassword({
      email: owner,
      password: PASSWORD,
    });
    expect(fromHome.error).toBeNull();
    expect(fromHome.data.session?.access_token).toBeTruthy();
  });

  it("does not count the owner's own successful sign-ins", async () => {
    const owner = email();
    const home = newAddress();
    await client(home).auth.signUp({ email: owner, password: PASSWORD });
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerPair + 3; i++) {
      const { error } = await client(home).auth.signInWithPassword({
        email: owner,
        password: PASSWORD,
      });
      expect(error).toBeNull();
    }
  });

  it('counts guesses at the current password of PUT /user in the same limiter', async () => {
    const owner = email();
    const from = newAddress();
    const signedUp = await client(from).auth.signUp({ email: owner, password: PASSWORD });
    const token = signedUp.data.session?.access_token as string;
    const change = (current: string) =>
      fetch(`${gateway.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-forwarded-for': from,
        },
        body: JSON.stringify({ password: 'a brand new password', current_password: current }),
      }).then(async (r) => ((await r.json()) as { error_code?: string }).error_code ?? 'ok');
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => change(`guess-${i}`)));
    expect(codes.filter((c) => c === 'reauthentication_not_valid')).toHaveLength(
      DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerPair,
    );
    expect(codes.filter((c) => c === 'over_request_rate_limit')).toHaveLength(
      30 - DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerPair,
    );
    // The right password is refused too while the window lasts, and signing in from there as well.
    expect(await change(PASSWORD)).toBe('over_request_rate_limit');
    const signIn = await client(from).auth.signInWithPassword({ email: owner, password: PASSWORD });
    expect(signIn.error?.code).toBe('over_request_rate_limit');
  });

  it('limits one address spraying many emails', async () => {
    const sprayer = newAddress();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= DEFAULT_SIGN_IN_LIMITS.maxAttemptsPerAddress; i++) {
      const { error } = await client(sprayer).auth.signInWithPassword({
        email: email(),
        password: 'spray spray spray',
      });
      codes.push(error?.code);
    }
    expect(codes.at(-1)).toBe('over_request_rate_limit');
    expect(codes.slice(0, -1).every((c) => c === 'invalid_credentials')).toBe(true);
  });

  it('limits sign-ups per address', async () => {
    const from = newAddress();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= DEFAULT_SIGN_IN_LIMITS.maxSignUpsPerAddressPerDay; i++) {
      const { error } = await client(from).auth.signUp({ email: email(), password: PASSWORD });
      codes.push(error?.code);
    }
    expect(codes.at(-1)).toBe('over_request_rate_limit');
    expect(codes.slice(0, -1).every((c) => c === undefined)).toBe(true);
    const elsewhere = await client(newAddress()).auth.signUp({
      email: email(),
      password: PASSWORD,
    });
    expect(elsewhere.error).toBeNull();
  });
});
