import { SystemPingJob } from '@lumen/jobs/definitions';
import { systemPingKey, TOPIC } from '@lumen/jobs/events';
import { defineProcessor } from '../define-processor';

/**
 * Answers a gateway's system ping: records when it ran and publishes the event the
 * `systemPingProcessed` subscription waits for. A second delivery finds the key and does nothing.
 */
export const systemPingProcessor = defineProcessor(SystemPingJob, async ({ pingId }, { deps }) => {
  const key = systemPingKey(deps.env.REDIS_PREFIX, pingId);
  const existing = await deps.redis.get(key);
  if (existing) return { processedAt: Number(existing) };
  // Lets tests hold a job in flight (graceful shutdown); unset in real use.
  const delay = Number(process.env.WORKER_PING_DELAY_MS ?? 0);
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  const processedAt = Date.now();
  await deps.redis.set(key, String(processedAt), 'EX', 600);
  await deps.publish(TOPIC.systemPing(pingId), { processedAt });
  return { processedAt };
});
