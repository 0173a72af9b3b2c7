type SentryModule = typeof import('@sentry/react');

// @sentry/react is fetched only when a DSN is configured.
let sentry: Promise<SentryModule> | null = null;

export function initErrorReporting(dsn: string | null): void {
  if (!dsn || sentry) return;
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({ dsn, environment: import.meta.env.MODE });
    return Sentry;
  });
}

export function reportError(error: unknown, componentStack?: string | null): void {
  void sentry?.then((Sentry) =>
    Sentry.captureException(error, componentStack ? { extra: { componentStack } } : undefined),
  );
}
