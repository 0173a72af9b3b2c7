import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';

// Development conveniences (docs/security.md, "Development mode"): the real gateway on loopback
// and on all interfaces, NODE_ENV=development, no SMTP_URL, as `npm start` runs it.

const development = {
  ...process.env,
  PORT: '0',
  NODE_ENV: 'development',
  SUPABASE_URL: '',
  SMTP_URL: '',
  AUTH_AUTOCONFIRM: '',
  AUTH_STAND_INS: '',
};

let loopback: RunningGateway;
let everywhere: RunningGateway;

beforeAll(async () => {
  loopback = await startGateway(loadEnv(development), { webDist: null });
  everywhere = await startGateway(loadEnv({ ...development, HOST: '0.0.0.0' }), {
    webDist: null,
  });
});

afterAll(async () => {
  await loopback?.close();
  await everywhere?.close();
});

// The gateway answers at localhost either way; what differs is where it listens.
const base = (gateway: RunningGateway) => `http://127.0.0.1:${gateway.port}`;

async function publicConfig(gateway: RunningGateway) {
  return (await (await fetch(`${base(gateway)}/config.json`)).json()) as {
    supabaseAnonKey: string;
    oauthProviders: string[];
  };
}

async function settings(gateway: RunningGateway) {
  const { supabaseAnonKey } = await publicConfig(gateway);
  const res = await fetch(`${base(gateway)}/auth/v1/settings`, {
    headers: { apikey: supabaseAnonKey },
  });
  return (await res.json()) as {
    external: Record<string, boolean>;
    mailer_autoconfirm: boolean;
    disable_signup: boolean;
  };
}

const graphiql = (gateway: RunningGateway) =>
  fetch(`${base(gateway)}/graphql`, { headers: { accept: 'text/html' } });

async function introspect(gateway: RunningGateway) {
  const res = await fetch(`${base(gateway)}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
  });
  return (await res.json()) as { data?: unknown; errors?: unknown[] };
}

async function recover(gateway: RunningGateway) {
  const { supabaseAnonKey } = await publicConfig(gateway);
  const res = await fetch(`${base(gateway)}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'someone@example.com' }),
  });
  return { status: res.status, body: (await res.json()) as { error_code?: string } };
}

describe('on loopback (npm start on this machine)', () => {
  it('keeps GraphiQL, introspection, auto-confirm and console links', async () => {
    expect((await graphiql(loopback)).headers.get('content-type')).toContain('text/html');
    expect((await introspect(loopback)).data).toBeTruthy();
    expect(await settings(loopback)).toMatchObject({
      mailer_autoconfirm: true,
      disable_signup: false,
    });
    expect((await recover(loopback)).status).toBe(200);
  });

  it('has no Google/Facebook stand-ins unless AUTH_STAND_INS=1', async () => {
    expect((await publicConfig(loopback)).oauthProviders).toEqual([]);
    expect((await settings(loopback)).external).toMatchObject({ google: false, facebook: false });
    const authorize = await fetch(`${base(loopback)}/auth/v1/authorize?provider=google`, {
      redirect: 'manual',
    });
    expect(authorize.status).toBe(400);

    const optedIn = await startGateway(loadEnv({ ...development, AUTH_STAND_INS: '1' }), {
      webDist: null,
    });
    try {
      expect((await publicConfig(optedIn)).oauthProviders).toEqual(['google', 'facebook']);
      const page = await fetch(`${base(optedIn)}/auth/v1/authorize?provider=google`, {
        redirect: 'manual',
      });
      expect(page.status).toBe(302);
    } finally {
      await optedIn.close();
    }
  });
});

describe('on all interfaces (HOST=0.0.0.0 or a remote PUBLIC_URL)', () => {
  it('turns GraphiQL and introspection off', async () => {
    expect((await graphiql(everywhere)).headers.get('content-type') ?? '').not.toContain(
      'text/html',
    );
    const answer = await introspect(everywhere);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.length).toBeGreaterThan(0);
  });

  it('confirms sign-ups by mail only and prints no links: with no SMTP_URL both are off', async () => {
    expect(await settings(everywhere)).toMatchObject({
      mailer_autoconfirm: false,
      disable_signup: true,
      external: { google: false, facebook: false },
    });
    expect((await publicConfig(everywhere)).oauthProviders).toEqual([]);
    expect(await recover(everywhere)).toMatchObject({
      status: 422,
      body: { error_code: 'email_provider_disabled' },
    });
  });

  it('refuses to start with AUTH_STAND_INS=1, with a message that says why', async () => {
    await expect(
      startGateway(loadEnv({ ...development, HOST: '0.0.0.0', AUTH_STAND_INS: '1' }), {
        webDist: null,
      }),
    ).rejects.toThrow(/AUTH_STAND_INS=1 is refused while the gateway listens on 0\.0\.0\.0/);
    await expect(
      startGateway(
        loadEnv({ ...development, PUBLIC_URL: 'https://lumen.example.com', AUTH_STAND_INS: '1' }),
        { webDist: null },
      ),
    ).rejects.toThrow(/AUTH_STAND_INS=1 is refused/);
  });
});
