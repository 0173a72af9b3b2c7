import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { loadEnv } from '@lumen/config/env';
import { loadSecretBox } from '@lumen/config/secrets';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInbox, verifyLinkIn, waitFor } from '../../../test/mail-inbox';
import { createLocalAuth, type LocalAuth } from './local-auth';
import { createMailer } from './mailer';
import { DEFAULT_SIGN_IN_LIMITS } from './rate-limit';

// Recovery, profile updates, per-address limits and protocol details, against createLocalAuth
// on a real node server and Postgres, with a loopback SMTP peer for the mail and a log we can
// read (recovery links must never reach it).

let db: Database;
let server: ServerType;
let auth: LocalAuth;
let base = '';
let smtp: Awaited<ReturnType<typeof startInbox>>;
const logLines: string[] = [];
const ownAddress = `fd00::${randomUUID().slice(0, 4)}`;
const secrets = loadSecretBox(loadEnv(process.env));

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is provided by the integration globalSetup');
  db = createDb(url);
  smtp = await startInbox();
  const ref: { auth?: LocalAuth } = {};
  server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (req, env) =>
          ref.auth ? ref.auth.routes.fetch(req, env) : new Response(null, { status: 503 }),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  auth = await createLocalAuth({
    db,
    logger,
    secrets,
    publicUrl: base,
    // What AUTH_STAND_INS=1 turns on (create-auth.ts): these tests sign in through them.
    standInProviders: true,
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'Lumen <no-reply@lumen.test>',
      production: false,
    }),
    limits: {
      ...DEFAULT_SIGN_IN_LIMITS,
      maxAttemptsPerPair: 100,
      maxAttemptsPerAddress: 3,
      maxSignUpsPerAddressPerDay: 10_000,
    },
    // Lets one test process act from several addresses; by default an address of its own, so
    // failures counted by other test files (same database, 127.0.0.1) do not spill over.
    clientAddress: (c) => c.req.header('x-test-address') ?? ownAddress,
  });
  ref.auth = auth;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await smtp.close();
  await closeDb(db);
});

function client(flowType: 'pkce' | 'implicit' = 'pkce', headers: Record<string, string> = {}) {
  const items = new Map<string, string>();
  return createClient(base, auth.anonKey, {
    global: { headers },
    auth: {
      storage: {
        getItem: (k) => items.get(k) ?? null,
        setItem: (k, v) => void items.set(k, v),
        removeItem: (k) => void items.delete(k),
      },
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType,
    },
  });
}

const email = () => `flow-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'a long enough password';

const linksTo = (address: string) =>
  smtp.mailsTo(address).flatMap((mail) => verifyLinkIn(mail) ?? []);

/** The newest recovery link mailed to `address` (mail goes out in the background). */
function recoveryLinkFor(address: string): Promise<string> {
  return waitFor(() => linksTo(address).at(-1), `a recovery mail to ${address}`);
}

/** Waits until a mail to a fresh account has arrived: anything sent before it has had its turn. */
async function mailSettled(): Promise<void> {
  const { address } = await signedUp();
  await client().auth.resetPasswordForEmail(address);
  await recoveryLinkFor(address);
}

async function signedUp(supabase: SupabaseClient = client()) {
  const address = email();
  const { data, error } = await supabase.auth.signUp({ email: address, password: PASSWORD });
  expect(error).toBeNull();
  return { supabase, address, data };
}

describe('password recovery', () => {
  it('mails a link that signs the person in (PKCE) so they can set a new password', async () => {
    const { address } = await signedUp();
    const supabase = client();
    const redirectTo = `${base}/auth/reset`;
    const sent = await supabase.auth.resetPasswordForEmail(address, { redirectTo });
    expect(sent.error).toBeNull();
    const link = await recoveryLinkFor(address);
    expect(link).toMatch(new RegExp(`^${base}/auth/v1/verify\\?token=`));

    const landed = await fetch(link, { redirect: 'manual' });
    expect(landed.status).toBe(302);
    const target = new URL(landed.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe(redirectTo);
    const exchanged = await supabase.auth.exchangeCodeForSession(
      target.searchParams.get('code') as string,
    );
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);

    const updated = await supabase.auth.updateUser({ password: 'a brand new password' });
    expect(updated.error).toBeNull();
    const old = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client().auth.signInWithPassword({
      email: address,
      password: 'a brand new password',
    });
    expect(fresh.error).toBeNull();

    // The link is single-use.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('verifies a recovery token with POST /verify (verifyOtp)', async () => {
    const { address } = await signedUp();
    await client('implicit').auth.resetPasswordForEmail(address);
    const token = new URL(await recoveryLinkFor(address)).searchParams.get('token') as string;
    const supabase = client('implicit');
    const { data, error } = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(address);
    const reused = await client('implicit').auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('issues at most one link a minute per account, answering the same either way', async () => {
    const { address } = await signedUp();
    expect((await client().auth.resetPasswordForEmail(address)).error).toBeNull();
    await recoveryLinkFor(address);
    expect((await client().auth.resetPasswordForEmail(address)).error).toBeNull();
    await mailSettled();
    expect(linksTo(address)).toHaveLength(1);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const address = email();
    const { error } = await client().auth.resetPasswordForEmail(address);
    expect(error).toBeNull();
    await mailSettled();
    expect(smtp.mailsTo(address)).toEqual([]);
  });

  it('never logs a recovery link, its token or the email it went to', async () => {
    const { address } = await signedUp();
    await client().auth.resetPasswordForEmail(address);
    const link = await recoveryLinkFor(address);
    const token = new URL(link).searchParams.get('token') as string;
    const log = logLines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(address);
  });

  it('never logs passwords or session tokens', async () => {
    const { data } = await signedUp();
    const log = logLines.join('\n');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(data.session?.access_token as string);
    expect(log).not.toContain(data.session?.refresh_token as string);
  });
});

describe('PUT /user', () => {
  it('merges metadata, refuses the same password and a taken email', async () => {
    const { supabase } = await signedUp();
    const other = await signedUp();
    const merged = await supabase.auth.updateUser({ data: { display_name: 'Ada', theme: 'dark' } });
    expect(merged.data.user?.user_metadata).toMatchObject({ display_name: 'Ada', theme: 'dark' });
    const removed = await supabase.auth.updateUser({ data: { theme: null } });
    expect(removed.data.user?.user_metadata).toEqual({ display_name: 'Ada' });
    const same = await supabase.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const taken = await supabase.auth.updateUser({
      email: other.address,
      current_password: PASSWORD,
    });
    expect(taken.error?.code).toBe('email_exists');
    const weak = await supabase.auth.updateUser({
      password: '1234567',
      current_password: PASSWORD,
    });
    expect(weak.error?.code).toBe('weak_password');
  });
});

describe('changing password and email', () => {
  it('needs the current password, not just an access token', async () => {
    const { supabase } = await signedUp();
    const bare = await supabase.auth.updateUser({ password: 'taken over password' });
    expect(bare.error?.code).toBe('reauthentication_needed');
    const wrong = await supabase.auth.updateUser({
      password: 'taken over password',
      current_password: 'not the password',
    });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const email = await supabase.auth.updateUser({ email: 'attacker@example.com' });
    expect(email.error?.code).toBe('reauthentication_needed');
  });

  it('signs every other session out on a password change', async () => {
    const { supabase, address } = await signedUp();
    const laptop = client();
    expect(
      (await laptop.auth.signInWithPassword({ email: address, password: PASSWORD })).error,
    ).toBeNull();
    const changed = await supabase.auth.updateUser({
      password: 'a brand new password',
      current_password: PASSWORD,
    });
    expect(changed.error).toBeNull();
    // The other device can neither use its session nor refresh it.
    expect((await laptop.auth.getUser()).error).not.toBeNull();
    expect((await laptop.auth.refreshSession()).error).not.toBeNull();
    // This device stays signed in, and the new password works.
    expect((await supabase.auth.getUser()).error).toBeNull();
    const again = await client().auth.signInWithPassword({
      email: address,
      password: 'a brand new password',
    });
    expect(again.error).toBeNull();
  });

  it('does not switch to an unconfirmed email', async () => {
    const { supabase, address } = await signedUp();
    const change = await supabase.auth.updateUser({
      email: `new-${address}`,
      current_password: PASSWORD,
    });
    // Asked for: a link goes to the new address (account-email.integration.test.ts follows it).
    expect(change.data.user).toMatchObject({ email: address, new_email: `new-${address}` });
    expect((await supabase.auth.getUser()).data.user?.email).toBe(address);
    const oldStillWorks = await client().auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(oldStillWorks.error).toBeNull();
  });
});

describe('limits and protocol details', () => {
  it('rate limits failed sign-ins per address, not for other addresses', async () => {
    const { address } = await signedUp();
    const attacker = { 'x-test-address': `203.0.113.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < 3; i += 1) {
      const { error } = await client('pkce', attacker).auth.signInWithPassword({
        email: email(),
        password: 'guess guess guess',
      });
      expect(error?.code).toBe('invalid_credentials');
    }
    const blocked = await client('pkce', attacker).auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    const elsewhere = await client('pkce', {
      'x-test-address': '198.51.100.9',
    }).auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(elsewhere.error).toBeNull();
  });

  it('offers the Google/Facebook stand-ins only to a client on this machine', async () => {
    const viaProxy = { 'x-forwarded-for': '203.0.113.77', apikey: auth.anonKey };
    const refused = await fetch(`${base}/auth/v1/authorize?provider=google`, {
      redirect: 'manual',
      headers: viaProxy,
    });
    expect(refused.status).toBe(400);
    const remote = (await (
      await fetch(`${base}/auth/v1/settings`, { headers: viaProxy })
    ).json()) as {
      external: Record<string, boolean>;
    };
    expect(remote.external.google).toBe(false);
    const local = await fetch(`${base}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
    expect(local.status).toBe(302);
  });

  it('speaks both GoTrue error shapes, chosen by X-Supabase-Api-Version', async () => {
    const body = JSON.stringify({ email: email(), password: 'whatever-whatever' });
    // An address of its own: wrong current passwords in the tests above count against ownAddress.
    const headers = {
      apikey: auth.anonKey,
      'content-type': 'application/json',
      'x-test-address': `192.0.2.${Math.floor(Math.random() * 250)}`,
    };
    const legacy = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body,
    });
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const versioned = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01' },
      body,
    });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('requires an anon key signed by the local key, like Kong in front of GoTrue', async () => {
    const none = await fetch(`${base}/auth/v1/settings`);
    expect(none.status).toBe(401);
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'ES256', kid: (await exportJWK(publicKey)).kid ?? 'x' })
      .setIssuer('supabase')
      .sign(privateKey);
    const bad = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: forged } });
    expect(bad.status).toBe(401);
    const good = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: auth.anonKey } });
    expect(good.status).toBe(200);
  });

  it('masks unexpected failures and never echoes internals', async () => {
    const res = await fetch(`${base}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
      body: '{"refresh_token": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'bad_json' });
  });

  it('keeps redirect_to on allowed origins only', async () => {
    const res = await fetch(
      `${base}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      { redirect: 'manual' },
    );
    const page = await (await fetch(new URL(res.headers.get('location') as string, base))).text();
    const state = /name="state" value="([^"]+)"/.exec(page)?.[1] as string;
    const done = await fetch(`${base}/auth/v1/callback`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email: email() }),
    });
    const location = done.headers.get('location') as string;
    expect(location.startsWith(`${base}/`)).toBe(true);
    expect(location).not.toContain('evil.example');
  });

  it('supports the implicit flow on the stand-in: tokens in the fragment', async () => {
    const supabase = client('implicit');
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${base}/auth/callback` },
    });
    const pageUrl = (await fetch(data.url as string, { redirect: 'manual' })).headers.get(
      'location',
    ) as string;
    const state = /name="state" value="([^"]+)"/.exec(
      await (await fetch(new URL(pageUrl, base))).text(),
    )?.[1] as string;
    const address = email();
    const done = await fetch(`${base}/auth/v1/callback`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email: address }),
    });
    const fragment = new URLSearchParams(
      new URL(done.headers.get('location') as string).hash.slice(1),
    );
    const user = await auth.verifyToken(fragment.get('access_token') as string);
    expect(user.email).toBe(address);
    // The stand-in state is spent.
    const replay = await fetch(`${base}/auth/v1/callback`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ state, email: email() }),
    });
    expect(replay.headers.get('location')).toContain('error_code=bad_oauth_state');
  });

  it('keeps one signing key in the database across restarts', async () => {
    const { data } = await signedUp();
    const restarted = await createLocalAuth({
      db,
      secrets,
      logger: pino({ level: 'silent' }),
      publicUrl: base,
    });
    await expect(
      restarted.verifyToken(data.session?.access_token as string),
    ).resolves.toMatchObject({
      id: data.user?.id,
    });
    const jwks = async (a: LocalAuth) =>
      (await (await a.routes.request('/auth/v1/.well-known/jwks.json')).json()) as {
        keys: { kid: string }[];
      };
    expect((await jwks(restarted)).keys.map((k) => k.kid)).toEqual(
      (await jwks(auth)).keys.map((k) => k.kid),
    );
  });
});
