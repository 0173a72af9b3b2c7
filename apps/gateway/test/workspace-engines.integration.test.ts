import { loadEnv } from '@lumen/config/env';
import { startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, fieldsOf, signUp } from './brand-helpers';

// The engines a workspace can ask (docs/engines.md, "Which engines a workspace can ask"): an
// OpenAI-compatible connection to a loopback server speaking chat completions makes the engine
// pickable for that workspace's brands, its runs get their answers from that server with the
// workspace's key, and another workspace (and a signed-out caller) keeps the server's list.

const KEY = 'sk-team-canary-0a1b2c3d4e5f';
const ANSWER = 'Northwind CRM and Contoso CRM are the usual picks for small teams.';
const ENGINES = '{ engines { id label offline surface searchesWeb source status } }';
const CREATE = `mutation ($input: BrandInput!) { createBrand(input: $input) { id engines } }`;

type Engine = {
  id: string;
  label: string;
  offline: boolean;
  surface: string;
  searchesWeb: boolean;
  source: string;
  status: string | null;
};

let gateway: RunningGateway;
let worker: Awaited<ReturnType<typeof startWorker>>;
let llm: LoopbackServer;

beforeAll(async () => {
  llm = await startLoopback((request) =>
    request.path === '/v1/models'
      ? { body: { object: 'list', data: [{ id: 'team-model', object: 'model', created: 1 }] } }
      : {
          body: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1_763_700_000,
            model: 'team-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: ANSWER },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 20, completion_tokens: 30, total_tokens: 50 },
          },
        },
  );
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_HOSTS: '1',
    // The server itself has no OpenAI-compatible engine: only the workspace's connection does.
    OPENAI_COMPATIBLE_BASE_URL: '',
    OPENAI_COMPATIBLE_MODEL: '',
    OPENAI_COMPATIBLE_API_KEY: '',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), worker?.close(), llm?.close()]);
});

async function signedIn() {
  return client(gateway, await signUp(gateway));
}

describe('the engines of a workspace', () => {
  it('lists, accepts and runs an engine only the workspace has connected; others are refused it', async () => {
    const signedOut = await client(gateway, null)<{ engines: Engine[] }>(ENGINES);
    expect(signedOut.errors).toBeUndefined();
    expect(signedOut.data!.engines.map((e) => e.id)).not.toContain('openai-compatible');
    expect(signedOut.data!.engines.every((e) => e.source === 'SERVER')).toBe(true);

    const team = await signedIn();
    const connected = await team<{ connectEngine: { id: string } }>(
      `mutation ($input: EngineConnectionInput!) { connectEngine(input: $input) { id } }`,
      {
        input: {
          kind: 'OPENAI_COMPATIBLE',
          apiKey: KEY,
          baseUrl: `${llm.url}/v1`,
          model: 'team-model',
        },
      },
    );
    expect(connected.errors).toBeUndefined();

    const listed = await team<{ engines: Engine[] }>(ENGINES);
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.engines.find((e) => e.id === 'openai-compatible')).toEqual({
      id: 'openai-compatible',
      label: `team-model (${new URL(llm.url).host})`,
      offline: false,
      surface: 'MODEL_API',
      searchesWeb: false,
      source: 'WORKSPACE',
      status: 'UNTESTED',
    });
    expect(listed.data!.engines.find((e) => e.id === 'local-gpt')).toMatchObject({
      source: 'SERVER',
      status: null,
    });

    const created = await team<{ createBrand: { id: string; engines: string[] } }>(CREATE, {
      input: baseInput({ engines: ['openai-compatible'], keywords: ['CRM software'] }),
    });
    expect(created.errors).toBeUndefined();
    const brandId = created.data!.createBrand.id;

    const started = await team<{ startRun: { id: string; total: number } }>(
      'mutation ($id: ID!) { startRun(brandId: $id) { id total } }',
      { id: brandId },
    );
    expect(started.errors).toBeUndefined();
    const run = started.data!.startRun;
    await expect
      .poll(
        async () =>
          (
            await team<{ run: { status: string } }>(
              'query ($id: ID!) { run(id: $id) { status } }',
              {
                id: run.id,
              },
            )
          ).data?.run.status,
        { timeout: 20_000, interval: 50 },
      )
      .toBe('COMPLETED');
    const answers = await team<{
      answers: { edges: { node: { text: string; engine: string } }[] };
    }>(
      'query ($id: ID!, $run: ID!) { answers(brandId: $id, runId: $run, first: 100) { edges { node { text engine } } } }',
      { id: brandId, run: run.id },
    );
    expect(answers.errors).toBeUndefined();
    expect(answers.data!.answers.edges.length).toBeGreaterThan(0);
    for (const { node } of answers.data!.answers.edges) {
      expect(node).toEqual({ text: ANSWER, engine: 'openai-compatible' });
    }
    const asked = llm.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(asked).toHaveLength(answers.data!.answers.edges.length);
    for (const request of asked) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.body).toMatchObject({ model: 'team-model' });
    }

    // Settings → Usage names the engine by the connection's label, not its id.
    const renamed = await team(
      `mutation ($id: ID!, $input: EngineConnectionInput!) {
         updateEngineConnection(id: $id, input: $input) { label } }`,
      {
        id: connected.data!.connectEngine.id,
        input: { kind: 'OPENAI_COMPATIBLE', label: 'Team vLLM' },
      },
    );
    expect(renamed.errors).toBeUndefined();
    const usage = await team<{
      currentWorkspace: {
        usage: { byEngine: { engine: string; label: string; answers: number }[] };
      };
    }>('{ currentWorkspace { usage { byEngine { engine label answers } } } }');
    expect(usage.errors).toBeUndefined();
    expect(usage.data!.currentWorkspace.usage.byEngine).toEqual([
      { engine: 'openai-compatible', label: 'Team vLLM', answers: asked.length },
    ]);

    const other = await signedIn();
    const theirs = await other<{ engines: Engine[] }>(ENGINES);
    expect(theirs.data!.engines.map((e) => e.id)).not.toContain('openai-compatible');
    const refused = await other(CREATE, {
      input: baseInput({ engines: ['local-gpt', 'openai-compatible'] }),
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(refused)['engines.1']).toContain('openai-compatible');
  });
});
