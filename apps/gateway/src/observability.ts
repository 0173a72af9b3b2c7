import type { Logger } from '@lumen/config/logger';
import { scrubSentryEvent } from '@lumen/config/scrub';

type SentryModule = typeof import('@sentry/node');
type PostHogClient = import('posthog-node').PostHog;

// Both SDKs are loaded only when their keys are set: @sentry/node alone costs seconds at start.
let sentry: SentryModule | null = null;
let posthog: PostHogClient | null = null;

/** Sentry and PostHog start only when their keys are set. */
export async function startObservability(options: {
  sentryDsn?: string | undefined;
  posthogKey?: string | undefined;
  posthogHost?: string | undefined;
  environment: string;
}): Promise<void> {
  if (options.sentryDsn) {
    sentry = await import('@sentry/node');
    sentry.init({
      dsn: options.sentryDsn,
      environment: options.environment,
      tracesSampleRate: 0,
      maxBreadcrumbs: 0,
      // No request bodies, users, query parameters or emails in a report.
      beforeSend: (event) => scrubSentryEvent(event),
    });
  }
  if (options.posthogKey) {
    const { PostHog } = await import('posthog-node');
    posthog = new PostHog(options.posthogKey, {
      host: options.posthogHost,
      flushAt: 20,
      flushInterval: 5000,
    });
  }
}

export function reportError(error: unknown, logger: Logger): void {
  logger.error({ err: error }, 'unexpected error');
  sentry?.captureException(error);
}

export function capture(
  distinctId: string,
  event: string,
  properties?: Record<string, unknown>,
): void {
  posthog?.capture({ distinctId, event, properties: properties ?? {} });
}

export async function stopObservability(): Promise<void> {
  await posthog?.shutdown();
  await sentry?.close(2000);
}
