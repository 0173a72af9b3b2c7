import type { WorkerOptions } from 'bullmq';
import { QUEUE, type QueueName } from './queues';

/** The provider queue each engine's queries wait in (docs/jobs.md, "Brand runs"). */
const PROVIDER_QUEUES: Record<string, QueueName> = {
  openai: QUEUE.engineOpenai,
  anthropic: QUEUE.engineAnthropic,
  google: QUEUE.engineGoogle,
  perplexity: QUEUE.enginePerplexity,
  xai: QUEUE.engineXai,
  deepseek: QUEUE.engineDeepseek,
  mistral: QUEUE.engineMistral,
  // Google AI Overviews and AI Mode both ask SerpApi: one account, one queue.
  'ai-overview': QUEUE.engineSerpapi,
  'ai-mode': QUEUE.engineSerpapi,
  'openai-compatible': QUEUE.engineOpenaiCompatible,
};

/**
 * The queue for an engine id: its provider's, or `engine-local` for the local personas (and for
 * an id no provider knows, which then fails in the worker as an unavailable engine, offline).
 */
export function engineQueueOf(engine: string): QueueName {
  return PROVIDER_QUEUES[engine] ?? QUEUE.engineLocal;
}

export type EngineQueueSettings = Pick<WorkerOptions, 'concurrency' | 'limiter'>;

/**
 * How hard each provider is pushed, per worker process: calls in flight and a limiter (jobs per
 * period). A 429 pauses only the provider's own queue for the retry-after the provider gave
 * (`worker.rateLimit`). BullMQ's limiter is per queue, so it holds across every worker process;
 * the concurrency is per process. The local engine is bound by this machine's CPU and Postgres,
 * not by a provider, so it has no limiter.
 */
export const ENGINE_QUEUE_SETTINGS: Record<string, EngineQueueSettings> = {
  [QUEUE.engineLocal]: { concurrency: 8 },
  [QUEUE.engineOpenai]: { concurrency: 8, limiter: { max: 8, duration: 1_000 } },
  [QUEUE.engineAnthropic]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineGoogle]: { concurrency: 8, limiter: { max: 8, duration: 1_000 } },
  [QUEUE.enginePerplexity]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineXai]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineDeepseek]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineMistral]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineSerpapi]: { concurrency: 4, limiter: { max: 4, duration: 1_000 } },
  [QUEUE.engineOpenaiCompatible]: { concurrency: 4, limiter: { max: 8, duration: 1_000 } },
};

export const ENGINE_QUEUES: readonly QueueName[] = [
  QUEUE.engineLocal,
  ...new Set(Object.values(PROVIDER_QUEUES)),
];

// The name an operator uses for a queue in ENGINE_QUEUE_LIMITS: the queue's name without
// `engine-` (openai, openai-compatible, serpapi for AI Overviews and AI Mode).
const PROVIDER_OF_QUEUE: Record<string, string> = Object.fromEntries(
  ENGINE_QUEUES.map((queue) => [queue, queue.replace(/^engine-/, '')]),
);

export class EngineQueueLimitsError extends Error {
  readonly code = 'ENGINE_QUEUE_LIMITS';
}

/**
 * The provider queues' settings with an operator's overrides (`ENGINE_QUEUE_LIMITS`, e.g.
 * `openai:16:20,anthropic:2:1` = provider:concurrency per worker:jobs per second across workers;
 * 0 per second = no limiter). A provider left out keeps its default. Bad input throws naming the
 * entry and the format, so the worker refuses to start rather than run unlimited.
 */
export function engineQueueSettings(
  overrides: string | undefined,
): Record<string, EngineQueueSettings> {
  const settings = { ...ENGINE_QUEUE_SETTINGS };
  if (!overrides?.trim()) return settings;
  const providers = Object.values(PROVIDER_OF_QUEUE);
  for (const entry of overrides.split(',')) {
    const match = /^\s*([a-z-]+):(\d{1,3}):(\d{1,4})\s*$/.exec(entry);
    const queue = match
      ? Object.keys(PROVIDER_OF_QUEUE).find((q) => PROVIDER_OF_QUEUE[q] === match[1])
      : undefined;
    const concurrency = Number(match?.[2]);
    const perSecond = Number(match?.[3]);
    if (!match || !queue || concurrency < 1) {
      throw new EngineQueueLimitsError(
        `ENGINE_QUEUE_LIMITS: "${entry.trim()}" is not provider:concurrency:perSecond ` +
          `(providers: ${providers.join(', ')}; concurrency ≥ 1; perSecond 0 = no limit).`,
      );
    }
    settings[queue] =
      perSecond > 0
        ? { concurrency, limiter: { max: perSecond, duration: 1_000 } }
        : { concurrency };
  }
  return settings;
}
