import type { Env } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { assertNoEviction, createRedis } from '@lumen/config/redis';
import { createDb } from '@lumen/db/client';
import { ExpireQuickScoresJob } from '@lumen/jobs/definitions';
import { publishEvent } from '@lumen/jobs/events';
import { createQueues, type QueueName } from '@lumen/jobs/queues';
import { UnrecoverableError, Worker } from 'bullmq';
import type { WorkerDeps } from './deps';
import { PROCESSORS } from './processors';

export type RunningWorker = { deps: WorkerDeps; close(): Promise<void> };

/** Starts one BullMQ worker per queue that has processors, plus the maintenance schedulers. */
export async function startWorker(env: Env): Promise<RunningWorker> {
  const logger = createLogger('worker');
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    throw new Error('DATABASE_URL and REDIS_URL must be set (npm start provides embedded ones).');
  }
  const redis = createRedis(env.REDIS_URL);
  await assertNoEviction(redis);
  const db = createDb(env.DATABASE_URL);
  const queueConnection = createRedis(env.REDIS_URL);
  const queues = createQueues(queueConnection, env.REDIS_PREFIX);
  const deps: WorkerDeps = {
    env,
    logger,
    db,
    redis,
    queues,
    publish: (topic, data) => publishEvent(redis, env.REDIS_PREFIX, topic, data),
  };

  const connections = [redis, queueConnection];
  const workers = Object.entries(PROCESSORS).map(([queue, byName]) => {
    const connection = createRedis(env.REDIS_URL!);
    connections.push(connection);
    const worker = new Worker(
      queue as QueueName,
      async (job) => {
        const processor = byName?.[job.name];
        if (!processor)
          throw new UnrecoverableError(`No processor for job "${job.name}" on ${queue}`);
        return processor(job, deps);
      },
      {
        connection,
        prefix: env.REDIS_PREFIX,
        concurrency: env.WORKER_CONCURRENCY,
        autorun: true,
      },
    );
    worker.on('failed', (job, error) =>
      logger.warn(
        { queue, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, err: error.message },
        'job failed',
      ),
    );
    worker.on('error', (error) => logger.error({ queue, err: error.message }, 'worker error'));
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  await queues[ExpireQuickScoresJob.queue].upsertJobScheduler(
    'expire-quick-scores',
    { pattern: '17 3 * * *' },
    { name: ExpireQuickScoresJob.name, data: {} },
  );

  return {
    deps,
    async close() {
      // Worker.close() waits for active jobs to finish before resolving.
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      // BullMQ does not close connections it was handed.
      for (const c of connections) c.disconnect();
      await db.close();
    },
  };
}
