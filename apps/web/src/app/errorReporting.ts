import { scrubUrl } from './scrubUrl';

type SentryModule = typeof import('@sentry/react');

// @sentry/react is fetched only when a DSN is configured.
let sentry: Promise<SentryModule> | null = null;

export function initErrorReporting(dsn: string | null): void {
  if (!dsn || sentry) return;
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: import.meta.env.MODE,
      // Sign-in codes and tokens in page URLs never reach a report.
      beforeSend: (event) => {
        if (event.request?.url) event.request.url = scrubUrl(event.request.url);
        if (event.request) delete event.request.query_string;
        delete event.user;
        return event;
      },
      beforeBreadcrumb: (crumb) => {
        const data = crumb.data as Record<string, unknown> | undefined;
        for (const key of ['url', 'from', 'to']) {
          const value = data?.[key];
          if (data && typeof value === 'string') data[key] = scrubUrl(value);
        }
        return crumb;
      },
    });
    return Sentry;
  });
}

export function reportError(error: unknown, componentStack?: string | null): void {
  void sentry?.then((Sentry) =>
    Sentry.captureException(error, componentStack ? { extra: { componentStack } } : undefined),
  );
}
