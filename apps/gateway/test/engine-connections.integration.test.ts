import { inspect } from 'node:util';
import { loadEnv } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, type GqlBody, signUp } from './brand-helpers';

// Engine connections through the running gateway (docs/engines.md, "Connections"): the key is
// sealed to its row, kind and origin, never returned or logged; test calls reach a loopback
// server speaking OpenAI's /v1/models; roles and workspace scoping hold.

const FIELDS = `id kind label baseUrl model keyHint status lastError source availableModels collectsAnswers`;
const CONNECT = `mutation ($input: EngineConnectionInput!) { connectEngine(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: EngineConnectionInput!) { updateEngineConnection(id: $id, input: $input) { ${FIELDS} } }`;
const TEST = `mutation ($id: ID!) { testEngineConnection(id: $id) { ${FIELDS} } }`;
const REMOVE = `mutation ($id: ID!) { removeEngineConnection(id: $id) }`;
const LIST = `{ engineConnections { ${FIELDS} } }`;

type Connection = {
  id: string;
  kind: string;
  label: string;
  baseUrl: string | null;
  model: string | null;
  keyHint: string | null;
  status: string;
  lastError: string | null;
  source: string;
  availableModels: string[];
  collectsAnswers: boolean;
};

const KEY = 'sk-canary-7f3a9c2e5b1d4680CAFE';
const SERVER_KEY = 'sk-server-canary-1b2c3d4e5f6a';
/** One canary key per kind added with xAI, DeepSeek, Mistral and SerpApi's answer pages. */
const NEW_KIND_KEYS = {
  XAI: 'xai-canary-4b3a29180f7e6d5c4b3a',
  DEEPSEEK: 'sk-deepseek-canary-9a8b7c6d5e4f',
  MISTRAL: 'mistral-canary-0f1e2d3c4b5a6978',
  AI_OVERVIEW: 'serpapi-canary-aio-1029384756abcdef',
  AI_MODE: 'serpapi-canary-aim-6574839201fedcba',
} as const;

let gateway: RunningGateway;
let provider: LoopbackServer;
/** Every response body and logger call, to look for the key in. */
const seen: string[] = [];

function recordingLogger(): Logger {
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      seen.push(`${level} ${args.map((a) => inspect(a, { depth: 8 })).join(' ')}`);
    };
  const logger: Record<string, unknown> = { level: 'trace' };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    logger[level] = record(level);
  }
  logger.child = () => logger;
  logger.isLevelEnabled = () => true;
  return logger as unknown as Logger;
}

function recording(ask: ReturnType<typeof client>) {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const body = await ask<T>(query, variables);
    seen.push(JSON.stringify(body));
    return body;
  };
}

async function asRole(workspaceId: string, role: 'viewer' | 'member' | 'admin') {
  const token = await signUp(gateway);
  const me = await client(gateway, token)<{ me: { id: string } }>('{ me { id } }');
  await gateway.deps.db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role)
        values (${workspaceId}, ${me.data!.me.id}, ${role})`,
  );
  return async <T = Record<string, unknown>>(query: string, variables = {}) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-workspace-id': workspaceId,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
}

beforeAll(async () => {
  provider = await startLoopback((request) =>
    request.headers.authorization === `Bearer ${KEY}`
      ? {
          body: {
            object: 'list',
            data: [
              { id: 'gpt-5-mini', object: 'model', created: 1_754_425_777, owned_by: 'system' },
              { id: 'gpt-4.1', object: 'model', created: 1_744_316_542, owned_by: 'system' },
            ],
          },
        }
      : {
          status: 401,
          body: {
            error: {
              message: 'Incorrect API key provided: sk-wrong*****0000.',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          },
        },
  );
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    ANTHROPIC_API_KEY: SERVER_KEY,
  });
  gateway = await startGateway(env, { webDist: null });
  gateway.deps.logger = recordingLogger();
});

afterAll(async () => {
  await Promise.all([gateway?.close(), provider?.close()]);
});

describe('engine connections', () => {
  let owner: ReturnType<typeof recording>;
  let workspaceId: string;
  let connection: Connection;

  it('lists the server’s keys as connections "from the server", without a hint', async () => {
    const token = await signUp(gateway);
    owner = recording(client(gateway, token));
    const me = await owner<{ me: { workspaces: { id: string }[] } }>(
      '{ me { workspaces { id } } }',
    );
    workspaceId = me.data!.me.workspaces[0]!.id;
    const list = await owner<{ engineConnections: Connection[] }>(LIST);
    expect(list.errors).toBeUndefined();
    expect(list.data?.engineConnections).toEqual([
      expect.objectContaining({
        kind: 'ANTHROPIC',
        source: 'SERVER',
        label: 'Anthropic (from the server)',
        keyHint: null,
      }),
    ]);
  });

  it('connects with a key entered once: sealed in the row, only its last 4 shown', async () => {
    const res = await owner<{ connectEngine: Connection }>(CONNECT, {
      input: { kind: 'OPENAI', apiKey: KEY, baseUrl: `${provider.url}/v1/` },
    });
    expect(res.errors).toBeUndefined();
    connection = res.data!.connectEngine;
    expect(connection).toMatchObject({
      kind: 'OPENAI',
      label: 'OpenAI',
      baseUrl: `${provider.url}/v1`,
      keyHint: 'CAFE',
      status: 'UNTESTED',
      source: 'WORKSPACE',
      collectsAnswers: true,
    });
    const [row] = await gateway.deps.db.execute<Record<string, unknown>>(
      sql`select * from engine_connections where id = ${connection.id}`,
    );
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(String(row?.sealed_key)).toMatch(/^v1\./);

    const again = await owner(CONNECT, { input: { kind: 'OPENAI', apiKey: KEY } });
    expect(codeOf(again)).toBe('CONFLICT');
  });

  it('tests with the provider’s models endpoint: CONNECTED with its models; a model is picked', async () => {
    const res = await owner<{ testEngineConnection: Connection }>(TEST, { id: connection.id });
    expect(res.errors).toBeUndefined();
    expect(res.data?.testEngineConnection).toMatchObject({
      status: 'CONNECTED',
      lastError: null,
      availableModels: ['gpt-4.1', 'gpt-5-mini'],
    });
    const last = provider.requests.at(-1);
    expect(last?.path).toBe('/v1/models');
    expect(last?.headers.authorization).toBe(`Bearer ${KEY}`);

    const picked = await owner<{ updateEngineConnection: Connection }>(UPDATE, {
      id: connection.id,
      input: { kind: 'OPENAI', model: 'gpt-4.1', label: 'Team OpenAI' },
    });
    expect(picked.data?.updateEngineConnection).toMatchObject({
      model: 'gpt-4.1',
      label: 'Team OpenAI',
      status: 'CONNECTED',
      keyHint: 'CAFE',
    });
  });

  it('refuses a new base URL without the key again (stable code), and takes it with the key', async () => {
    const moved = await owner(UPDATE, {
      id: connection.id,
      input: { kind: 'OPENAI', baseUrl: `${provider.url}/other/v1` },
    });
    expect(codeOf(moved)).toBe('BAD_USER_INPUT');
    expect(moved.errors?.[0]?.extensions?.reason).toBe('API_KEY_REQUIRED');
    expect(moved.errors?.[0]?.extensions?.fields).toHaveProperty('apiKey');

    const withKey = await owner<{ updateEngineConnection: Connection }>(UPDATE, {
      id: connection.id,
      input: { kind: 'OPENAI', baseUrl: `${provider.url}/v1`, apiKey: 'sk-wrong-key-00000000' },
    });
    expect(withKey.data?.updateEngineConnection).toMatchObject({
      keyHint: '0000',
      status: 'UNTESTED',
    });
    const failing = await owner<{ testEngineConnection: Connection }>(TEST, { id: connection.id });
    expect(failing.data?.testEngineConnection).toMatchObject({
      status: 'FAILING',
      // The provider echoes the key's start; Lumen keeps no more of it than the hint.
      lastError: 'HTTP 401: Incorrect API key provided: [key]*****0000.',
    });
    const fixed = await owner<{ updateEngineConnection: Connection }>(UPDATE, {
      id: connection.id,
      input: { kind: 'OPENAI', apiKey: KEY },
    });
    expect(fixed.data?.updateEngineConnection.keyHint).toBe('CAFE');
    const ok = await owner<{ testEngineConnection: Connection }>(TEST, { id: connection.id });
    expect(ok.data?.testEngineConnection.status).toBe('CONNECTED');
  });

  it('a row copied to another id, kind or origin does not open', async () => {
    const db = gateway.deps.db;
    await db.execute(sql`insert into engine_connections
      (id, workspace_id, kind, label, base_url, sealed_key, key_hint)
      select gen_random_uuid(), workspace_id, 'OPENAI_COMPATIBLE', label, base_url, sealed_key, key_hint
      from engine_connections where id = ${connection.id}`);
    const [copy] = await db.execute<{ id: string }>(
      sql`select id from engine_connections where workspace_id = ${workspaceId} and kind = 'OPENAI_COMPATIBLE'`,
    );
    const asCopy = await owner<{ testEngineConnection: Connection }>(TEST, { id: copy!.id });
    expect(asCopy.data?.testEngineConnection).toMatchObject({
      status: 'FAILING',
      lastError: expect.stringMatching(/can no longer read the stored key/),
    });
    const before = provider.requests.length;
    // The same row pointed at another origin behind Lumen's back: nothing is sent anywhere.
    await db.execute(
      sql`update engine_connections set base_url = 'http://127.0.0.2:9/v1' where id = ${connection.id}`,
    );
    const moved = await owner<{ testEngineConnection: Connection }>(TEST, { id: connection.id });
    expect(moved.data?.testEngineConnection.lastError).toMatch(/can no longer read the stored key/);
    expect(provider.requests.length).toBe(before);
    await db.execute(
      sql`update engine_connections set base_url = ${`${provider.url}/v1`} where id = ${connection.id}`,
    );
    expect(codeOf(await owner(REMOVE, { id: copy!.id }))).toBeUndefined();
  });

  it('refuses a private base URL unless ALLOW_PRIVATE_HOSTS', async () => {
    const env = gateway.deps.env;
    gateway.deps.env = { ...env, ALLOW_PRIVATE_HOSTS: false };
    try {
      for (const baseUrl of [
        'http://127.0.0.1:11434/v1',
        'http://10.0.0.7/v1',
        'http://localhost/v1',
      ]) {
        const res = await owner(CONNECT, { input: { kind: 'OPENAI_COMPATIBLE', baseUrl } });
        expect(codeOf(res)).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0]?.extensions?.reason).toBe('BLOCKED_URL');
      }
    } finally {
      gateway.deps.env = env;
    }
  });

  it('owners and admins manage; members and viewers only see which engines answer', async () => {
    const admin = await asRole(workspaceId, 'admin');
    const made = await admin<{ connectEngine: Connection }>(CONNECT, {
      input: { kind: 'MISTRAL', apiKey: 'mistral-key-abcdefgh' },
    });
    expect(made.errors).toBeUndefined();
    expect(made.data?.connectEngine.collectsAnswers).toBe(true);
    for (const role of ['member', 'viewer'] as const) {
      const ask = await asRole(workspaceId, role);
      const list = await ask<{ engineConnections: Connection[] }>(LIST);
      expect(list.data?.engineConnections.map((c) => c.kind)).toEqual([
        'OPENAI',
        'MISTRAL',
        'ANTHROPIC',
      ]);
      expect(
        codeOf(await ask(CONNECT, { input: { kind: 'XAI', apiKey: 'xai-key-12345678' } })),
      ).toBe('FORBIDDEN');
      for (const query of [TEST, REMOVE]) {
        expect(codeOf(await ask(query, { id: connection.id }))).toBe('FORBIDDEN');
      }
      expect(
        codeOf(await ask(UPDATE, { id: connection.id, input: { kind: 'OPENAI', label: 'x' } })),
      ).toBe('FORBIDDEN');
    }
    expect(await admin(REMOVE, { id: made.data!.connectEngine.id })).toMatchObject({
      data: { removeEngineConnection: made.data!.connectEngine.id },
    });
  });

  it('another workspace’s connection is NOT_FOUND, and so is a server one', async () => {
    const other = recording(client(gateway, await signUp(gateway)));
    for (const [query, variables] of [
      [TEST, { id: connection.id }],
      [REMOVE, { id: connection.id }],
      [UPDATE, { id: connection.id, input: { kind: 'OPENAI', label: 'Mine' } }],
      [TEST, { id: 'server-anthropic' }],
    ] as const) {
      const res = await other(query, variables);
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('Engine connection not found.');
    }
    const theirs = await other<{ engineConnections: Connection[] }>(LIST);
    expect(theirs.data?.engineConnections.map((c) => c.source)).toEqual(['SERVER']);
  });

  it('xAI, DeepSeek, Mistral and the SerpApi answer pages: tested, refused with the provider’s reason, key masked', async () => {
    // A provider that echoes the key it was sent in its refusal: the worst case for a reason.
    const echo = await startLoopback((request) => {
      const url = new URL(request.path, 'http://loopback');
      const sent =
        url.searchParams.get('api_key') ??
        String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (sent === NEW_KIND_KEYS.XAI) {
        return {
          body: {
            data: [{ id: 'grok-4-0709', created: 1_752_019_200, object: 'model', owned_by: 'xai' }],
            object: 'list',
          },
        };
      }
      return url.pathname === '/account.json'
        ? { status: 401, body: { error: `Invalid API key: ${sent}` } }
        : { status: 401, body: { error: { message: `Incorrect API key provided: ${sent}` } } };
    });
    try {
      const other = recording(client(gateway, await signUp(gateway)));
      for (const [kind, apiKey] of Object.entries(NEW_KIND_KEYS)) {
        const made = await other<{ connectEngine: Connection }>(CONNECT, {
          input: { kind, apiKey, baseUrl: echo.url },
        });
        expect(made.errors).toBeUndefined();
        expect(made.data?.connectEngine).toMatchObject({
          kind,
          keyHint: apiKey.slice(-4),
          collectsAnswers: true,
        });
        const tested = await other<{ testEngineConnection: Connection }>(TEST, {
          id: made.data!.connectEngine.id,
        });
        if (kind === 'XAI') {
          expect(tested.data?.testEngineConnection).toMatchObject({
            status: 'CONNECTED',
            availableModels: ['grok-4-0709'],
          });
        } else {
          expect(tested.data?.testEngineConnection.status).toBe('FAILING');
          expect(tested.data?.testEngineConnection.lastError).toMatch(
            /^HTTP 401: (Invalid API key|Incorrect API key provided): \[key\]$/,
          );
        }
      }
      const sent = echo.requests.map((r) => r.path);
      expect(sent.filter((p) => p === '/models')).toHaveLength(3);
      expect(sent.filter((p) => p.startsWith('/account.json?api_key='))).toHaveLength(2);
    } finally {
      await echo.close();
    }
  });

  it('never returned or logged: no response body or log line holds either key', async () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(SERVER_KEY);
      for (const key of Object.values(NEW_KIND_KEYS)) expect(text).not.toContain(key);
    }
  });

  it('removing forgets the connection and its key', async () => {
    const res = await owner<{ removeEngineConnection: string }>(REMOVE, { id: connection.id });
    expect(res.data?.removeEngineConnection).toBe(connection.id);
    const [row] = await gateway.deps.db.execute(
      sql`select 1 from engine_connections where id = ${connection.id}`,
    );
    expect(row).toBeUndefined();
  });
});
