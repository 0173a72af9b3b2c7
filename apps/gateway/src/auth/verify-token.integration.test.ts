import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, type TokenVerifier, UnauthenticatedError } from './verify-token';

// A loopback JWKS endpoint standing in for `${SUPABASE_URL}/auth/v1/.well-known/jwks.json`.
let server: Server;
let fetches = 0;
let base = '';
let issuer = '';
const HS_SECRET = 'a-legacy-supabase-jwt-secret-of-at-least-32-chars';

type Signer = { key: CryptoKey; kid: string; alg: 'ES256' | 'RS256' };
let es: Signer;
let rs: Signer;
let stranger: Signer; // same kid as `es`, different key: must not verify

const now = () => Math.floor(Date.now() / 1000);

function claims(over: JWTPayload = {}): JWTPayload {
  return {
    iss: issuer,
    aud: 'authenticated',
    role: 'authenticated',
    sub: randomUUID(),
    email: 'ada@example.com',
    iat: now(),
    exp: now() + 3600,
    ...over,
  };
}

async function sign(
  signer: Signer,
  payload: JWTPayload,
  header: { kid?: string | undefined } = {},
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: signer.alg, typ: 'JWT', kid: header.kid ?? signer.kid })
    .sign(signer.key);
}

async function signHs(payload: JWTPayload, secret = HS_SECRET): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function flipLastChar(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

beforeAll(async () => {
  const makeSigner = async (alg: 'ES256' | 'RS256', kid: string) => {
    const pair = await generateKeyPair(alg, { extractable: true });
    return {
      signer: { key: pair.privateKey, kid, alg } as Signer,
      pub: await exportJWK(pair.publicKey),
    };
  };
  const a = await makeSigner('ES256', 'es-key-1');
  const b = await makeSigner('RS256', 'rs-key-1');
  const c = await makeSigner('ES256', 'es-key-1');
  es = a.signer;
  rs = b.signer;
  stranger = c.signer;
  const jwks = {
    keys: [
      { ...a.pub, kid: a.signer.kid, alg: 'ES256', use: 'sig' },
      { ...b.pub, kid: b.signer.kid, alg: 'RS256', use: 'sig' },
    ],
  };
  server = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(jwks));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${base}/auth/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function verifier(opts: { secret?: string } = {}): TokenVerifier {
  return createTokenVerifier({
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    jwtSecret: opts.secret,
  });
}

type Case = { name: string; token: () => Promise<string>; secret?: string; reason?: string };

describe('createTokenVerifier', () => {
  const accepted: Case[] = [
    { name: 'ES256 from the JWKS', token: () => sign(es, claims()) },
    { name: 'RS256 from the JWKS', token: () => sign(rs, claims()) },
    {
      name: 'HS256 when SUPABASE_JWT_SECRET is set',
      token: () => signHs(claims()),
      secret: HS_SECRET,
    },
    {
      name: 'expired 10 s ago (within 30 s skew)',
      token: () => sign(es, claims({ exp: now() - 10 })),
    },
  ];

  it.each(accepted)('accepts $name', async ({ token, secret }) => {
    const user = await verifier(secret ? { secret } : {})(await token());
    expect(user.role).toBe('authenticated');
    expect(user.email).toBe('ada@example.com');
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the subject and email of the token', async () => {
    const sub = randomUUID();
    const user = await verifier()(await sign(es, claims({ sub, email: 'grace@example.com' })));
    expect(user).toEqual({ id: sub, email: 'grace@example.com', role: 'authenticated' });
  });

  const refused: Case[] = [
    {
      name: 'expired',
      reason: 'ERR_JWT_EXPIRED',
      token: () => sign(es, claims({ exp: now() - 120, iat: now() - 4000 })),
    },
    {
      name: 'not yet valid (nbf)',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, claims({ nbf: now() + 120 })),
    },
    {
      name: 'alg none',
      reason: 'ERR_JOSE_ALG_NOT_ALLOWED',
      token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
    },
    {
      name: 'alg none even when a secret is configured',
      reason: 'ERR_JOSE_ALG_NOT_ALLOWED',
      token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
      secret: HS_SECRET,
    },
    {
      name: 'HS256 when no secret is configured',
      reason: 'ERR_JOSE_ALG_NOT_ALLOWED',
      token: () => signHs(claims()),
    },
    {
      name: 'HS256 signed with another secret',
      reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      token: () => signHs(claims(), 'another-secret-another-secret-another'),
      secret: HS_SECRET,
    },
    {
      name: 'wrong iss',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, claims({ iss: 'https://evil.example/auth/v1' })),
    },
    {
      name: 'aud anon',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, claims({ aud: 'anon' })),
    },
    {
      name: 'the anon key',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () =>
        sign(es, { iss: 'supabase', ref: 'local', role: 'anon', iat: now(), exp: now() + 9e7 }),
    },
    {
      name: 'the anon key with our iss',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, { iss: issuer, role: 'anon', iat: now(), exp: now() + 9e7 }),
    },
    {
      name: 'a service-role key',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () =>
        sign(es, {
          iss: 'supabase',
          ref: 'local',
          role: 'service_role',
          iat: now(),
          exp: now() + 9e7,
        }),
    },
    {
      name: 'a service-role key with aud authenticated',
      reason: 'role is not authenticated',
      token: () => sign(es, claims({ role: 'service_role' })),
    },
    {
      name: 'a token without sub',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, claims({ sub: undefined })),
    },
    {
      name: 'a token without exp',
      reason: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      token: () => sign(es, claims({ exp: undefined })),
    },
    {
      name: 'an unknown kid',
      reason: 'ERR_JWKS_NO_MATCHING_KEY',
      token: () => sign(es, claims(), { kid: 'not-in-the-jwks' }),
    },
    {
      name: 'a tampered signature',
      reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      token: async () => flipLastChar(await sign(es, claims())),
    },
    {
      name: 'a tampered payload',
      reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      token: async () => {
        const [h, , s] = (await sign(es, claims())).split('.');
        return `${h}.${b64(claims({ sub: randomUUID() }))}.${s}`;
      },
    },
    {
      name: 'a token signed by another key (same kid)',
      reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
      token: () => sign(stranger, claims()),
    },
    { name: 'garbage', reason: 'ERR_JWS_INVALID', token: async () => 'not.a.jwt' },
    { name: 'an empty string', reason: 'malformed token', token: async () => '' },
  ];

  it.each(refused)('refuses $name with UNAUTHENTICATED', async ({ token, secret, reason }) => {
    const error = await verifier(secret ? { secret } : {})(await token()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect((error as UnauthenticatedError).code).toBe('UNAUTHENTICATED');
    expect((error as UnauthenticatedError).extensions.code).toBe('UNAUTHENTICATED');
    expect((error as UnauthenticatedError).reason).toBe(reason);
  });

  it('1000 tokens with random kids cause at most one extra JWKS fetch', async () => {
    const verify = verifier();
    const before = fetches;
    await verify(await sign(es, claims())); // warms the cache: the one expected fetch
    const warmed = fetches;
    expect(warmed - before).toBe(1);
    const tokens = await Promise.all(
      Array.from({ length: 1000 }, () => sign(es, claims(), { kid: randomUUID() })),
    );
    const results = await Promise.allSettled(tokens.map((t) => verify(t)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(UnauthenticatedError);
    }
    expect(fetches - warmed).toBeLessThanOrEqual(1);
    // A valid token still verifies from the cache afterwards.
    await expect(verify(await sign(es, claims()))).resolves.toMatchObject({
      role: 'authenticated',
    });
    expect(fetches - warmed).toBeLessThanOrEqual(1);
  });

  it('1000 random kids on a cold verifier cost one fetch in total', async () => {
    const verify = verifier();
    const before = fetches;
    const tokens = await Promise.all(
      Array.from({ length: 1000 }, () => sign(es, claims(), { kid: randomUUID() })),
    );
    await Promise.allSettled(tokens.map((t) => verify(t)));
    expect(fetches - before).toBeLessThanOrEqual(1);
  });

  it('remembers a verified token only until it expires', async () => {
    const verify = verifier();
    const t = await sign(es, claims({ exp: now() + 60 }));
    await expect(verify(t)).resolves.toMatchObject({ role: 'authenticated' });
    const before = fetches;
    await expect(verify(t)).resolves.toMatchObject({ role: 'authenticated' });
    expect(fetches).toBe(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      const error = await verify(t).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthenticatedError);
      expect((error as UnauthenticatedError).reason).toBe('ERR_JWT_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unreachable JWKS is an outage, not an invalid token', async () => {
    const verify = createTokenVerifier({
      issuer,
      jwksUrl: `${base}/missing/jwks.json`,
    });
    const error = await verify(await sign(es, claims())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UnauthenticatedError);
  });
});
