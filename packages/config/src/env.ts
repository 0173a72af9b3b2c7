import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A whole number at least `min`; empty or absent means unset (the code's default applies). */
const optionalInt = (min: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(min).optional(),
  );

const flag = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true');

// Every variable Lumen reads, with its default. `.env.example` documents the same list.
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  // Interface the gateway listens on; unset = loopback unless PUBLIC_URL names another host.
  HOST: optionalString,
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  REDIS_PREFIX: z.string().default('lumen'),
  // Postgres connections each gateway or worker process may open (docs/deployment.md, "Several
  // processes"): the sum over all processes must stay under the server's max_connections.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // Named prepared statements (on by default). Set 0 behind PgBouncer in transaction mode older
  // than 1.21, which cannot keep them (docs/deployment.md, "PgBouncer").
  DATABASE_PREPARE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPABASE_URL: optionalString,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_JWT_SECRET: optionalString,
  // Hosted Supabase only: lets a person delete their own account (Auth admin API). Server-side.
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  LOCAL_AUTH: flag,
  // Local auth's offline Google/Facebook stand-ins (anyone at them picks any email). Opt-in, and
  // refused unless the gateway listens on loopback and NODE_ENV is not production.
  AUTH_STAND_INS: flag,
  OPERATOR_USER: z.string().default('operator'),
  OPERATOR_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters (or unset: a random one is generated)',
  }),
  ENCRYPTION_KEY: optionalString,
  ENCRYPTION_KEY_PREVIOUS: optionalString,
  TRUST_PROXY: optionalString,
  ALLOW_PRIVATE_HOSTS: flag,
  // The Chromium a site audit renders pages with to see what needs JavaScript
  // (docs/site-audit.md); unset: /usr/bin/chromium when it exists, else "not checked".
  CHROMIUM_PATH: optionalString,
  // The instance sells plans: a new account's workspace starts on the free plan and pages name
  // the plan. Unset, it has none: workspaces keep the pro table's limits and no plan is named
  // (docs/brands.md, "Plan limits").
  PLANS: flag,
  // Days a workspace's activity log keeps its rows; a nightly job prunes older ones
  // (docs/activity.md, "Retention").
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  // Longest a GraphQL subscription stays open; clients re-query and resubscribe after.
  SUBSCRIPTION_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  // Requests a minute per workspace API key (docs/api.md, "Rate limits").
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  // Outgoing mail, e.g. smtps://user:pass@smtp.example.com:465: local auth's recovery and
  // sign-up confirmation links (docs/security.md, "Account email"), invitations, and
  // notification mail with digests (docs/notifications.md, "Email"). Unset: auth links go to
  // the console in development and are not sent in production, and notification email is off
  // (the API and Settings → Notifications say "not configured").
  SMTP_URL: optionalString,
  // The sender of every mail Lumen sends.
  MAIL_FROM: z.string().default('Lumen <no-reply@localhost>'),
  // Sign-ups confirmed at once, without a mail (and sign-up then tells whether an email is
  // registered). Unset: on only in development/test without SMTP_URL.
  AUTH_AUTOCONFIRM: optionalString
    .refine((v) => v === undefined || ['0', '1', 'true', 'false'].includes(v), {
      message: 'must be 1 or 0 (or unset)',
    })
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  // Longest a local-auth session lives, however often it is refreshed (30 days).
  AUTH_SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  // New local-auth accounts per client address per day.
  AUTH_SIGNUPS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(10),
  // Guest quick checks a paid engine may answer per UTC day, across all guests.
  GUEST_ENGINE_DAILY_BUDGET: z.coerce.number().int().min(0).default(200),
  SENTRY_DSN: optionalString,
  // The release reports are filed under; defaults to the one the bundle was built as.
  SENTRY_RELEASE: optionalString,
  POSTHOG_KEY: optionalString,
  POSTHOG_HOST: z.string().default('https://us.i.posthog.com'),
  // OpenTelemetry traces (docs/observability.md, "Traces"): off unless the endpoint is set, the
  // OTLP/HTTP base URL a collector listens on (spans go to <endpoint>/v1/traces). The protocol is
  // the OTLP/HTTP body: protobuf (the specification's default) or JSON.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v),
    {
      message:
        'must be the http:// or https:// base URL of an OTLP/HTTP receiver, e.g. http://otel-collector:4318 (or unset: no traces)',
    },
  ),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .enum(['http/protobuf', 'http/json'], {
        message:
          'must be http/protobuf (the default) or http/json: Lumen sends traces over OTLP/HTTP, not gRPC',
      })
      .default('http/protobuf'),
  ),
  // The service name traces carry; unset: lumen-gateway or lumen-worker.
  OTEL_SERVICE_NAME: optionalString,
  // Milliseconds between two batches of spans sent (the specification's variable; default 5000).
  OTEL_BSP_SCHEDULE_DELAY: optionalInt(1),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  // Per provider queue: provider:concurrency:perSecond, comma-separated (docs/jobs.md, "Brand runs").
  ENGINE_QUEUE_LIMITS: optionalString,
  // Prices of models and surfaces laid over the built-in table (docs/engines.md, "Costs"): a JSON
  // file, and/or the same JSON inline. Checked when the worker and the gateway start.
  PRICE_TABLE_FILE: optionalString,
  PRICE_TABLE: optionalString,
  // Job timing (docs/jobs.md). Production keeps the defaults; tests shrink them so that minutes
  // of retry budget, stall detection and reconciliation happen in a second or two.
  JOB_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  // A worker's Prometheus metrics (docs/observability.md, "Worker metrics"): off unless a port
  // is given; loopback unless the host says otherwise (then OPERATOR_PASSWORD is required).
  WORKER_METRICS_PORT: optionalInt(0).pipe(z.number().max(65535).optional()),
  WORKER_METRICS_HOST: z.string().default('127.0.0.1'),
  WORKER_LOCK_MS: z.coerce.number().int().min(200).default(30_000),
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  // A webhook endpoint that has not answered within this long has failed the attempt
  // (docs/webhooks.md, "Retries"); the retry waits themselves scale with JOB_RETRY_SCALE.
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  // The worker's heartbeat for a container healthcheck (docs/deployment.md, "Health checks"):
  // written every WORKER_HEARTBEAT_MS while the worker is well, only when the file is named.
  WORKER_HEARTBEAT_FILE: optionalString,
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(10_000),
  // Bounds on a fetched page read into the corpus (docs/security.md, "Fetched pages"): bytes,
  // nesting depth, start tags, and the extraction thread's time. Unset: the defaults of
  // packages/engines/src/corpus/page-bounds.ts (1 MiB, 256, 50,000, 10 s).
  PAGE_MAX_BYTES: optionalInt(1024),
  PAGE_MAX_DEPTH: optionalInt(16),
  PAGE_MAX_TAGS: optionalInt(100),
  PAGE_TIME_BUDGET_MS: optionalInt(100),
  // AI-crawler analytics (docs/crawlers.md): a folder holding the operators' own copies of the
  // crawler address lists (gptbot.json, googlebot.json…; `npm run crawler-ranges:refresh`);
  // unset, the dated snapshot shipped in @lumen/domain/crawlers/ranges-snapshot. And the most
  // bytes one access log may have, compressed and as text: an upload from the Site page, and
  // one POST /ingest/logs request.
  CRAWLER_RANGES_DIR: optionalString,
  CRAWLER_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 ** 3),
  CRAWLER_INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 ** 2),
  // How long the gateway or worker may take to close after SIGTERM/SIGINT before it exits anyway
  // (docs/deployment.md, "Signals"): a stalled Postgres or Redis must not hold a shutdown forever.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: optionalString,
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_MODEL: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GEMINI_API_KEY: optionalString,
  GOOGLE_MODEL: optionalString,
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalString,
  PERPLEXITY_API_KEY: optionalString,
  PERPLEXITY_MODEL: optionalString,
  PERPLEXITY_BASE_URL: optionalString,
  OPENAI_COMPATIBLE_BASE_URL: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODEL: optionalString,
  XAI_API_KEY: optionalString,
  XAI_MODEL: optionalString,
  XAI_BASE_URL: optionalString,
  DEEPSEEK_API_KEY: optionalString,
  DEEPSEEK_MODEL: optionalString,
  DEEPSEEK_BASE_URL: optionalString,
  MISTRAL_API_KEY: optionalString,
  MISTRAL_MODEL: optionalString,
  MISTRAL_BASE_URL: optionalString,
  // Google AI Overviews and AI Mode through SerpApi (docs/engines.md, "Answer pages").
  SERPAPI_API_KEY: optionalString,
  SERPAPI_BASE_URL: optionalString,
  // The optional judge of ambiguous occurrences of common-word names (docs/analysis.md, "The
  // optional judge"): off (the default: the deterministic rule alone), on (OpenAI when
  // OPENAI_API_KEY is set, else the OpenAI-compatible server), openai or openai-compatible.
  // Used only when that provider is configured; ANALYSIS_JUDGE_MODEL overrides its model.
  ANALYSIS_JUDGE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['off', 'on', 'openai', 'openai-compatible']).default('off'),
  ),
  ANALYSIS_JUDGE_MODEL: optionalString,
});

export type Env = z.infer<typeof EnvSchema>;

// Production without a key would keep secrets readable by whoever reads the database.
const ProductionEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['ENCRYPTION_KEY'],
      message: 'is required in production; generate one with: openssl rand -base64 32',
    });
  }
});

export class ConfigError extends Error {
  readonly code = 'CONFIG_ERROR';
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = ProductionEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return withClusterPrefix(parsed.data);
}

/**
 * On a Redis Cluster, BullMQ's scripts touch several keys of a queue at once, and a flow (a
 * brand run and its engine queries) keys of several queues: they must share one hash slot. A
 * prefix in braces is a hash tag, so every key Lumen writes lands in the slot of `{lumen}`
 * (docs/deployment.md, "Redis Cluster, Sentinel and Valkey"). A prefix that has braces already
 * is kept; one server keeps its plain prefix, so no existing key changes its name.
 */
function withClusterPrefix(env: Env): Env {
  if (!env.REDIS_URL || !/^rediss?\+cluster:\/\//.test(env.REDIS_URL)) return env;
  if (/\{[^}]+\}/.test(env.REDIS_PREFIX)) return env;
  return { ...env, REDIS_PREFIX: `{${env.REDIS_PREFIX}}` };
}
