import { loadEnv } from '@lumen/config/env';
import { createRedis } from '@lumen/config/redis';
import { publishEvent } from '@lumen/jobs/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import { type RunningGateway, startGateway } from '../src/server';

// What operators see inside a gateway: /metrics behind the operators' guard, and a request id on
// every request that follows its jobs into the worker (docs/observability.md).
let gateway: RunningGateway;
const PASSWORD = 'a-long-operator-password';
const operator = `Basic ${Buffer.from(`operator:${PASSWORD}`).toString('base64')}`;

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    OPERATOR_PASSWORD: PASSWORD,
    TRUST_PROXY: 'loopback',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

const scrape = (headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/metrics`, {
    headers: { 'x-forwarded-for': '198.51.100.40', ...headers },
  });

const gql = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

describe('/metrics', () => {
  it('is refused without operator credentials, exactly as /admin is', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Basic ${Buffer.from('operator:wrong-password-here').toString('base64')}` },
    ]) {
      const metrics = await scrape(headers);
      const admin = await fetch(`${gateway.url}/admin/contact-requests`, {
        headers: { 'x-forwarded-for': '198.51.100.40', ...headers },
      });
      expect(metrics.status).toBe(401);
      expect(metrics.status).toBe(admin.status);
      expect(metrics.headers.get('www-authenticate')).toBe(admin.headers.get('www-authenticate'));
      const body = await metrics.text();
      expect(body).toBe(await admin.text());
      expect(body).not.toContain('lumen_');
    }
  });

  it('answers operators with Prometheus text: HTTP and GraphQL histograms, queue gauges, process metrics', async () => {
    // A named operation, then one the client named with nonsense: that collapses to `other`.
    expect((await gql('query OperatorProbe { health { ok } }')).status).toBe(200);
    expect((await gql('{ health { ok } }')).status).toBe(200);
    const res = await scrape({ authorization: operator });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE lumen_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE lumen_graphql_operation_duration_seconds histogram');
    expect(text).toMatch(
      /lumen_graphql_operation_duration_seconds_count\{operation_name="OperatorProbe",operation_type="query"\} 1\n/,
    );
    expect(text).toMatch(
      /lumen_graphql_operation_duration_seconds_count\{operation_name="anonymous",operation_type="query"\} 1\n/,
    );
    // The route template, not the raw path.
    expect(text).toMatch(
      /lumen_http_request_duration_seconds_count\{method="POST",route="\/graphql",status="200"\} 2\n/,
    );
    expect(text).toContain('# TYPE lumen_queue_jobs gauge');
    expect(text).toMatch(/lumen_queue_jobs\{queue="maintenance",state="waiting"\} \d+\n/);
    expect(text).toMatch(/lumen_queue_jobs\{queue="quick-score",state="failed"\} \d+\n/);
    expect(text).toContain('lumen_response_cache_lookups_total{result="hit"}');
    expect(text).toContain('# TYPE lumen_event_bus_lag_seconds histogram');
    expect(text).toMatch(/\nlumen_db_pool_in_use \d+\n/);
    expect(text).toMatch(/\nlumen_db_pool_waiting \d+\n/);
    expect(text).toMatch(/\nlumen_db_pool_max [1-9]\d*\n/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('times events from the bus: published by a worker, received by this gateway', async () => {
    const received = async () => {
      const text = await (await scrape({ authorization: operator })).text();
      return Number(/lumen_event_bus_lag_seconds_count (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await received();
    const redis = createRedis(process.env.REDIS_URL!);
    try {
      // As a worker publishes: the event carries when it was sent.
      await publishEvent(redis, gateway.deps.env.REDIS_PREFIX, 'metrics-probe', {});
      expect(await until(received, (n) => n > before)).toBe(before + 1);
    } finally {
      redis.disconnect();
    }
  });

  it('counts waiting jobs on each scrape', async () => {
    const waiting = async () => {
      const text = await (await scrape({ authorization: operator })).text();
      return Number(
        /lumen_queue_jobs\{queue="maintenance",state="waiting"\} (\d+)/.exec(text)?.[1],
      );
    };
    const before = await waiting();
    // No worker runs beside this gateway: the ping job stays waiting.
    const res = await gql('mutation { requestSystemPing { id } }');
    expect(res.status).toBe(200);
    expect(await waiting()).toBe(before + 1);
  });
});

describe('request ids', () => {
  it('echoes a valid x-request-id', async () => {
    const id = 'trace-ABC.def_123';
    const res = await fetch(`${gateway.url}/healthz`, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    const graphql = await gql('{ health { ok } }', { 'x-request-id': id });
    expect(graphql.headers.get('x-request-id')).toBe(id);
  });

  it('replaces an invalid one and generates one when absent', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon', 'a/b', '']) {
      const res = await fetch(`${gateway.url}/healthz`, { headers: { 'x-request-id': bad } });
      const answered = res.headers.get('x-request-id');
      expect(answered).not.toBe(bad);
      expect(answered).toMatch(uuid);
    }
    const a = (await fetch(`${gateway.url}/healthz`)).headers.get('x-request-id');
    const b = (await gql('{ health { ok } }')).headers.get('x-request-id');
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
  });

  it('goes into the data of a job a mutation enqueues, never into its id', async () => {
    const requestId = 'ping-request-42';
    const res = await gql('mutation { requestSystemPing { id } }', { 'x-request-id': requestId });
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const body = (await res.json()) as { data: { requestSystemPing: { id: string } } };
    const pingId = body.data.requestSystemPing.id;
    const job = await gateway.deps.queues.maintenance.getJob(`ping-${pingId}`);
    expect(job?.id).toBe(`ping-${pingId}`);
    expect(job?.data).toEqual({ pingId, requestId });
  });
});
