import type { Logger } from '@lumen/config/logger';
import { sentryRelease } from '@lumen/config/release';
import { scrubSentryEvent } from '@lumen/config/scrub';

type SentryModule = typeof import('@sentry/node');

// Loaded only when SENTRY_DSN is set: @sentry/node alone costs seconds at start. Product
// analytics (PostHog) are deps.analytics (@lumen/config/analytics).
let sentry: SentryModule | null = null;

/** Sentry starts only when its DSN is set. */
export async function startObservability(options: {
  sentryDsn?: string | undefined;
  release?: string | undefined;
  environment: string;
}): Promise<void> {
  if (options.sentryDsn) {
    sentry = await import('@sentry/node');
    sentry.init({
      dsn: options.sentryDsn,
      environment: options.environment,
      release: sentryRelease(options.release),
      tracesSampleRate: 0,
      maxBreadcrumbs: 0,
      // No request bodies, users, query parameters or emails in a report.
      beforeSend: (event) => scrubSentryEvent(event),
    });
  }
}

/**
 * An unexpected failure anywhere in the gateway (GraphQL, local auth, the other HTTP routes): one
 * error line and one Sentry report. `where` names the place (e.g. 'local auth', 'http').
 */
export function reportError(error: unknown, logger: Logger, where?: string): void {
  logger.error({ err: error, where }, 'unexpected error');
  if (!sentry) return;
  if (!where) {
    sentry.captureException(error);
    return;
  }
  sentry.withScope((scope) => {
    scope.setTag('where', where);
    sentry?.captureException(error);
  });
}

export async function stopObservability(): Promise<void> {
  await sentry?.close(2000);
}
