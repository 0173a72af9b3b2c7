import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LumenError } from '../src/errors';
import { USER_LIMITS, type UserLimit } from '../src/http/user-limits';
import { type RunningGateway, startGateway } from '../src/server';
import { limitReingest, REINGEST_LIMITS } from '../src/services/reingest-published-item.service';
import { client, codeOf, signUp } from './brand-helpers';

// Per-user limits on the mutations that cost work or send requests out (docs/security.md,
// "What is limited"), through the real gateway and Redis.

let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway(
    loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' }),
    { webDist: null },
  );
});

afterAll(async () => {
  await gateway?.close();
});

/** Spends a user's allowance directly in Redis, as that many earlier calls would have. */
async function spend(token: string, kind: UserLimit) {
  const userId = decodeJwt(token).sub as string;
  const { redis, env } = gateway.deps;
  const key = `${env.REDIS_PREFIX}:rl:user:${kind}:${userId}`;
  await redis.set(key, USER_LIMITS[kind].max, 'EX', USER_LIMITS[kind].windowSeconds);
}

const contact = `mutation($input: ContactRequestInput!) { createContactRequest(input: $input) { id } }`;
const contactInput = {
  input: { name: 'Ada', email: 'ada@example.com', message: 'Please call me back about the plan.' },
};

describe('per-user limits on expensive and outbound mutations', () => {
  it(`takes ${USER_LIMITS.contactRequest.max} contact requests a day from one user, then RATE_LIMITED with a retry time`, async () => {
    const token = await signUp(gateway);
    const gql = client(gateway, token);
    for (let i = 0; i < USER_LIMITS.contactRequest.max; i++) {
      expect(codeOf(await gql(contact, contactInput))).toBeUndefined();
    }
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: contact, variables: contactInput }),
    });
    const refused = (await res.json()) as {
      errors: { message: string; extensions: { code: string; retryAfterSeconds: number } }[];
    };
    expect(refused.errors[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(refused.errors[0]?.extensions.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(refused.errors[0]?.message).toMatch(/Too many contact requests/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // Another user is not affected.
    expect(
      codeOf(await client(gateway, await signUp(gateway))(contact, contactInput)),
    ).toBeUndefined();
  });

  it.each([
    [
      'connectWordPressSite',
      'wordpressSite',
      `mutation { connectWordPressSite(input: { url: "https://wp.example.com", username: "a", applicationPassword: "abcd efgh ijkl mnop qrst uvwx" }) { id } }`,
    ],
    [
      'updateWordPressSite',
      'wordpressSite',
      `mutation { updateWordPressSite(id: "${randomUUID()}", input: { url: "https://wp.example.org" }) { id } }`,
    ],
    [
      'testWordPressSite',
      'wordpressSite',
      `mutation { testWordPressSite(id: "${randomUUID()}") { id } }`,
    ],
    [
      'previewDraftEffect',
      'draftPreview',
      `mutation { previewDraftEffect(id: "${randomUUID()}") { pageUrl } }`,
    ],
    [
      'reingestPublishedItem',
      'reingest',
      `mutation { reingestPublishedItem(id: "${randomUUID()}") { id } }`,
    ],
  ] as const)('limits %s per user before any work starts', async (_field, kind, mutation) => {
    const token = await signUp(gateway);
    const gql = client(gateway, token);
    // Within the allowance the call gets as far as its own answer (here: the id is unknown, or
    // the site cannot be reached)...
    expect(codeOf(await gql(mutation))).not.toBe('RATE_LIMITED');
    // ...and once it is spent, nothing runs.
    await spend(token, kind);
    const refused = await gql(mutation);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('"Read again" per item and per workspace', () => {
  it(`reads one page again ${REINGEST_LIMITS.item.max} times an hour, a workspace's pages ${REINGEST_LIMITS.workspace.max}`, async () => {
    const workspaceId = randomUUID();
    const item = randomUUID();
    for (let i = 0; i < REINGEST_LIMITS.item.max; i++) {
      await limitReingest(gateway.deps, workspaceId, item);
    }
    const refused = await limitReingest(gateway.deps, workspaceId, item).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LumenError);
    expect(refused).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect((refused as Error).message).toMatch(
      /^This page was read again 5 times in the last hour\. Try again in (60|59) minutes\.$/,
    );
    // Other pages of the workspace go on until the workspace's own window is spent (the refused
    // call above was not counted for the workspace).
    const others = REINGEST_LIMITS.workspace.max - REINGEST_LIMITS.item.max;
    for (let i = 0; i < others; i++) await limitReingest(gateway.deps, workspaceId, randomUUID());
    const spent = await limitReingest(gateway.deps, workspaceId, randomUUID()).catch(
      (e: unknown) => e,
    );
    expect(spent).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect((spent as Error).message).toMatch(/^This workspace’s pages were read again 60 times/);
    // Another workspace is not affected.
    await expect(limitReingest(gateway.deps, randomUUID(), randomUUID())).resolves.toBeUndefined();
  });
});
