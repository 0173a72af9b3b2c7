import { registerDbPoolGauges } from '@lumen/db/pool-metrics';
import type { PoolStats } from '@lumen/db/pool-stats';
import { ALL_QUEUES, type Queues } from '@lumen/jobs/queues';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// What operators scrape at /metrics (docs/observability.md, "Metrics"). One registry per gateway
// (tests run several in one process). Every label has a bounded set of values: routes are the
// app's registered templates, operation names are capped, queues and states are fixed lists.

/** Distinct operation names kept per process; later new names are counted as `other`. */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;

export type GatewayMetrics = {
  registry: Registry;
  /** Times every HTTP request; mount first. */
  http: MiddlewareHandler;
  /** Times every GraphQL operation; first among yoga's plugins. */
  graphql: Plugin;
  /** The response cache answered (true) or had to execute (false). */
  cacheLookup(hit: boolean): void;
  /** An event from the bus reached this gateway; `at` is when the worker published it. */
  eventReceived(event: { at: number }): void;
};

export function createGatewayMetrics(queues: Queues, pool?: PoolStats): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDbPoolGauges(registry, pool);

  const httpDuration = new Histogram({
    name: 'lumen_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const operationDuration = new Histogram({
    name: 'lumen_graphql_operation_duration_seconds',
    help: 'GraphQL operations by operation name and type (anonymous, invalid or past the cap: other names collapse).',
    labelNames: ['operation_name', 'operation_type'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'lumen_response_cache_lookups_total',
    help: 'Signed-in GraphQL reads asked of the response cache, by result (hit or miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'lumen_queue_jobs',
    help: 'BullMQ jobs per queue and state, read from Redis on each scrape.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const counts = await Promise.all(
        ALL_QUEUES.map((name) => queues[name].getJobCounts(...QUEUE_STATES)),
      );
      this.reset();
      ALL_QUEUES.forEach((queue, i) => {
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[i]?.[state] ?? 0);
      });
    },
  });
  const eventLag = new Histogram({
    name: 'lumen_event_bus_lag_seconds',
    help: 'From a worker publishing an event to this gateway receiving it (two hosts: their clocks must agree).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  cacheLookups.inc({ result: 'hit' }, 0);
  cacheLookups.inc({ result: 'miss' }, 0);

  const names = new Set<string>();
  function operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(name);
    return name;
  }

  type Timing = { start: bigint; name?: string | null; type?: string; query?: string };
  const timings = new WeakMap<Request, Timing>();
  const graphql: Plugin = {
    onRequest({ request }) {
      timings.set(request, { start: process.hrtime.bigint() });
    },
    onParams({ params, request }) {
      const timing = timings.get(request);
      if (!timing) return;
      timing.name = params.operationName;
      if (typeof params.query === 'string') timing.query = params.query;
    },
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const timing = request ? timings.get(request) : undefined;
      if (!timing) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation) {
        timing.type = operation.operation;
        timing.name ??= operation.name?.value;
      }
    },
    onResponse({ request }) {
      const timing = timings.get(request);
      timings.delete(request);
      // Only GraphQL requests (a POST or GET with a query), not CORS preflights.
      if (!timing?.query) return;
      const seconds = Number(process.hrtime.bigint() - timing.start) / 1e9;
      operationDuration.observe(
        {
          operation_name: operationLabel(timing.name),
          operation_type: timing.type ?? typeOf(timing.query),
        },
        seconds,
      );
    },
  };

  const http: MiddlewareHandler = async (c, next) => {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      // The template of the handler that answered (`/export/:file`, `/admin/queues/*`, `*` for
      // the SPA), never the raw path.
      let route = 'unmatched';
      try {
        route = routePath(c) || 'unmatched';
      } catch {}
      httpDuration.observe(
        { method: methodLabel(c.req.method), route, status: String(c.res.status) },
        seconds,
      );
    }
  };

  return {
    registry,
    http,
    graphql,
    cacheLookup: (hit) => cacheLookups.inc({ result: hit ? 'hit' : 'miss' }),
    eventReceived: ({ at }) => eventLag.observe(Math.max(0, Date.now() - at) / 1000),
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}

/** A cached answer is never executed: its type comes from the query text. */
function typeOf(query: string): string {
  const match = /^\s*(query|mutation|subscription)\b/.exec(
    query.replace(/^\s*(#[^\n]*\n\s*)*/, ''),
  );
  if (match?.[1]) return match[1];
  return query.trimStart().startsWith('{') ? 'query' : 'unknown';
}
