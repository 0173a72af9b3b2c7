import type { Logger } from '@lumen/config/logger';
import * as Sentry from '@sentry/node';
import { PostHog } from 'posthog-node';

let sentryEnabled = false;
let posthog: PostHog | null = null;

/** Sentry and PostHog start only when their keys are set. */
export function startObservability(options: {
  sentryDsn?: string | undefined;
  posthogKey?: string | undefined;
  posthogHost?: string | undefined;
  environment: string;
}): void {
  if (options.sentryDsn) {
    Sentry.init({ dsn: options.sentryDsn, environment: options.environment, tracesSampleRate: 0 });
    sentryEnabled = true;
  }
  if (options.posthogKey) {
    posthog = new PostHog(options.posthogKey, {
      host: options.posthogHost,
      flushAt: 20,
      flushInterval: 5000,
    });
  }
}

export function reportError(error: unknown, logger: Logger): void {
  logger.error({ err: error }, 'unexpected error');
  if (sentryEnabled) Sentry.captureException(error);
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
  if (sentryEnabled) await Sentry.close(2000);
}
