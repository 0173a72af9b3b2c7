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
import { startInbox, verifyLinkIn, waitFor } from '../../../test/mail-inbox';
import { defaultAutoconfirm } from '../create-auth';
import { createLocalAuth, type LocalAuthOptions } from './local-auth';
import { createMailer } from './mailer';
import { DEFAULT_SIGN_IN_LIMITS } from './rate-limit';

// Account email in local auth: mail over a real (loopback) SMTP peer, sign-up that does not
// reveal registered emails, the development console notice, and mail-less production.

let db: Database;
let smtp: Awaited<ReturnType<typeof startInbox>>;
const servers: ServerType[] = [];
const secrets = loadSecretBox(loadEnv(process.env));
const PASSWORD = 'a long enough password';
const email = () => `mail-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is provided by the integration globalSetup');
  db = createDb(url);
  smtp = await startInbox();
});

afterAll(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  await smtp.close();
  await closeDb(db);
});

/** A local auth on its own port, with a log we can read. */
async function startAuth(options: Partial<LocalAuthOptions>) {
  const logLines: string[] = [];
  const ref: { fetch?: (req: Request, env: unknown) => Response | Promise<Response> } = {};
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (req, env) => ref.fetch?.(req, env) ?? new Response(null, { status: 503 }),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const address = `fd01::${randomUUID().slice(0, 4)}`;
  const auth = await createLocalAuth({
    db,
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
    secrets,
    publicUrl: base,
    limits: { ...DEFAULT_SIGN_IN_LIMITS, maxAttemptsPerPair: 100, maxSignUpsPerAddressPerDay: 1e4 },
    clientAddress: () => address,
    ...options,
  });
  ref.fetch = (req, env) => auth.routes.fetch(req, env);
  const client = (flowType: 'implicit' | 'pkce' = 'implicit') => {
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
        flowType,
      },
    });
  };
  return { base, auth, client, logLines };
}

const smtpMailer = () =>
  createMailer({ smtpUrl: smtp.url, from: 'Lumen <no-reply@lumen.test>', production: false });

const mailTo = (address: string) =>
  waitFor(() => smtp.mailsTo(address).at(-1), `a mail to ${address}`);

describe('sign-up with email confirmation', () => {
  it('answers a new and a registered email alike (supabase-js), and mails only the new one', async () => {
    const { client, logLines } = await startAuth({ mailer: smtpMailer(), autoconfirm: false });
    const registered = email();
    // Registered and confirmed (through its own confirmation link).
    await client().auth.signUp({ email: registered, password: PASSWORD });
    const confirm = verifyLinkIn(await mailTo(registered)) as string;
    expect((await fetch(confirm, { redirect: 'manual' })).status).toBe(302);

    const fresh = email();
    const forNew = await client().auth.signUp({ email: fresh, password: PASSWORD });
    const forExisting = await client().auth.signUp({
      email: registered,
      password: 'other pass 123',
    });
    expect(forNew.error).toBeNull();
    expect(forExisting.error).toBeNull();
    expect(forNew.data.session).toBeNull();
    expect(forExisting.data.session).toBeNull();
    const shape = (user: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(user).map(([k, v]) => [k, Array.isArray(v) ? v : typeof v]),
      );
    const newUser = forNew.data.user as unknown as Record<string, unknown>;
    const existingUser = forExisting.data.user as unknown as Record<string, unknown>;
    expect(shape(existingUser)).toEqual(shape(newUser));
    expect(existingUser.identities).toEqual([]);
    expect(existingUser.email).toBe(registered);

    // The new address gets its confirmation link; the registered one no second mail.
    const mail = await mailTo(fresh);
    expect(mail).toContain('Subject: Confirm your Lumen account');
    await mailTo(fresh);
    expect(smtp.mailsTo(registered)).toHaveLength(1);
    // The registered account kept its password.
    const signIn = await client().auth.signInWithPassword({
      email: registered,
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(logLines.join('\n')).not.toContain(new URL(confirm).searchParams.get('token'));
  });

  it('refuses a password sign-in until the link is followed; the link signs the person in', async () => {
    const { client, base } = await startAuth({ mailer: smtpMailer(), autoconfirm: false });
    const address = email();
    await client().auth.signUp({
      email: address,
      password: PASSWORD,
      options: { emailRedirectTo: `${base}/auth/callback` },
    });
    const early = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');

    const link = verifyLinkIn(await mailTo(address)) as string;
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const landed = await fetch(link, { redirect: 'manual' });
    const target = new URL(landed.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${base}/auth/callback`);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();

    const later = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(later.error).toBeNull();
    expect(later.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('confirms with PKCE, as the web app signs up: the link brings a code for this browser', async () => {
    const { client, base } = await startAuth({ mailer: smtpMailer(), autoconfirm: false });
    const browser = client('pkce');
    const address = email();
    const signUp = await browser.auth.signUp({
      email: address,
      password: PASSWORD,
      options: { emailRedirectTo: `${base}/auth/callback` },
    });
    expect(signUp.error).toBeNull();
    const link = verifyLinkIn(await mailTo(address)) as string;
    const landed = await fetch(link, { redirect: 'manual' });
    const target = new URL(landed.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${base}/auth/callback`);
    const code = target.searchParams.get('code') as string;
    expect(code).toBeTruthy();
    const exchanged = await browser.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('resends a confirmation link to an unconfirmed account only, answering the same', async () => {
    const { client } = await startAuth({ mailer: smtpMailer(), autoconfirm: false });
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    const first = verifyLinkIn(await mailTo(address)) as string;
    // Links are a minute apart per account: pretend the first one is older.
    await db.execute(
      sql`update auth_users set recovery_sent_at = now() - interval '2 minutes'
           where email = ${address}`,
    );
    const resent = await client().auth.resend({ type: 'signup', email: address });
    expect(resent.error).toBeNull();
    const second = await waitFor(
      () =>
        smtp
          .mailsTo(address)
          .map((m) => verifyLinkIn(m))
          .find((l) => l && l !== first),
      'a second confirmation mail',
    );
    // The newest link works; the older one was replaced.
    expect((await fetch(first, { redirect: 'manual' })).headers.get('location')).toContain(
      'error_code=otp_expired',
    );
    const landed = await fetch(second, { redirect: 'manual' });
    expect(landed.headers.get('location')).toContain('access_token=');

    const unknown = await client().auth.resend({ type: 'signup', email: email() });
    expect(unknown.error).toBeNull();
    const confirmed = await client().auth.resend({ type: 'signup', email: address });
    expect(confirmed.error).toBeNull();
    expect(smtp.mailsTo(address)).toHaveLength(2);
  });

  it('keeps the first password of an unconfirmed account: a second sign-up only resends the link', async () => {
    const { client } = await startAuth({ mailer: smtpMailer(), autoconfirm: false });
    const address = email();
    await client().auth.signUp({
      email: address,
      password: PASSWORD,
      options: { data: { name: 'Owner' } },
    });
    const first = verifyLinkIn(await mailTo(address)) as string;
    await db.execute(
      sql`update auth_users set recovery_sent_at = now() - interval '2 minutes'
           where email = ${address}`,
    );
    // Someone else signs up with the same address before the owner confirms.
    const again = await client().auth.signUp({
      email: address,
      password: 'the intruder password',
      options: { data: { name: 'Intruder' } },
    });
    expect(again.error).toBeNull();
    const second = await waitFor(
      () =>
        smtp
          .mailsTo(address)
          .map((m) => verifyLinkIn(m))
          .find((l) => l && l !== first),
      'a second confirmation mail',
    );
    const landed = await fetch(second, { redirect: 'manual' });
    expect(landed.headers.get('location')).toContain('access_token=');
    const intruder = await client().auth.signInWithPassword({
      email: address,
      password: 'the intruder password',
    });
    expect(intruder.error?.code).toBe('invalid_credentials');
    const owner = await client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata).toMatchObject({ name: 'Owner' });
  });

  it('is what a server with SMTP or in production does unless AUTH_AUTOCONFIRM says otherwise', () => {
    expect(defaultAutoconfirm({ NODE_ENV: 'development', SMTP_URL: undefined })).toBe(true);
    expect(defaultAutoconfirm({ NODE_ENV: 'test', SMTP_URL: undefined })).toBe(true);
    expect(defaultAutoconfirm({ NODE_ENV: 'development', SMTP_URL: 'smtp://x' })).toBe(false);
    expect(defaultAutoconfirm({ NODE_ENV: 'production', SMTP_URL: undefined })).toBe(false);
    // Listening beyond loopback turns the development conveniences off, this one included.
    expect(defaultAutoconfirm({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe(false);
    expect(defaultAutoconfirm({ NODE_ENV: 'test', PUBLIC_URL: 'https://lumen.example.com' })).toBe(
      false,
    );
    expect(defaultAutoconfirm({ NODE_ENV: 'test', HOST: '127.0.0.1' })).toBe(true);
  });
});

describe('recovery mail', () => {
  it('arrives over SMTP with a working link that is in no log line', async () => {
    const { client, logLines } = await startAuth({ mailer: smtpMailer() });
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    expect((await client().auth.resetPasswordForEmail(address)).error).toBeNull();
    const mail = await mailTo(address);
    expect(mail).toContain('Subject: Reset your Lumen password');
    expect(mail).toContain('From: Lumen <no-reply@lumen.test>');
    const link = verifyLinkIn(mail) as string;
    const token = new URL(link).searchParams.get('token') as string;
    const verified = await client().auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(address);
    const log = logLines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(address);
  });

  it('logs a failed delivery by its code only', async () => {
    // A port nobody listens on: the connection is refused.
    const { client, logLines } = await startAuth({
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@y.z', production: false }),
    });
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    expect((await client().auth.resetPasswordForEmail(address)).error).toBeNull();
    const line = await waitFor(
      () => logLines.find((l) => l.includes('auth_mail_failed')),
      'the delivery failure',
    );
    expect(JSON.parse(line)).toMatchObject({ kind: 'recovery', code: 'ESOCKET' });
    expect(logLines.join('\n')).not.toMatch(/verify\?token=/);
  });

  it('in development without SMTP: a labelled notice on the console, never in the log', async () => {
    const console: string[] = [];
    const { client, logLines } = await startAuth({
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'x@y.z',
        production: false,
        write: (text) => void console.push(text),
      }),
    });
    const address = email();
    await client().auth.signUp({ email: address, password: PASSWORD });
    await client().auth.resetPasswordForEmail(address);
    const notice = await waitFor(() => console.find((t) => t.includes(address)), 'the notice');
    expect(notice).toContain('EMAIL NOT SENT (no SMTP_URL configured; development only)');
    const token = new URL(verifyLinkIn(notice) as string).searchParams.get('token') as string;
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('in production without SMTP: recovery and mailed sign-up are off, with a clear answer', async () => {
    const { client, base, auth } = await startAuth({
      mailer: createMailer({ smtpUrl: undefined, from: 'x@y.z', production: true }),
      autoconfirm: false,
    });
    const recover = await client().auth.resetPasswordForEmail(email());
    expect(recover.error?.code).toBe('email_provider_disabled');
    expect(recover.error?.message).toContain('SMTP_URL');
    const signUp = await client().auth.signUp({ email: email(), password: PASSWORD });
    expect(signUp.error?.code).toBe('signup_disabled');
    const settings = (await (
      await fetch(`${base}/auth/v1/settings`, { headers: { apikey: auth.anonKey } })
    ).json()) as { disable_signup: boolean; mailer_autoconfirm: boolean };
    expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false });
  });
});

describe('changing the email address', () => {
  /** A confirmed account signed in on a client (autoconfirm: no sign-up mail in the way). */
  async function signedIn(flowType: 'implicit' | 'pkce' = 'implicit') {
    const started = await startAuth({ mailer: smtpMailer(), autoconfirm: true });
    const address = email();
    const supabase = started.client(flowType);
    const signUp = await supabase.auth.signUp({ email: address, password: PASSWORD });
    expect(signUp.error).toBeNull();
    return { ...started, supabase, address };
  }

  it('needs the current password, mails a link to the new address, and switches only when it is opened', async () => {
    const { supabase, address, client, logLines } = await signedIn();
    const next = email();
    const wrong = await supabase.auth.updateUser({ email: next, current_password: 'not it' });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const asked = await supabase.auth.updateUser({ email: next, current_password: PASSWORD });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: address, new_email: next });
    // Nothing switched yet: the old address still signs in, the new one does not.
    expect(
      (await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error,
    ).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error,
    ).not.toBeNull();

    const mail = await mailTo(next);
    expect(mail).toContain('Subject: Confirm your new Lumen email address');
    expect(smtp.mailsTo(address).some((m) => m.includes('Confirm your new'))).toBe(false);
    const link = verifyLinkIn(mail) as string;
    const token = new URL(link).searchParams.get('token') as string;
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toContain('access_token=');
    // Now the new address is the account's; the old one no longer signs in; the link is spent.
    expect(
      (await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error,
    ).toBeNull();
    expect(
      (await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error,
    ).not.toBeNull();
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.headers.get('location')).toContain('error_code=otp_expired');
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('refuses an address another account has, and a second request within a minute', async () => {
    const { supabase } = await signedIn();
    const other = await signedIn();
    const taken = await supabase.auth.updateUser({
      email: other.address,
      current_password: PASSWORD,
    });
    expect(taken.error?.code).toBe('email_exists');
    const first = await supabase.auth.updateUser({ email: email(), current_password: PASSWORD });
    expect(first.error).toBeNull();
    const soon = await supabase.auth.updateUser({ email: email(), current_password: PASSWORD });
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
  });

  it('is refused where no mail can be sent (production without SMTP)', async () => {
    const { client } = await startAuth({
      mailer: createMailer({ smtpUrl: undefined, from: 'x@y.z', production: true }),
      autoconfirm: true,
    });
    const supabase = client();
    await supabase.auth.signUp({ email: email(), password: PASSWORD });
    const refused = await supabase.auth.updateUser({ email: email(), current_password: PASSWORD });
    expect(refused.error?.code).toBe('email_provider_disabled');
    expect(refused.error?.message).toContain('SMTP_URL');
  });
});
