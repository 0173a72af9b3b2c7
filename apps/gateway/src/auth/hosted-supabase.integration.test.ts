import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../server';

// The gateway in hosted mode (SUPABASE_URL set), against a loopback stand-in for a Supabase
// project that serves only its JWKS and counts how often it is fetched.

let supabase: Server;
let supabaseUrl = '';
let fetches = 0;
let key: CryptoKey;
const KID = 'supabase-es256-1';
let gateway: RunningGateway;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  key = pair.privateKey;
  const jwks = {
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'ES256', use: 'sig' }],
  };
  supabase = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => supabase.listen(0, '127.0.0.1', resolve));
  supabaseUrl = `http://127.0.0.1:${(supabase.address() as AddressInfo).port}`;
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'production',
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: 'the-project-anon-key',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => supabase.close(resolve));
});

const now = () => Math.floor(Date.now() / 1000);

function token(claims: JWTPayload = {}, kid = KID): Promise<string> {
  return new SignJWT({
    role: 'authenticated',
    email: 'hosted@example.com',
    session_id: randomUUID(),
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuer(`${supabaseUrl}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(randomUUID())
    .setIssuedAt(now())
    .setExpirationTime(now() + 3600)
    .sign(key);
}

async function gql(query: string, bearer?: string) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as {
    data?: { me?: { email: string; workspaces: { role: string }[] } } | null;
    errors?: { extensions?: { code?: string } }[];
  };
}

describe('gateway with hosted Supabase', () => {
  it('tells the SPA to use the Supabase project and serves no local /auth/v1', async () => {
    const config = await (await fetch(`${gateway.url}/config.json`)).json();
    expect(config).toMatchObject({ supabaseUrl, supabaseAnonKey: 'the-project-anon-key' });
    expect((await fetch(`${gateway.url}/auth/v1/settings`)).status).toBe(404);
  });

  it('accepts a project token and creates the personal workspace on first use', async () => {
    const body = await gql('{ me { email workspaces { role } } }', await token());
    expect(body.errors).toBeUndefined();
    expect(body.data?.me).toMatchObject({
      email: 'hosted@example.com',
      workspaces: [{ role: 'OWNER' }],
    });
  });

  it('refuses the project anon key and a service-role key', async () => {
    for (const bad of [
      await token({ role: 'anon', aud: undefined }),
      await token({ role: 'service_role' }),
    ]) {
      const body = await gql('{ me { email } }', bad);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('1000 requests with random kids cause at most one extra JWKS fetch', async () => {
    await gql('{ me { email } }', await token()); // the cache is warm from here on
    const before = fetches;
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => token({}, randomUUID())));
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < tokens.length; i += 50) {
      const batch = await Promise.all(
        tokens.slice(i, i + 50).map((t) => gql('{ me { email } }', t)),
      );
      codes.push(...batch.map((b) => b.errors?.[0]?.extensions?.code));
    }
    expect(codes.every((c) => c === 'UNAUTHENTICATED')).toBe(true);
    expect(fetches - before).toBeLessThanOrEqual(1);
  });
});
