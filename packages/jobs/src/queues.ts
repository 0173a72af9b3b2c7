import { FlowProducer, Queue, type QueueOptions } from 'bullmq';
import type { Redis } from 'ioredis';

// Queue names (docs/jobs.md). A job name is its definition's constant; payloads carry ids only.
export const QUEUE = {
  quickScore: 'quick-score',
  visibility: 'visibility',
  content: 'content',
  publishing: 'publishing',
  maintenance: 'maintenance',
  // One queue per answer-engine provider, each with its own concurrency and rate limiter
  // (engine-queues.ts): a provider answering 429 slows only its own queue.
  engineLocal: 'engine-local',
  engineOpenai: 'engine-openai',
  engineAnthropic: 'engine-anthropic',
  engineGoogle: 'engine-google',
  enginePerplexity: 'engine-perplexity',
  engineXai: 'engine-xai',
  engineDeepseek: 'engine-deepseek',
  engineMistral: 'engine-mistral',
  engineSerpapi: 'engine-serpapi',
  engineOpenaiCompatible: 'engine-openai-compatible',
  // After a brand run: its gaps become opportunities (docs/jobs.md, "After a run").
  gapAnalysis: 'gap-analysis',
  // After publishing: the post read into the corpus and measured again (docs/closed-loop.md).
  closedLoop: 'closed-loop',
  // A brand's stored answers read again when its names or the analyzer change (docs/jobs.md).
  analysis: 'analysis',
  // After a run, publish or ingestion: events found and sent (docs/notifications.md).
  notify: 'notify',
  // A brand's site read as AI crawlers read it (docs/site-audit.md).
  siteAudit: 'site-audit',
  // A brand's cited third-party pages fetched and read (docs/sources.md, "Cites them, not us").
  sources: 'sources',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QUEUE);

// Retries come from each definition's budget (`enqueue`); finished jobs are trimmed but kept
// long enough to inspect and for the reconciler to read why a job failed.
export const DEFAULT_JOB_OPTIONS: QueueOptions['defaultJobOptions'] = {
  attempts: 1,
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export type Queues = Record<QueueName, Queue> & {
  /** Parent/children jobs (a brand run and its engine queries) on the same connection. */
  flows: FlowProducer;
  /** Multiplies retry waits and budgets; 1 in production, smaller in tests. */
  timeScale: number;
  close(): Promise<void>;
};

export function createQueues(
  connection: Redis,
  prefix: string,
  options: { timeScale?: number } = {},
): Queues {
  const entries = ALL_QUEUES.map(
    (name) =>
      [
        name,
        new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
      ] as const,
  );
  const queues = Object.fromEntries(entries) as Record<QueueName, Queue>;
  const flows = new FlowProducer({ connection, prefix });
  // Connection errors are reported once per outage by the connection itself (createRedis);
  // without a listener BullMQ would print each retry's stack.
  for (const [, q] of entries) q.on('error', () => {});
  flows.on('error', () => {});
  return {
    ...queues,
    flows,
    timeScale: options.timeScale ?? 1,
    close: async () => {
      await Promise.all([...entries.map(([, q]) => q.close()), flows.close()]);
    },
  };
}
