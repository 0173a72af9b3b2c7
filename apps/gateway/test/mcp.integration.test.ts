import { fileURLToPath } from 'node:url';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { TOOL_NAMES } from '@lumen/mcp/server';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, type GqlBody, signUp } from './brand-helpers';
import { seedOpportunity } from './opportunity-seed';

// The MCP server (docs/mcp.md) through the SDK's own client, over both transports: Streamable
// HTTP at the gateway's /mcp and stdio through `npx lumen-mcp`. Each tool is called and its
// answer checked against the GraphQL API read with the same key.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let gateway: RunningGateway;
let worker: RunningWorker;
let db: Database;
let brandId: string;
let runId: string;
let member: string;
let viewer: string;
type Ask = <T>(query: string, variables?: Record<string, unknown>) => Promise<GqlBody<T>>;
let asKey: Ask;

/** Waits for the run to end (the hook's or test's timeout is the only bound). */
async function untilRunEnds(id: string): Promise<string> {
  for (;;) {
    const res = await asKey<{ run: { status: string } }>(
      'query ($id: ID!) { run(id: $id) { status } }',
      { id },
    );
    const status = res.data?.run.status ?? '';
    if (status === 'COMPLETED' || status === 'FAILED') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(db);
  await seedBuiltins(db);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    RECONCILE_INTERVAL_MS: '500',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
  const owner = client(gateway, await signUp(gateway));
  const brand = await owner<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: baseInput({
        name: 'Mcp Northwind',
        engines: ['local-gpt'],
        competitors: [{ name: 'Salesforce' }, { name: 'HubSpot' }],
        keywords: ['crm for small business'],
        schedule: { cadence: 'MANUAL', hour: 0, timezone: 'UTC' },
      }),
    },
  );
  brandId = brand.data!.createBrand.id;
  const key = async (role: string) =>
    (
      await owner<{ createApiKey: { secret: string } }>(
        'mutation ($r: WorkspaceRole!) { createApiKey(input: { name: "mcp", role: $r }) { secret } }',
        { r: role },
      )
    ).data!.createApiKey.secret;
  member = await key('MEMBER');
  viewer = await key('VIEWER');
  asKey = client(gateway, member);
  const started = await asKey<{ startRun: { id: string } }>(
    'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
    { b: brandId },
  );
  runId = started.data!.startRun.id;
  if ((await untilRunEnds(runId)) !== 'COMPLETED') throw new Error('the first run failed');
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (db) await closeDb(db);
});

async function overHttp(secret: string): Promise<Client> {
  const mcp = new Client({ name: 'lumen-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  return mcp;
}

async function overStdio(secret: string): Promise<Client> {
  const mcp = new Client({ name: 'lumen-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: 'npx',
      args: ['--no-install', 'lumen-mcp'],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LUMEN_URL: gateway.url,
        LUMEN_API_KEY: secret,
      },
      stderr: 'pipe',
    }),
  );
  return mcp;
}

type ToolAnswer = { isError?: boolean; content: { type: string; text?: string }[] };

async function call<T>(mcp: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await mcp.callTool({ name, arguments: args })) as ToolAnswer;
  const text = result.content[0]?.text ?? '';
  if (result.isError) throw new Error(`${name} refused: ${text}`);
  return JSON.parse(text) as T;
}

const transports = [
  ['Streamable HTTP (/mcp)', overHttp],
  ['stdio (npx lumen-mcp)', overStdio],
] as const;

describe.each(transports)('MCP over %s', (_name, connect) => {
  let mcp: Client;
  beforeAll(async () => {
    mcp = await connect(member);
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
  });

  it('lists the eight tools with their input schemas', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const metrics = tools.find((t) => t.name === 'brand_metrics')!;
    expect(metrics.inputSchema.required).toEqual(['brandId']);
    expect(Object.keys(metrics.inputSchema.properties ?? {}).sort()).toEqual([
      'brandId',
      'engine',
      'from',
      'to',
    ]);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(20);
  });

  it('list_brands, brand_metrics, get_run, get_answers and list_opportunities answer as GraphQL does', async () => {
    const brands = await call<{ id: string; name: string }[]>(mcp, 'list_brands');
    const viaApi = await asKey<{ brands: { id: string }[] }>('{ brands { id } }');
    expect(brands.map((b) => b.id)).toEqual(viaApi.data!.brands.map((b) => b.id));

    const metrics = await call<{
      metrics: { score: number; answers: number; mentionRate: unknown };
    }>(mcp, 'brand_metrics', { brandId });
    const apiMetrics = await asKey<{
      brand: { metrics: { score: number; answers: number; mentionRate: unknown } };
    }>(
      'query ($id: ID!) { brand(id: $id) { metrics(filter: { lastDays: 30 }) { score answers mentionRate { value low high } } } }',
      { id: brandId },
    );
    expect(metrics.metrics).toMatchObject(apiMetrics.data!.brand.metrics);
    expect(metrics.metrics.answers).toBeGreaterThan(0);

    const run = await call<{ id: string; status: string; score: number | null }>(mcp, 'get_run', {
      runId,
    });
    const apiRun = await asKey<{ run: { status: string; score: number | null } }>(
      'query ($id: ID!) { run(id: $id) { status score } }',
      { id: runId },
    );
    expect(run).toMatchObject({ id: runId, ...apiRun.data!.run });

    const answers = await call<
      { id: string; text: string; mentions: unknown[]; citations: unknown[] }[]
    >(mcp, 'get_answers', { runId, first: 3 });
    const apiAnswers = await asKey<{ answers: { edges: { node: { id: string } }[] } }>(
      'query ($b: ID!, $r: ID) { answers(brandId: $b, runId: $r, first: 3) { edges { node { id } } } }',
      { b: brandId, r: runId },
    );
    expect(answers.map((a) => a.id)).toEqual(apiAnswers.data!.answers.edges.map((e) => e.node.id));
    expect(answers[0]!.text.length).toBeGreaterThan(0);
    expect(Array.isArray(answers[0]!.mentions) && Array.isArray(answers[0]!.citations)).toBe(true);

    const opportunities = await call<{ totalCount: number; opportunities: { id: string }[] }>(
      mcp,
      'list_opportunities',
      { brandId },
    );
    const apiOpportunities = await asKey<{ opportunities: { totalCount: number } }>(
      'query ($b: ID) { opportunities(filter: { brandId: $b }) { totalCount } }',
      { b: brandId },
    );
    expect(opportunities.totalCount).toBe(apiOpportunities.data!.opportunities.totalCount);
  }, 60_000);

  it('run_brand starts a run that get_run follows', async () => {
    const started = await call<{ runId: string; status: string }>(mcp, 'run_brand', { brandId });
    const apiRun = await asKey<{ run: { id: string } | null }>(
      'query ($id: ID!) { run(id: $id) { id } }',
      { id: started.runId },
    );
    expect(apiRun.data!.run?.id).toBe(started.runId);
    expect(await untilRunEnds(started.runId)).toBe('COMPLETED');
    expect((await call<{ status: string }>(mcp, 'get_run', { runId: started.runId })).status).toBe(
      'COMPLETED',
    );
  }, 180_000);

  it('create_content orders a draft for an opportunity', async () => {
    // A workspace with a real opportunity (a run's answers through the worker's gap analysis).
    const seeded = await seedOpportunity(gateway, db);
    const key = await seeded.gql<{ createApiKey: { secret: string } }>(
      'mutation { createApiKey(input: { name: "mcp", role: MEMBER }) { secret } }',
    );
    const secret = key.data!.createApiKey.secret;
    const there = await connect(secret);
    try {
      const { opportunities } = await call<{ opportunities: { id: string }[] }>(
        there,
        'list_opportunities',
        { brandId: seeded.brandId },
      );
      expect(opportunities.map((o) => o.id)).toContain(seeded.opportunityId);
      const order = await call<{ orderId: string }>(there, 'create_content', {
        opportunityId: seeded.opportunityId,
      });
      const apiOrder = await client(gateway, secret)<{
        order: { id: string; opportunity: { id: string } } | null;
      }>('query ($id: ID!) { order(id: $id) { id opportunity { id } } }', { id: order.orderId });
      expect(apiOrder.data!.order).toEqual({
        id: order.orderId,
        opportunity: { id: seeded.opportunityId },
      });
      // Another workspace's opportunity answers as a missing one.
      const foreign = (await mcp.callTool({
        name: 'create_content',
        arguments: { opportunityId: seeded.opportunityId },
      })) as ToolAnswer;
      expect(foreign.isError).toBe(true);
      expect(foreign.content[0]?.text).toMatch(/^Lumen found nothing: Opportunity not found\./);
    } finally {
      await there.close();
    }
  }, 180_000);

  it('quick_score waits for the result and returns the score, its formula and opportunities', async () => {
    const result = await call<{
      id: string;
      status: string;
      score: number;
      formula: { text: string };
      topOpportunities: unknown[];
    }>(mcp, 'quick_score', {
      brand: 'Northwind CRM',
      website: 'northwindcrm.com',
      industry: 'CRM software',
      competitors: ['Salesforce'],
    });
    expect(result.status).toBe('COMPLETED');
    expect(result.formula.text).toContain('0.40');
    expect(Array.isArray(result.topOpportunities)).toBe(true);
    const api = await asKey<{ quickScore: { result: { score: number } } }>(
      'query ($id: ID!) { quickScore(id: $id) { result { score } } }',
      { id: result.id },
    );
    expect(result.score).toBe(api.data!.quickScore.result.score);
  }, 180_000);

  it('lists and reads the brand resource as plain text', async () => {
    const { resources } = await mcp.listResources();
    expect(resources.map((r) => r.uri)).toContain(`lumen://brands/${brandId}`);
    const read = await mcp.readResource({ uri: `lumen://brands/${brandId}` });
    const text = (read.contents[0] as { text: string }).text;
    expect(text).toContain('Mcp Northwind');
    expect(text).toMatch(/visibility score \d+\/100/);
    expect(text).toMatch(/Open opportunities: \d+/);
  });

  it('refuses what the key’s role does not allow, with a readable message', async () => {
    const asViewer = await connect(viewer);
    try {
      const result = (await asViewer.callTool({
        name: 'run_brand',
        arguments: { brandId },
      })) as ToolAnswer;
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toMatch(/^Lumen refused: .*role does not allow/);
      // Reading is a viewer's.
      expect((await call<unknown[]>(asViewer, 'list_brands')).length).toBe(1);
    } finally {
      await asViewer.close();
    }
  }, 60_000);
});

describe('the /mcp endpoint', () => {
  it('needs a valid API key', async () => {
    const init = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    };
    expect((await fetch(`${gateway.url}/mcp`, init)).status).toBe(401);
    const wrong = await fetch(`${gateway.url}/mcp`, {
      ...init,
      headers: {
        ...init.headers,
        authorization: `Bearer ${member.slice(0, -1)}${member.endsWith('x') ? 'y' : 'x'}`,
      },
    });
    expect(wrong.status).toBe(401);
    const limited = await fetch(`${gateway.url}/mcp`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${member}` },
    });
    expect(limited.headers.get('ratelimit-limit')).toBe('600');
  });
});
