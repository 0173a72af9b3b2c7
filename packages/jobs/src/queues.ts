import { Queue, type QueueOptions } from 'bullmq';
import type { Redis } from 'ioredis';

// Queue names (DESIGN §7). A job name is its definition's constant; payloads carry ids only.
export const QUEUE = {
  quickScore: 'quick-score',
  visibility: 'visibility',
  content: 'content',
  publishing: 'publishing',
  maintenance: 'maintenance',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QUEUE);

// 5 attempts with exponential backoff; finished jobs are trimmed but kept long enough to inspect.
export const DEFAULT_JOB_OPTIONS: QueueOptions['defaultJobOptions'] = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export type Queues = Record<QueueName, Queue> & { close(): Promise<void> };

export function createQueues(connection: Redis, prefix: string): Queues {
  const entries = ALL_QUEUES.map(
    (name) =>
      [
        name,
        new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
      ] as const,
  );
  const queues = Object.fromEntries(entries) as Record<QueueName, Queue>;
  return {
    ...queues,
    close: async () => {
      await Promise.all(entries.map(([, q]) => q.close()));
    },
  };
}
