import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, type Env } from '@lumen/config/env';
import { registerDbPoolGauges } from '@lumen/db/pool-metrics';
import type { PoolStats } from '@lumen/db/pool-stats';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// What operators scrape from a worker (docs/observability.md, "Worker metrics"): how long each
// job kind takes and how it ends, plus the process's own metrics. Labels have bounded values:
// queues and job names are the definitions', outcomes a fixed list.

/** How one delivery of a job ended in this worker. */
export type JobOutcome = 'completed' | 'failed' | 'deferred';

export type WorkerMetrics = {
  registry: Registry;
  /** Starts timing one delivery; call the result with its outcome. */
  startJob(queue: string, job: string): (outcome: JobOutcome) => void;
};

export function createWorkerMetrics(pool?: PoolStats): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDbPoolGauges(registry, pool);
  const duration = new Histogram({
    name: 'lumen_job_duration_seconds',
    help: 'Job deliveries by queue, job name and outcome (completed, failed, deferred: moved to wait for children, a delay or a rate limit).',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const started = new Counter({
    name: 'lumen_jobs_started_total',
    help: 'Job deliveries this worker started, by queue and job name.',
    labelNames: ['queue', 'job'] as const,
    registers: [registry],
  });
  return {
    registry,
    startJob(queue, job) {
      started.inc({ queue, job });
      const start = process.hrtime.bigint();
      return (outcome) =>
        duration.observe({ queue, job, outcome }, Number(process.hrtime.bigint() - start) / 1e9);
    },
  };
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

type MetricsEnv = Pick<
  Env,
  'WORKER_METRICS_PORT' | 'WORKER_METRICS_HOST' | 'OPERATOR_USER' | 'OPERATOR_PASSWORD'
>;

/** Checked before the worker connects to anything: metrics beyond loopback need a password. */
export function assertMetricsGuarded(env: MetricsEnv): void {
  const host = env.WORKER_METRICS_HOST;
  if (env.WORKER_METRICS_PORT !== undefined && !LOOPBACK.test(host) && !env.OPERATOR_PASSWORD) {
    throw new ConfigError(
      `WORKER_METRICS_HOST=${host} would show the worker's metrics beyond this machine without a password: set OPERATOR_PASSWORD, or leave WORKER_METRICS_HOST at 127.0.0.1.`,
    );
  }
}

/**
 * Serves the registry at `/metrics` on WORKER_METRICS_PORT, on loopback unless
 * WORKER_METRICS_HOST says otherwise. With OPERATOR_PASSWORD set it asks for the operators'
 * Basic credentials, as the gateway's `/metrics` does; another interface without a password is
 * refused at start (a worker's metrics are never public).
 */
export async function serveWorkerMetrics(
  env: MetricsEnv,
  registry: Registry,
): Promise<{ url: string; close(): Promise<void> } | null> {
  if (env.WORKER_METRICS_PORT === undefined) return null;
  assertMetricsGuarded(env);
  const host = env.WORKER_METRICS_HOST;
  const expected = env.OPERATOR_PASSWORD
    ? Buffer.from(
        `Basic ${Buffer.from(`${env.OPERATOR_USER}:${env.OPERATOR_PASSWORD}`).toString('base64')}`,
      )
    : null;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (expected) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res
          .writeHead(401, {
            'content-type': 'text/plain',
            'www-authenticate': 'Basic realm="Lumen operators"',
          })
          .end('Unauthorized');
        return;
      }
    }
    registry.metrics().then(
      (body) =>
        res
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'),
    );
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(env.WORKER_METRICS_PORT, host, () => ready());
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/metrics`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
