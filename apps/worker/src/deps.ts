import type { Analytics } from '@lumen/config/analytics';
import type { Env } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import type { SmtpTransport } from '@lumen/config/mailer';
import type { Database } from '@lumen/db/client';
import type { Queues } from '@lumen/jobs/queues';
import type { Redis } from 'ioredis';

export type WorkerDeps = {
  env: Env;
  logger: Logger;
  db: Database;
  /** For pub/sub events and small keys; BullMQ workers have their own connections. */
  redis: Redis;
  queues: Queues;
  publish(topic: string, data?: Record<string, unknown>): Promise<void>;
  /** Product events to PostHog (a no-op without POSTHOG_KEY); never names, domains or emails. */
  analytics: Analytics;
  /** Notification mail over SMTP_URL (docs/notifications.md, "Email"); null without it. */
  mail: SmtpTransport | null;
};
