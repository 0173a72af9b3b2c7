import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { chargeAnswer, holdPaidAnswer } from '@lumen/db/repositories/budget.repository';
import { utcMonth } from '@lumen/domain/costs/budget';
import { startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
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
let db: Database;

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
  db = createDb(process.env.DATABASE_URL!, { max: 12 });
});

afterAll(async () => {
  await Promise.all([gateway?.close(), worker?.close(), llm?.close(), db && closeDb(db)]);
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

const RUN = `query ($id: ID!) { run(id: $id) { status error done failed total budgetStopped
  cost { usd unpricedAnswers complete } usage { inputTokens outputTokens searchCalls }
  engines { engine done failed costUsd unpricedAnswers } } }`;
const ANSWERS = `query ($b: ID!, $r: ID!) { answers(brandId: $b, runId: $r, first: 100) {
  edges { node { engine cost error usage { inputTokens outputTokens searchCalls } } } } }`;

type RunView = {
  status: string;
  error: string | null;
  budgetStopped: number;
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

    // The brand's cost per engine over its range; another workspace cannot read the brand.
    const BRAND_COST = `query ($id: ID!) { brand(id: $id) {
      costByEngine(filter: { lastDays: 7 }) { engine answers costUsd unpricedAnswers } } }`;
    const brand = await gql<{
      brand: {
        costByEngine: {
          engine: string;
          answers: number;
          costUsd: number;
          unpricedAnswers: number;
        }[];
      } | null;
    }>(BRAND_COST, { id: ids.brandId });
    expect(brand.errors).toBeUndefined();
    expect(brand.data!.brand!.costByEngine).toEqual([
      {
        engine: 'openai-compatible',
        answers: n,
        costUsd: Number((0.01 * n).toFixed(8)),
        unpricedAnswers: 0,
      },
      { engine: 'local-gpt', answers: local.length, costUsd: 0, unpricedAnswers: 0 },
    ]);
    const stranger = await client(gateway, await signUp(gateway));
    const theirs = await stranger<{ brand: unknown }>(BRAND_COST, { id: ids.brandId });
    expect(theirs.data?.brand ?? null).toBeNull();
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

async function workspaceIdOf(gql: Gql): Promise<string> {
  const res = await gql<{ currentWorkspace: { id: string } }>('{ currentWorkspace { id } }');
  return res.data!.currentWorkspace.id;
}

async function setBudget(gql: Gql, workspaceId: string, usd: number | null) {
  const res = await gql(
    'mutation ($w: ID!, $u: Float) { setMonthlyBudget(workspaceId: $w, usd: $u) { id } }',
    {
      w: workspaceId,
      u: usd,
    },
  );
  expect(res.errors).toBeUndefined();
}

describe('the monthly budget', () => {
  it('stops a run starting paid answers at the limit, says so, and tells once', async () => {
    const gql = await workspaceWith('team-model');
    const workspaceId = await workspaceIdOf(gql);
    // $0.03 is three answers at $0.01 (each holds its typical cost, 1 500 in + 700 out = $0.01).
    await setBudget(gql, workspaceId, 0.03);
    const ids = await runBrand(gql, {
      engines: ['openai-compatible'],
      keywords: ['CRM software'],
      samples: 3,
    });
    const { run, answers } = await read(gql, ids);
    expect(run.total).toBeGreaterThan(3);
    expect(run.status).toBe('COMPLETED');
    const asked = answers.filter((a) => a.error === null);
    const stopped = answers.filter((a) => a.error !== null);
    expect(asked).toHaveLength(3);
    expect(stopped).toHaveLength(run.total - 3);
    for (const a of stopped) {
      expect(a.error).toBe('Not asked: the monthly budget of $0.03 is reached.');
      expect(a.cost).toBeNull();
    }
    // Only the answers that fit were asked of the provider.
    expect(
      llm.requests.filter(
        (r) =>
          (r.body as { model?: string })?.model === 'team-model' &&
          r.path.endsWith('/chat/completions'),
      ).length,
    ).toBeGreaterThanOrEqual(3);
    expect(run.error).toBe(
      `Stopped at the monthly budget: ${run.total - 3} of ${run.total} answers were not asked.`,
    );
    expect(run.failed).toBe(run.total - 3);
    expect(run.budgetStopped).toBe(run.total - 3);
    expect(run.cost).toEqual({ usd: 0.03, unpricedAnswers: 0, complete: true });

    const usage = await gql<{
      currentWorkspace: {
        usage: {
          budget: {
            budgetUsd: number;
            spentUsd: number;
            heldUsd: number;
            reachedAt: string | null;
          };
        };
      };
    }>('{ currentWorkspace { usage { budget { budgetUsd spentUsd heldUsd reachedAt } } } }');
    expect(usage.data!.currentWorkspace.usage.budget).toMatchObject({
      budgetUsd: 0.03,
      spentUsd: 0.03,
      heldUsd: 0,
    });
    expect(usage.data!.currentWorkspace.usage.budget.reachedAt).not.toBeNull();

    const log = await db.execute<{ kind: string; message: string }>(sql`
      select kind, message from activity_log
       where workspace_id = ${workspaceId} and kind like 'budget.%' or (workspace_id = ${workspaceId} and kind = 'run.partial')
       order by created_at`);
    expect(log.map((l) => l.kind).sort()).toEqual([
      'budget.reached',
      'budget.warning',
      'run.partial',
    ]);
    expect(log.find((l) => l.kind === 'budget.reached')?.message).toBe(
      'Budget reached: paid answers this month ($0.03)',
    );
    await expect
      .poll(
        async () =>
          (
            await db.execute<{ key: string }>(sql`
              select key from notification_events
               where workspace_id = ${workspaceId} and type like 'budget.%' order by key`)
          ).map((e) => e.key),
        { timeout: 10_000, interval: 50 },
      )
      .toEqual([
        `budget.reached:${utcMonth(new Date())}`,
        `budget.warning:${utcMonth(new Date())}`,
      ]);

    // A second run this month asks no paid answer at all, and tells nobody again.
    const again = await gql<{ startRun: { id: string } }>(
      'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
      {
        id: ids.brandId,
      },
    );
    expect(again.errors).toBeUndefined();
    const secondId = again.data!.startRun.id;
    await expect
      .poll(
        async () =>
          (
            await gql<{ run: { status: string } }>('query ($id: ID!) { run(id: $id) { status } }', {
              id: secondId,
            })
          ).data?.run.status,
        { timeout: 30_000, interval: 50 },
      )
      .toBe('FAILED');
    const second = await read(gql, { brandId: ids.brandId, runId: secondId });
    expect(second.run.error).toBe(
      `Stopped at the monthly budget: ${second.run.total} of ${second.run.total} answers were not asked.`,
    );
    expect(second.run.budgetStopped).toBe(second.run.total);
    const announced = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from activity_log where workspace_id = ${workspaceId} and kind like 'budget.%'`);
    expect(announced[0]?.n).toBe(2);
  });

  it('starts a run at a reached budget: free engines answer, paid ones are not asked, partial', async () => {
    const gql = await workspaceWith('team-model');
    const workspaceId = await workspaceIdOf(gql);
    await setBudget(gql, workspaceId, 0.01);
    const first = await runBrand(gql, {
      engines: ['openai-compatible'],
      keywords: ['CRM software'],
      samples: 2,
    });
    expect((await read(gql, first)).run.budgetStopped).toBeGreaterThan(0);
    const asked = () =>
      llm.requests.filter(
        (r) =>
          (r.body as { model?: string })?.model === 'team-model' &&
          r.path.endsWith('/chat/completions'),
      ).length;
    const before = asked();

    // The budget is reached: a new run with a free engine beside the paid one still starts.
    const ids = await runBrand(gql, {
      engines: ['openai-compatible', 'local-gpt'],
      keywords: ['CRM software'],
      samples: 1,
    });
    const { run, answers } = await read(gql, ids);
    const paid = answers.filter((a) => a.engine === 'openai-compatible');
    const local = answers.filter((a) => a.engine === 'local-gpt');
    expect(paid.length).toBeGreaterThan(0);
    expect(
      paid.every((a) => a.error === 'Not asked: the monthly budget of $0.01 is reached.'),
    ).toBe(true);
    expect(local.length).toBe(paid.length);
    expect(local.every((a) => a.error === null && a.cost === 0)).toBe(true);
    // No paid answer started: the provider heard nothing more.
    expect(asked()).toBe(before);
    expect(run).toMatchObject({
      status: 'COMPLETED',
      budgetStopped: paid.length,
      failed: paid.length,
      done: local.length,
      error: `Stopped at the monthly budget: ${paid.length} of ${run.total} answers were not asked.`,
      cost: { usd: 0, unpricedAnswers: 0, complete: true },
    });
  });

  it('holds under concurrency: 40 parallel paid answers, room for 10, exactly 10 start', async () => {
    const gql = await workspaceWith('team-model');
    const workspaceId = await workspaceIdOf(gql);
    await setBudget(gql, workspaceId, 0.1);
    const created = await gql<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: baseInput({ name: 'Parallel CRM', keywords: ['CRM software'] }) },
    );
    // A run row of its own that no worker finishes (a finished run gives its holds back).
    const [run] = await db.execute<{ id: string }>(sql`
      insert into runs (brand_id, workspace_id, trigger, status)
      values (${created.data!.createBrand.id}, ${workspaceId}, 'manual', 'RUNNING') returning id`);
    const runId = run!.id;
    const month = utcMonth(new Date());
    const holds = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        holdPaidAnswer(db, { workspaceId, runId, key: `parallel-${i}`, month, estimateUsd: 0.01 }),
      ),
    );
    const allowed = holds.flatMap((h, i) => (h.allowed ? [i] : []));
    expect(allowed).toHaveLength(10);
    // The ten are charged at once, in parallel: spent is exactly the budget, each threshold once.
    await Promise.all(
      allowed.map((i) =>
        db.transaction((tx) =>
          chargeAnswer(tx, { workspaceId, key: `parallel-${i}`, month, costUsd: 0.01 }),
        ),
      ),
    );
    const [spend] = await db.execute<{ spent: number; held: number }>(sql`
      select s.spent_usd::float8 as spent,
             (select count(*)::int from budget_holds h where h.workspace_id = s.workspace_id) as held
        from workspace_spend s where s.workspace_id = ${workspaceId} and s.month = ${month}`);
    expect(spend).toEqual({ spent: 0.1, held: 0 });
    const kinds = await db.execute<{ kind: string }>(sql`
      select kind from activity_log where workspace_id = ${workspaceId} and kind like 'budget.%' order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['budget.reached', 'budget.warning']);
  });

  it('is set by owners and admins only, checked, and logged', async () => {
    const gql = await client(gateway, await signUp(gateway));
    const workspaceId = await workspaceIdOf(gql);
    const refused = await gql(
      'mutation ($w: ID!) { setMonthlyBudget(workspaceId: $w, usd: -5) { id } }',
      {
        w: workspaceId,
      },
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { usd: 'A budget is 0 dollars or more.' },
    });
    await setBudget(gql, workspaceId, 25.004);
    await setBudget(gql, workspaceId, null);
    const log = await db.execute<{ message: string }>(sql`
      select message from activity_log where workspace_id = ${workspaceId}
         and kind = 'workspace.budget_changed' order by created_at`);
    expect(log.map((l) => l.message)).toEqual([
      'Set the monthly budget to $25.00',
      'Removed the monthly budget',
    ]);
  });
});

describe('estimates before spending', () => {
  it('prices prompts × engines × samples at each engine’s typical answer', async () => {
    const gql = await workspaceWith('team-model');
    const ESTIMATE = `query ($b: ID, $e: [String!], $s: Int, $p: Int) {
      costEstimate(brandId: $b, engines: $e, samples: $s, prompts: $p) {
        prompts samples answers costUsd unpricedEngines byEngine { engine answers costUsd } } }`;
    // The brand form: 10 prompts × 3 samples on two engines. team-model's typical answer is
    // 1 500 × $2/M + 700 × $10/M = $0.01, so 30 answers cost $0.30; the offline engine is free.
    const typed = await gql<{ costEstimate: Record<string, unknown> }>(ESTIMATE, {
      e: ['openai-compatible', 'local-gpt'],
      s: 3,
      p: 10,
    });
    expect(typed.errors).toBeUndefined();
    expect(typed.data!.costEstimate).toEqual({
      prompts: 10,
      samples: 3,
      answers: 60,
      costUsd: 0.3,
      unpricedEngines: [],
      byEngine: [
        { engine: 'openai-compatible', answers: 30, costUsd: 0.3 },
        { engine: 'local-gpt', answers: 30, costUsd: 0 },
      ],
    });

    // Run now: the brand's own active prompts, engines and samples.
    const created = await gql<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: baseInput({
          engines: ['openai-compatible'],
          keywords: ['CRM software'],
          samples: 2,
        }),
      },
    );
    const brandId = created.data!.createBrand.id;
    const own = await gql<{ costEstimate: { prompts: number; answers: number; costUsd: number } }>(
      ESTIMATE,
      { b: brandId },
    );
    expect(own.errors).toBeUndefined();
    const { prompts, answers, costUsd } = own.data!.costEstimate;
    expect(prompts).toBeGreaterThan(0);
    expect(answers).toBe(prompts * 2);
    expect(costUsd).toBeCloseTo(answers * 0.01, 8);

    const refused = await gql(ESTIMATE, { e: ['local-gpt'], s: 9, p: 1 });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { samples: 'Samples are 1 to 5.' },
    });
  });
});
