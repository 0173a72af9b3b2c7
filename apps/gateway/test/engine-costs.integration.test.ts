import { loadEnv } from '@lumen/config/env';
import { startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// What answers cost (docs/engines.md, "Costs"): a real run against a loopback server speaking
// chat completions, with real-shaped usage in its replies, priced by an operator's price table
// (PRICE_TABLE). Every figure below is worked out by hand from the table and the usage.

// team-model: $2 per million input tokens, $10 per million output tokens. One reply uses 1 500
// input and 700 output tokens: 1 500 × 2 + 700 × 10 = 10 000 µ$ = $0.01 an answer.
const PRICES = [
  {
    provider: 'openai-compatible',
    model: 'team-model',
    inputPerMTok: 2,
    outputPerMTok: 10,
    asOf: '2026-11-01',
    source: 'test',
  },
];
const ANSWER = 'Northwind CRM and Contoso CRM are the usual picks for small teams.';

type Gql = Awaited<ReturnType<typeof client>>;

let gateway: RunningGateway;
let worker: Awaited<ReturnType<typeof startWorker>>;
let llm: LoopbackServer;

beforeAll(async () => {
  llm = await startLoopback((request) => {
    const model = (request.body as { model?: string } | undefined)?.model ?? 'team-model';
    return request.path === '/v1/models'
      ? { body: { object: 'list', data: [{ id: model, object: 'model', created: 1 }] } }
      : {
          body: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1_763_700_000,
            model,
            choices: [
              { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 1500, completion_tokens: 700, total_tokens: 2200 },
          },
        };
  });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_HOSTS: '1',
    OPENAI_COMPATIBLE_BASE_URL: '',
    OPENAI_COMPATIBLE_MODEL: '',
    OPENAI_COMPATIBLE_API_KEY: '',
    PRICE_TABLE: JSON.stringify(PRICES),
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), worker?.close(), llm?.close()]);
});

async function workspaceWith(model: string): Promise<Gql> {
  const gql = await client(gateway, await signUp(gateway));
  const connected = await gql(
    `mutation ($input: EngineConnectionInput!) { connectEngine(input: $input) { id } }`,
    {
      input: {
        kind: 'OPENAI_COMPATIBLE',
        apiKey: 'sk-test-0123456789',
        baseUrl: `${llm.url}/v1`,
        model,
      },
    },
  );
  expect(connected.errors).toBeUndefined();
  return gql;
}

async function runBrand(gql: Gql, input: Record<string, unknown>) {
  const created = await gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput(input) },
  );
  expect(created.errors).toBeUndefined();
  const brandId = created.data!.createBrand.id;
  const started = await gql<{ startRun: { id: string } }>(
    'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
    { id: brandId },
  );
  expect(started.errors).toBeUndefined();
  const runId = started.data!.startRun.id;
  await expect
    .poll(
      async () =>
        (
          await gql<{ run: { status: string } }>('query ($id: ID!) { run(id: $id) { status } }', {
            id: runId,
          })
        ).data?.run.status,
      { timeout: 30_000, interval: 50 },
    )
    .toMatch(/COMPLETED|FAILED/);
  return { brandId, runId };
}

const RUN = `query ($id: ID!) { run(id: $id) { status error done failed total
  cost { usd unpricedAnswers complete } usage { inputTokens outputTokens searchCalls }
  engines { engine done failed costUsd unpricedAnswers } } }`;
const ANSWERS = `query ($b: ID!, $r: ID!) { answers(brandId: $b, runId: $r, first: 100) {
  edges { node { engine cost error usage { inputTokens outputTokens searchCalls } } } } }`;

type RunView = {
  status: string;
  error: string | null;
  done: number;
  failed: number;
  total: number;
  cost: { usd: number; unpricedAnswers: number; complete: boolean };
  usage: { inputTokens: number; outputTokens: number; searchCalls: number };
  engines: {
    engine: string;
    done: number;
    failed: number;
    costUsd: number;
    unpricedAnswers: number;
  }[];
};
type AnswerView = {
  engine: string;
  cost: number | null;
  error: string | null;
  usage: {
    inputTokens: number | null;
    outputTokens: number | null;
    searchCalls: number | null;
  } | null;
};

async function read(gql: Gql, ids: { brandId: string; runId: string }) {
  const run = await gql<{ run: RunView }>(RUN, { id: ids.runId });
  expect(run.errors).toBeUndefined();
  const answers = await gql<{ answers: { edges: { node: AnswerView }[] } }>(ANSWERS, {
    b: ids.brandId,
    r: ids.runId,
  });
  expect(answers.errors).toBeUndefined();
  return { run: run.data!.run, answers: answers.data!.answers.edges.map((e) => e.node) };
}

describe('costs of answers', () => {
  it('stores each answer’s usage and cost; runs and the month add them per engine', async () => {
    const gql = await workspaceWith('team-model');
    const ids = await runBrand(gql, {
      engines: ['openai-compatible', 'local-gpt'],
      keywords: ['CRM software'],
      samples: 2,
    });
    const { run, answers } = await read(gql, ids);
    expect(run.status).toBe('COMPLETED');
    const paid = answers.filter((a) => a.engine === 'openai-compatible');
    const local = answers.filter((a) => a.engine === 'local-gpt');
    expect(paid.length).toBeGreaterThan(0);
    expect(local).toHaveLength(paid.length);
    for (const answer of paid) {
      expect(answer).toEqual({
        engine: 'openai-compatible',
        cost: 0.01,
        error: null,
        usage: { inputTokens: 1500, outputTokens: 700, searchCalls: null },
      });
    }
    for (const answer of local) expect(answer.cost).toBe(0);

    const n = paid.length;
    expect(run.cost).toEqual({
      usd: Number((0.01 * n).toFixed(8)),
      unpricedAnswers: 0,
      complete: true,
    });
    expect(run.usage).toEqual({ inputTokens: 1500 * n, outputTokens: 700 * n, searchCalls: 0 });
    expect(run.engines.find((e) => e.engine === 'openai-compatible')).toMatchObject({
      done: n,
      costUsd: Number((0.01 * n).toFixed(8)),
      unpricedAnswers: 0,
    });
    expect(run.engines.find((e) => e.engine === 'local-gpt')).toMatchObject({ costUsd: 0 });

    const month = await gql<{
      currentWorkspace: {
        usage: {
          cost: { usd: number; unpricedAnswers: number };
          byEngine: { engine: string; answers: number; costUsd: number; unpricedAnswers: number }[];
        };
      };
    }>(
      '{ currentWorkspace { usage { cost { usd unpricedAnswers } byEngine { engine answers costUsd unpricedAnswers } } } }',
    );
    expect(month.errors).toBeUndefined();
    const usage = month.data!.currentWorkspace.usage;
    expect(usage.cost).toEqual({ usd: Number((0.01 * n).toFixed(8)), unpricedAnswers: 0 });
    expect(usage.byEngine.find((e) => e.engine === 'openai-compatible')).toEqual({
      engine: 'openai-compatible',
      answers: n,
      costUsd: Number((0.01 * n).toFixed(8)),
      unpricedAnswers: 0,
    });
  });

  it('keeps the cost of a model without a price unknown, never zero', async () => {
    const gql = await workspaceWith('mystery-model');
    const ids = await runBrand(gql, { engines: ['openai-compatible'], keywords: ['CRM software'] });
    const { run, answers } = await read(gql, ids);
    expect(run.status).toBe('COMPLETED');
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.cost).toBeNull();
      expect(answer.usage).toEqual({ inputTokens: 1500, outputTokens: 700, searchCalls: null });
    }
    expect(run.cost).toEqual({ usd: 0, unpricedAnswers: answers.length, complete: false });
  });
});
