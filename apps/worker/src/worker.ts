import { createAnalytics } from '@lumen/config/analytics';
import type { Env } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { createSmtpTransport } from '@lumen/config/mailer';
import { assertNoEviction, createRedis, isConnectionError } from '@lumen/config/redis';
import { sentryRelease } from '@lumen/config/release';
import { startTracing, stopTracing } from '@lumen/config/tracing';
import { closeDb, createDb, dbPoolStats } from '@lumen/db/client';
import { loadPriceTable } from '@lumen/engines/pricing/price-table';
import { BackfillAnswerPlacesJob, ReconcileJobsJob } from '@lumen/jobs/definitions';
import { engineQueueSettings } from '@lumen/jobs/engine-queues';
import { enqueue } from '@lumen/jobs/enqueue';
import { publishEvent } from '@lumen/jobs/events';
import { createQueues, type QueueName } from '@lumen/jobs/queues';
import { Job, type MinimalQueue, UnrecoverableError, Worker } from 'bullmq';
import { failRow, isControlFlow, type RegisteredProcessor } from './define-processor';
import type { WorkerDeps } from './deps';
import { startHeartbeat } from './heartbeat';
import { reportJobFailure, reportWorkerError } from './observability';
import { PROCESSORS } from './processors';
import { reanalyzeOutdatedBrands } from './runs/reanalyze-outdated';
import { syncBrandSchedules } from './runs/sync-brand-schedules';
import type { StatusRow } from './status-row';
import { assertMetricsGuarded, createWorkerMetrics, serveWorkerMetrics } from './worker-metrics';

export type RunningWorker = {
  deps: WorkerDeps;
  /** Where the worker's metrics are served, when WORKER_METRICS_PORT is set. */
  metricsUrl: string | null;
  close(): Promise<void>;
};

/** Starts one BullMQ worker per queue that has processors, plus the job schedulers. */
export async function startWorker(env: Env): Promise<RunningWorker> {
  const logger = createLogger('worker');
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    throw new Error('DATABASE_URL and REDIS_URL must be set (npm start provides embedded ones).');
  }
  // Before any connection: a malformed ENGINE_QUEUE_LIMITS stops the start with its format.
  const engineSettings = engineQueueSettings(env.ENGINE_QUEUE_LIMITS);
  // And a malformed price table with the row and field that is wrong.
  loadPriceTable(env);
  // And metrics that would be served beyond this machine without a password.
  assertMetricsGuarded(env);
  // Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md, "Traces").
  await startTracing(env, { name: 'lumen-worker', version: sentryRelease(env.SENTRY_RELEASE) });
  const redisUrl = env.REDIS_URL;
  const redis = createRedis(redisUrl);
  await assertNoEviction(redis);
  const db = createDb(env.DATABASE_URL, {
    max: env.DATABASE_POOL_MAX,
    prepare: env.DATABASE_PREPARE,
  });
  const queueConnection = createRedis(redisUrl);
  const queues = createQueues(queueConnection, env.REDIS_PREFIX, {
    timeScale: env.JOB_RETRY_SCALE,
  });
  const analytics = await createAnalytics({ key: env.POSTHOG_KEY, host: env.POSTHOG_HOST });
  const deps: WorkerDeps = {
    analytics,
    env,
    logger,
    db,
    redis,
    queues,
    publish: (topic, data) => publishEvent(redis, env.REDIS_PREFIX, topic, data),
    mail: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : null,
  };

  const metrics = createWorkerMetrics(dbPoolStats(db));
  const byQueue = new Map<QueueName, Map<string, RegisteredProcessor>>();
  for (const p of PROCESSORS) {
    for (const queue of p.queues ?? [p.definition.queue]) {
      const names = byQueue.get(queue) ?? new Map<string, RegisteredProcessor>();
      names.set(p.definition.name, p);
      byQueue.set(queue, names);
    }
  }

  const connections = [redis, queueConnection];
  const failedHandlers = new Set<Promise<void>>();
  const workers = [...byQueue].map(([queue, byName]) => {
    const connection = createRedis(redisUrl);
    connections.push(connection);
    // Provider queues have their own concurrency and limiter (engine-queues.ts).
    const settings = engineSettings[queue] ?? { concurrency: env.WORKER_CONCURRENCY };
    const worker: Worker = new Worker(
      queue,
      async (job, token) => {
        const processor = byName.get(job.name);
        if (!processor)
          throw new UnrecoverableError(`No processor for job "${job.name}" on ${queue}`);
        const done = metrics.startJob(queue, processor.definition.name);
        try {
          const result = await processor.run(job, deps, {
            token,
            rateLimit: (ms) => worker.rateLimit(ms),
          });
          done('completed');
          return result;
        } catch (error) {
          done(isControlFlow(error) ? 'deferred' : 'failed');
          throw error;
        }
      },
      {
        connection,
        prefix: env.REDIS_PREFIX,
        ...settings,
        lockDuration: env.WORKER_LOCK_MS,
        stalledInterval: env.WORKER_STALLED_INTERVAL_MS,
        maxStalledCount: 1,
        autorun: true,
      },
    );
    worker.on('failed', (job, error) => {
      if (!job) return;
      // Tracked so that close() waits for it: a handler cut off by the closing database would
      // leave its row to the reconciler.
      const handling = onFailed(deps, byName, worker, job, error).finally(() =>
        failedHandlers.delete(handling),
      );
      failedHandlers.add(handling);
    });
    worker.on('error', (error) => {
      // Lost connections are reported once per outage by the connection (createRedis).
      if (!isConnectionError(error)) reportWorkerError(error, logger);
    });
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  for (const { definition } of PROCESSORS) {
    if (!definition.cron) continue;
    await queues[definition.queue].upsertJobScheduler(
      definition.name,
      { pattern: definition.cron },
      { name: definition.name, data: {} },
    );
  }
  await queues[ReconcileJobsJob.queue].upsertJobScheduler(
    ReconcileJobsJob.name,
    { every: env.RECONCILE_INTERVAL_MS },
    { name: ReconcileJobsJob.name, data: {}, opts: { attempts: 1 } },
  );

  const schedules = await syncBrandSchedules(deps);
  logger.info(schedules, 'brand schedules in sync');
  const outdated = await reanalyzeOutdatedBrands(deps);
  if (outdated.requested > 0) logger.info(outdated, 'brands analysed by an older analyzer');
  // One job for every worker starting (its id is fixed), not a scan on each start path.
  await enqueue(queues, BackfillAnswerPlacesJob, {}, { jobId: BackfillAnswerPlacesJob.name });

  const metricsServer = await serveWorkerMetrics(env, metrics.registry);
  if (metricsServer) logger.info({ url: metricsServer.url }, 'worker metrics');

  const heartbeat = env.WORKER_HEARTBEAT_FILE
    ? startHeartbeat({
        file: env.WORKER_HEARTBEAT_FILE,
        intervalMs: env.WORKER_HEARTBEAT_MS,
        alive: async () =>
          workers.every((w) => w.isRunning()) &&
          (await Promise.race([
            redis.ping().then((reply) => reply === 'PONG'),
            new Promise<boolean>((done) => setTimeout(() => done(false), 2000).unref()),
          ])),
      })
    : null;
  // The first beat at once: the container is healthy as soon as the worker is.
  await heartbeat?.beat();

  return {
    deps,
    metricsUrl: metricsServer?.url ?? null,
    async close() {
      // Unhealthy from the first moment of stopping.
      heartbeat?.stop();
      await metricsServer?.close();
      // Worker.close() waits for active jobs to finish before resolving.
      await Promise.all(workers.map((w) => w.close()));
      // A job that failed as its worker closed may still be failing its row.
      await Promise.all([...failedHandlers]);
      await queues.close();
      // BullMQ does not close connections it was handed.
      for (const c of connections) c.disconnect();
      await closeDb(db);
      await analytics.shutdown();
      deps.mail?.close();
      await stopTracing();
    },
  };
}

/**
 * Every failure that ends a job reaches this event, including those the processor never saw:
 * a job that stalled more than once (its worker died twice) is failed by BullMQ before any
 * processor code runs. The row is failed here too; the reconciler catches what this misses.
 */
async function onFailed(
  deps: WorkerDeps,
  byName: Map<string, RegisteredProcessor>,
  worker: Worker,
  job: Job,
  error: Error,
): Promise<void> {
  try {
    if ((await job.getState()) !== 'failed') return;
    const statusRow = byName.get(job.name)?.statusRow;
    const parsed = statusRow?.definition.payload.safeParse(job.data);
    if (!statusRow || !parsed?.success) return;
    const rowId = statusRow.rowIdOf(parsed.data as Record<string, unknown>);
    const changed = await failRowOfFailedJob(deps, statusRow, rowId, worker, job);
    // The processor reports what it saw; a row still open here means it never got the chance.
    if (changed) {
      reportJobFailure(
        error,
        {
          queue: statusRow.definition.queue,
          job: job.name,
          jobId: job.id ?? '',
          attempts: job.attemptsMade,
        },
        deps.logger,
      );
    }
  } catch (failure) {
    deps.logger.warn({ jobId: job.id, err: String(failure) }, 'failed-job handling skipped');
  }
}

/**
 * Fails the row of a job BullMQ filed as failed, with the row's "stopped" message. The job may
 * have been removed and its row asked for again since the handler read it (on a busy machine the
 * handler runs late): the write is kept only if this very job is still there, failed.
 */
export function failRowOfFailedJob(
  deps: WorkerDeps,
  statusRow: StatusRow,
  rowId: string,
  queue: MinimalQueue,
  job: Job,
): Promise<boolean> {
  return failRow(deps, statusRow, rowId, statusRow.stoppedMessage, () =>
    isSameFailedJob(queue, job),
  );
}

/** Whether the job under `job.id` is still this one (not a later request's), and failed. */
async function isSameFailedJob(queue: MinimalQueue, job: Job): Promise<boolean> {
  if (!job.id) return false;
  const current = await Job.fromId(queue, job.id);
  if (!current || current.timestamp !== job.timestamp) return false;
  return (await current.getState()) === 'failed';
}
