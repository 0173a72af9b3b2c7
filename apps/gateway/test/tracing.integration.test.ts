import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import {
  type OtlpReceiver,
  type ReceivedSpan,
  SPAN_KIND,
  startOtlpReceiver,
} from '../../../scripts/test/otlp-receiver';
import { type EnvelopeServer, startEnvelopeServer } from '../../../scripts/test/sentry-envelopes';
import { until } from '../../../scripts/test/until';
import { reportError } from '../src/observability';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// OpenTelemetry traces (docs/observability.md, "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set,
// a guest's quick check is one trace from the gateway's request through the enqueue and the
// worker's job to the provider call, sent by the real SDK to a loopback OTLP/HTTP receiver. The
// provider is a loopback server speaking chat completions; it must receive the client span's
// `traceparent`.

const ANSWER = 'Northwind CRM and Contoso CRM are the usual picks for small teams.';

let receiver: OtlpReceiver;
let sentry: EnvelopeServer;
let llm: LoopbackServer;
let gateway: RunningGateway | undefined;
let worker: RunningWorker | undefined;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  receiver = await startOtlpReceiver();
  // Sentry starts first (as in production) and must neither take over nor drop our spans.
  sentry = await startEnvelopeServer();
  llm = await startLoopback((request) => {
    const model = (request.body as { model?: string } | undefined)?.model ?? 'team-model';
    return {
      body: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_763_700_000,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 15, completion_tokens: 7, total_tokens: 22 },
      },
    };
  });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    SENTRY_DSN: sentry.dsn,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OPENAI_COMPATIBLE_BASE_URL: `${llm.url}/v1`,
    OPENAI_COMPATIBLE_MODEL: 'team-model',
    OPENAI_COMPATIBLE_API_KEY: 'sk-test-0123456789',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  await llm?.close();
  await receiver?.close();
  await sentry?.close();
  if (handle) await closeDb(handle);
});

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await handle.execute<{ status: string }>(
    sql`select status from quick_scores where id = ${id}`,
  );
  return row?.status;
}

describe('OpenTelemetry traces', () => {
  it('follows a quick check from the request through the queue to the provider call', async () => {
    const running = gateway!;
    const started = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
        variables: {
          input: { brandName: 'Northwind CRM', website: 'northwindcrm.com', industry: 'CRM' },
        },
      }),
    });
    const id = ((await started.json()) as { data: { startQuickScore: { id: string } } }).data
      .startQuickScore.id;
    expect(
      await until(
        () => statusOf(id),
        (s) => s === 'COMPLETED' || s === 'FAILED',
      ),
    ).toBe('COMPLETED');

    // The job span carries the quick check's job id; find it, then its trace.
    const job = await until(
      async () =>
        receiver.spans.find(
          (s) => s.kind === SPAN_KIND.consumer && s.attributes['messaging.message.id'] === id,
        ),
      Boolean,
    );
    const inTrace = () => receiver.spans.filter((s) => s.traceId === job!.traceId);
    const byId = (spanId: string) => inTrace().find((s) => s.spanId === spanId);
    const enqueue = await until(async () => byId(job!.parentSpanId), Boolean);
    const request = await until(async () => byId(enqueue!.parentSpanId), Boolean);
    const calls = await until(
      async () => inTrace().filter((s) => s.kind === SPAN_KIND.client),
      (found) => found.length >= 1 && found.length >= llm.requests.length,
    );
    expect(receiver.rejected).toEqual([]);

    // The gateway's request: the trace's root.
    expect(request).toMatchObject({
      name: 'POST /graphql',
      kind: SPAN_KIND.server,
      parentSpanId: '',
      service: 'lumen-gateway',
    });
    expect(request!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/graphql',
      'http.response.status_code': 200,
    });
    expect(request!.attributes['lumen.request_id']).toEqual(started.headers.get('x-request-id'));

    // The enqueue, its child: the queue, the job's name and id.
    expect(enqueue).toMatchObject({ name: 'enqueue quick-score', kind: SPAN_KIND.producer });
    expect(enqueue!.attributes).toMatchObject({
      'messaging.system': 'bullmq',
      'messaging.destination.name': 'quick-score',
      'lumen.job.name': 'quick-score',
      'messaging.message.id': id,
    });

    // The worker's run of the job, the enqueue's child across Redis.
    expect(job).toMatchObject({ name: 'process quick-score', kind: SPAN_KIND.consumer });
    expect(job!.attributes).toMatchObject({
      'messaging.system': 'bullmq',
      'messaging.destination.name': 'quick-score',
      'lumen.job.name': 'quick-score',
      'lumen.job.attempt': 1,
    });
    expect(job!.status.code ?? 0).not.toBe(2);

    // Every provider call: a client span under the job, naming the engine, whose traceparent
    // reached the provider.
    expect(llm.requests.length).toBeGreaterThan(0);
    const ancestors = (span: ReceivedSpan): string[] => {
      const parent = byId(span.parentSpanId);
      return parent ? [parent.spanId, ...ancestors(parent)] : [];
    };
    const sent = llm.requests.map((r) => r.headers.traceparent);
    for (const call of calls!) {
      expect(ancestors(call)).toContain(job!.spanId);
      expect(call).toMatchObject({ name: 'POST' });
      expect(call.attributes).toMatchObject({
        'lumen.engine': 'openai-compatible',
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'http.response.status_code': 200,
      });
      expect(String(call.attributes['url.full'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\//);
      expect(sent).toContain(`00-${call.traceId}-${call.spanId}-01`);
    }
  });

  it("puts a brand run's engine queries and their provider calls in the run's trace", async () => {
    const gql = client(gateway!, await signUp(gateway!));
    const created = await gql<{ createBrand: { id: string } }>(
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      { input: baseInput({ engines: ['openai-compatible'] }) },
    );
    expect(created.errors).toBeUndefined();
    const keyword = await gql<{ addKeywords: { id: string }[] }>(
      'mutation ($id: ID!) { addKeywords(brandId: $id, texts: ["crm software"]) { id } }',
      { id: created.data!.createBrand.id },
    );
    expect(keyword.errors).toBeUndefined();
    const prompts = await gql(
      'mutation ($id: ID!) { addPrompts(keywordId: $id, texts: ["Which CRM?", "Best CRM for teams?"]) { id } }',
      { id: keyword.data!.addKeywords[0]!.id },
    );
    expect(prompts.errors).toBeUndefined();
    const started = await gql<{ startRun: { id: string } }>(
      'mutation ($id: ID!) { startRun(brandId: $id) { id } }',
      { id: created.data!.createBrand.id },
    );
    expect(started.errors).toBeUndefined();
    const runId = started.data!.startRun.id;
    const run = await until(
      async () => {
        const [row] = await handle.execute<{ status: string; total: number }>(
          sql`select status, (select count(*)::int from answers where run_id = ${runId}) as total from runs where id = ${runId}`,
        );
        return row;
      },
      (row) => row?.status === 'COMPLETED' || row?.status === 'FAILED',
    );
    expect(run!.status).toBe('COMPLETED');

    const runJob = await until(
      async () =>
        receiver.spans.find(
          (s) => s.name === 'process brand-run' && s.attributes['messaging.message.id'] === runId,
        ),
      Boolean,
    );
    const inTrace = () => receiver.spans.filter((s) => s.traceId === runJob!.traceId);
    // The request that started the run is the trace's root.
    const byId = (spanId: string) => inTrace().find((s) => s.spanId === spanId);
    const enqueue = await until(async () => byId(runJob!.parentSpanId), Boolean);
    expect(enqueue).toMatchObject({ name: 'enqueue brand-run', kind: SPAN_KIND.producer });
    const root = await until(async () => byId(enqueue!.parentSpanId), Boolean);
    expect(root).toMatchObject({ name: 'POST /graphql', kind: SPAN_KIND.server, parentSpanId: '' });

    // Every answer's engine query is a job of the same trace, under the run's enqueue of its
    // children, and each made a provider call inside it.
    const queries = await until(
      async () => inTrace().filter((s) => s.name === 'process engine-query'),
      (found) => found.length >= run!.total && run!.total > 0,
    );
    const children = inTrace().find((s) => s.name === 'enqueue engine-query');
    expect(children?.parentSpanId).toBe(runJob!.spanId);
    for (const query of queries!) {
      expect(query.parentSpanId).toBe(children!.spanId);
      const calls = await until(
        async () =>
          inTrace().filter((s) => s.kind === SPAN_KIND.client && s.parentSpanId === query.spanId),
        (found) => found.length > 0,
      );
      expect(calls![0]!.attributes['lumen.engine']).toBe('openai-compatible');
    }
  });

  it('leaves Sentry reporting beside the traces', async () => {
    reportError(new Error('tracing-probe failure'), gateway!.deps.logger, 'http');
    const envelope = await sentry.waitFor((e) => e.includes('tracing-probe failure'));
    expect(envelope).toContain('"where":"http"');
  });
});
