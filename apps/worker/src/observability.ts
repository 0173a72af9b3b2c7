import type { Logger } from '@lumen/config/logger';
import { sentryRelease } from '@lumen/config/release';
import { scrubSentryEvent } from '@lumen/config/scrub';

type SentryModule = typeof import('@sentry/node');

// Loaded only when SENTRY_DSN is set: @sentry/node alone costs seconds at start.
let sentry: SentryModule | null = null;

/** What a report may say about a job: where it ran and which one, never its payload. */
export type JobTags = { queue: string; job: string; jobId: string; attempts: number };

/**
 * Starts Sentry for the worker. Its default integrations also report uncaught exceptions and
 * unhandled rejections (a crash) before the process exits.
 */
export async function startWorkerObservability(options: {
  sentryDsn?: string | undefined;
  release?: string | undefined;
  environment: string;
}): Promise<void> {
  if (!options.sentryDsn) return;
  sentry = await import('@sentry/node');
  sentry.init({
    dsn: options.sentryDsn,
    environment: options.environment,
    release: sentryRelease(options.release),
    tracesSampleRate: 0,
    // Job payloads are ids only, but nothing else a job touches (rows, answers, provider
    // replies) may reach a report: breadcrumbs and request data are dropped.
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubSentryEvent(event),
  });
}

/** A job that failed for good: one error line and one report with its queue, name and id. */
export function reportJobFailure(error: unknown, tags: JobTags, logger: Logger): void {
  logger.error({ ...tags, err: error }, 'job failed for good');
  sentry?.withScope((scope) => {
    scope.setTags({ queue: tags.queue, job: tags.job, jobId: tags.jobId });
    scope.setContext('job', { attempts: tags.attempts });
    sentry?.captureException(error);
  });
}

export function reportWorkerError(error: unknown, logger: Logger): void {
  logger.error({ err: error }, 'worker error');
  sentry?.captureException(error);
}

export async function stopWorkerObservability(): Promise<void> {
  await sentry?.close(2000);
}
