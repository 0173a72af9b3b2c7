import { seedBuiltins } from '@lumen/db/seed/seed';
import { GenerateDraftJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoopbackServer,
  type RecordedRequest,
  startLoopback,
} from '../../../packages/engines/test/loopback-server';
import type { RunningWorker } from '../src/worker';
import { seedBrand, startTestWorker, until } from './brand-run-fixtures';

// The generate-draft job with an LLM configured: the real OpenAI-compatible adapter talks to a
// loopback server speaking the chat-completions wire format. The model gets the evidence and
// the GEO brief; its Markdown becomes the draft (title from its "# " line) with version 1, in
// one transaction with the order's DRAFT_READY; a 5xx is retried, a 4xx fails the order with
// the provider's reason; a second delivery of a finished order writes nothing.

let server: LoopbackServer | undefined;
let worker: RunningWorker | undefined;
let reply: (request: RecordedRequest) => { status?: number; body: unknown };

const ARTICLE = `# Best CRM for small agencies in 2026: Northwind, Relaymark and Pipelane

Northwind CRM is built for agencies of 2 to 50 people. According to [CRM Reviews](https://crmreviews.example/agency-crm),
Relaymark is named first by 3 of 4 assistants.

## Frequently asked questions

### Which CRM suits a five-person agency?

Northwind CRM: it bills by project.

## Sources

- https://crmreviews.example/agency-crm`;

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_763_700_000,
  model: 'writer-8b',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 },
});

beforeAll(async () => {
  server = await startLoopback((request) => reply(request));
  worker = await startTestWorker({
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    GEMINI_API_KEY: '',
    PERPLEXITY_API_KEY: '',
    OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`,
    OPENAI_COMPATIBLE_MODEL: 'writer-8b',
  });
  await seedBuiltins(worker.deps.db);
});

afterEach(() => {
  if (server) server.requests.length = 0;
});

afterAll(async () => {
  await worker?.close();
  await server?.close();
});

/** A brand with an opportunity (competitors named, a review site cited) and an order for it. */
async function orderFor(kind: string) {
  const db = worker!.deps.db;
  const seeded = await seedBrand(db, { prompts: 1, engines: ['local-gpt'] });
  await db.execute(sql`update brands set description =
    'Northwind CRM is a project-based CRM for agencies of 2 to 50 people.' where id = ${seeded.brandId}`);
  const evidence = {
    engines: ['local-gpt', 'local-claude', 'local-gemini'],
    totalEngines: 4,
    competitors: [
      { entityId: null, name: 'Relaymark', bestRank: 1, engines: 3 },
      { entityId: null, name: 'Pipelane', bestRank: 2, engines: 2 },
    ],
    citedDomains: [{ domain: 'crmreviews.example', count: 3 }],
  };
  const [opportunity] = await db.execute<{ id: string }>(sql`
    insert into opportunities (workspace_id, brand_id, prompt_id, type, title, evidence, impact, recommended_kind)
    values (${seeded.workspaceId}, ${seeded.brandId}, ${seeded.promptIds[0]!}, 'missing_mention',
            'Missing for the best CRM for small agencies', ${JSON.stringify(evidence)}::jsonb, 80, ${kind})
    returning id`);
  const [template] = await db.execute<{ id: string }>(
    sql`select id from templates where workspace_id is null and kind = ${kind}`,
  );
  const [order] = await db.execute<{ id: string }>(sql`
    insert into orders (workspace_id, opportunity_id, template_id)
    values (${seeded.workspaceId}, ${opportunity!.id}, ${template!.id}) returning id`);
  const orderId = order!.id;
  await enqueue(worker!.deps.queues, GenerateDraftJob, { orderId }, { jobId: `draft-${orderId}` });
  return { ...seeded, orderId };
}

type OrderState = { status: string; error: string | null; writer: string | null };

function settled(orderId: string) {
  return until(
    async () => {
      const [row] = await worker!.deps.db.execute<OrderState>(
        sql`select status, error, writer from orders where id = ${orderId}`,
      );
      return row!;
    },
    (row) => ['DRAFT_READY', 'FAILED', 'CANCELLED'].includes(row.status),
  );
}

async function draftOf(orderId: string) {
  const rows = await worker!.deps.db.execute<{
    id: string;
    title: string;
    slug: string;
    body: string;
    status: string;
    version: number;
    json_ld: { mainEntity: { name: string }[] } | null;
    meta_title: string;
    versions: number;
  }>(sql`select d.*, (select count(*)::int from draft_versions v where v.draft_id = d.id) as versions
           from drafts d where d.order_id = ${orderId}`);
  return rows;
}

describe('generate-draft with an LLM', () => {
  it('briefs the model with the evidence and the GEO tactics and stores its article as version 1', async () => {
    reply = () => ({ body: completion(ARTICLE) });
    const { orderId } = await orderFor('listicle');
    expect(await settled(orderId)).toEqual({
      status: 'DRAFT_READY',
      error: null,
      writer: 'openai-compatible',
    });
    const request = server!.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    const prompt = (request.body as { messages: { content: string }[] }).messages
      .map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('Relaymark: named by 3 of 4 engines, best position 1');
    expect(prompt).toContain('crmreviews.example (3 citations)');
    expect(prompt).toContain(
      'Northwind CRM is a project-based CRM for agencies of 2 to 50 people.',
    );
    expect(prompt).toContain('1. Introduction — The question the reader asked');
    expect(prompt).toMatch(/statistics/);
    expect(prompt).toMatch(/no keyword stuffing/);

    const [draft] = await draftOf(orderId);
    expect(draft!.title).toBe(
      'Best CRM for small agencies in 2026: Northwind, Relaymark and Pipelane',
    );
    expect(draft!.slug).toBe(
      'best-crm-for-small-agencies-in-2026-northwind-relaymark-and-pipelane',
    );
    expect(draft!.body.startsWith('Northwind CRM is built for agencies')).toBe(true);
    expect(draft!.meta_title.length).toBeLessThanOrEqual(60);
    expect(draft!.json_ld!.mainEntity.map((q) => q.name)).toEqual([
      'Which CRM suits a five-person agency?',
    ]);
    expect(draft!.status).toBe('DRAFT');
    expect(draft!.version).toBe(1);
    expect(draft!.versions).toBe(1);

    // A second delivery of the finished order asks nobody and writes nothing.
    const asked = server!.requests.length;
    // The order is DRAFT_READY before BullMQ files the job as completed; a job still active is
    // locked and cannot be removed, so wait for it to be filed.
    const job = await worker!.deps.queues.content.getJob(`draft-${orderId}`);
    await until(
      () => job!.getState(),
      (state) => state === 'completed',
    );
    await job!.remove();
    await enqueue(
      worker!.deps.queues,
      GenerateDraftJob,
      { orderId },
      { jobId: `draft-${orderId}` },
    );
    await until(
      async () => (await worker!.deps.queues.content.getJob(`draft-${orderId}`))?.getState(),
      (state) => state === 'completed',
    );
    expect(server!.requests.length).toBe(asked);
    expect(await draftOf(orderId)).toHaveLength(1);
  });

  it('retries a 5xx and then writes the draft', async () => {
    let calls = 0;
    reply = () =>
      calls++ === 0
        ? { status: 503, body: { error: { message: 'overloaded' } } }
        : { body: completion(ARTICLE) };
    const { orderId } = await orderFor('faq');
    expect((await settled(orderId)).status).toBe('DRAFT_READY');
    expect(server!.requests.length).toBe(2);
    expect(await draftOf(orderId)).toHaveLength(1);
  });

  it('fails the order with the provider’s reason on a 4xx, and writes no draft', async () => {
    reply = () => ({
      status: 400,
      body: { error: { message: 'model "writer-8b" not found', type: 'invalid_request_error' } },
    });
    const { orderId } = await orderFor('how-to');
    const state = await settled(orderId);
    expect(state.status).toBe('FAILED');
    expect(state.error).toMatch(/could not write the draft: .*model "writer-8b" not found/);
    expect(state.error).toMatch(/Check the provider settings, then retry the order\.$/);
    expect(server!.requests.length).toBe(1);
    expect(await draftOf(orderId)).toEqual([]);
  });
});
