import { z } from 'zod';
import { QUEUE, type QueueName } from './queues';

const Id = z.string().uuid();

/**
 * A job kind. Everything about how it is retried and scheduled lives here, so the gateway that
 * enqueues it, the worker that runs it and the reconciler that repairs it agree (docs/jobs.md).
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  queue: QueueName;
  name: string;
  /** Ids only: never secrets, never content. */
  payload: S;
  /**
   * How long a failing job keeps being retried, in minutes. Long enough to survive a Postgres or
   * Redis restart; turned into BullMQ attempts with exponential backoff by `retryPolicy`.
   */
  retryBudgetMinutes: number;
  /** Past this age an unfinished status row is failed by the reconciler, in minutes. */
  deadlineMinutes: number;
  /** A cron pattern for kinds that run on a schedule; the worker upserts one job scheduler. */
  cron?: string;
  /** A fixed number of attempts spread over the budget, instead of as many as fit. */
  attempts?: number;
};

function define<S extends z.ZodType>(
  queue: QueueName,
  name: string,
  payload: S,
  timing: { retryBudgetMinutes: number; deadlineMinutes: number; cron?: string; attempts?: number },
): JobDefinition<S> {
  return { queue, name, payload, ...timing };
}

// Every job Lumen runs.
export const SystemPingJob = define(QUEUE.maintenance, 'system-ping', z.object({ pingId: Id }), {
  retryBudgetMinutes: 0,
  deadlineMinutes: 10,
});
export const QuickScoreJob = define(
  QUEUE.quickScore,
  'quick-score',
  z.object({ quickScoreId: Id }),
  { retryBudgetMinutes: 5, deadlineMinutes: 15 },
);
/**
 * A brand's run: the parent of one `engine-query` child per active prompt × engine, each on its
 * engine's queue (docs/jobs.md, "Brand runs"). Job id = run id.
 */
export const BrandRunJob = define(QUEUE.visibility, 'brand-run', z.object({ runId: Id }), {
  retryBudgetMinutes: 10,
  deadlineMinutes: 120,
});
/**
 * One prompt asked of one engine for a run. Its queue is the engine's provider queue
 * (`engineQueueOf`), not the one named here. Five attempts spread over five minutes; an auth
 * error is final at once. Rate limits (429) do not use up attempts.
 */
export const EngineQueryJob = define(
  QUEUE.engineLocal,
  'engine-query',
  // sample: which of the run's answers to this prompt × engine (docs/metrics.md, "Samples").
  z.object({
    runId: Id,
    promptId: Id,
    engine: z.string().min(1).max(64),
    sample: z.number().int().min(1).max(5).default(1),
  }),
  { retryBudgetMinutes: 5, deadlineMinutes: 120, attempts: 5 },
);
export const GenerateDraftJob = define(QUEUE.content, 'generate-draft', z.object({ orderId: Id }), {
  retryBudgetMinutes: 10,
  deadlineMinutes: 60,
});
export const PublishDraftJob = define(
  QUEUE.publishing,
  'publish-draft',
  z.object({ draftId: Id }),
  { retryBudgetMinutes: 30, deadlineMinutes: 120 },
);
/**
 * The closed loop (docs/closed-loop.md): a published post's public page read into the local
 * engines' corpus, then the targeted re-measure of its prompts. Job id `ingest-<publishedItemId>`.
 */
export const IngestPublishedItemJob = define(
  QUEUE.closedLoop,
  'ingest-published-item',
  z.object({ publishedItemId: Id }),
  { retryBudgetMinutes: 60, deadlineMinutes: 180 },
);
/** Maintenance: the activity log forgets rows older than ACTIVITY_RETENTION_DAYS (docs/activity.md). */
export const PruneActivityJob = define(QUEUE.maintenance, 'prune-activity', z.object({}), {
  retryBudgetMinutes: 30,
  deadlineMinutes: 60,
  cron: '37 3 * * *',
});
/**
 * Once after an upgrade: answers stored before answers carried their place are given their
 * brand's place and the brand's rollups rewritten (docs/metrics.md, "Country and language").
 * Every worker start asks for it under the fixed job id `backfill-answer-places`, so workers
 * starting together run it once, off their start-up path.
 */
export const BackfillAnswerPlacesJob = define(
  QUEUE.maintenance,
  'backfill-answer-places',
  z.object({}),
  { retryBudgetMinutes: 30, deadlineMinutes: 60 },
);
export const ExpireQuickScoresJob = define(QUEUE.maintenance, 'expire-quick-scores', z.object({}), {
  retryBudgetMinutes: 30,
  deadlineMinutes: 60,
  cron: '17 3 * * *',
});
/**
 * Fired by a brand's own job scheduler (`brand-schedule.ts`, scheduler id
 * `brand-schedule:<brandId>`): starts the brand's scheduled run unless one is open, the brand is
 * paused, or the month's answer quota is spent (docs/brands.md, "Schedules").
 */
export const ScheduledBrandRunJob = define(
  QUEUE.maintenance,
  'scheduled-brand-run',
  z.object({ brandId: Id }),
  { retryBudgetMinutes: 10, deadlineMinutes: 60 },
);
/** A finished run's gaps → opportunities; job id `gap-<runId>` (docs/jobs.md, "After a run"). */
export const GapAnalysisJob = define(QUEUE.gapAnalysis, 'gap-analysis', z.object({ runId: Id }), {
  retryBudgetMinutes: 10,
  deadlineMinutes: 60,
});
/**
 * A brand's stored answers analysed again, its rollups rebuilt (docs/jobs.md, "Re-analysis").
 * Job id = the `reanalyses` row's id; one waiting row per brand, so triggers in a row coalesce.
 */
export const ReanalyzeJob = define(QUEUE.analysis, 'reanalyze', z.object({ reanalysisId: Id }), {
  retryBudgetMinutes: 10,
  deadlineMinutes: 120,
});
/**
 * A closed workspace's rows removed in slices (docs/security.md, "Exporting and deleting a
 * workspace"). Job id = the deletion row's id.
 */
export const DeleteWorkspaceJob = define(
  QUEUE.maintenance,
  'delete-workspace',
  z.object({ deletionId: Id }),
  { retryBudgetMinutes: 30, deadlineMinutes: 180 },
);
/**
 * A brand's site audit (docs/site-audit.md): robots.txt, llms.txt, sitemaps and key pages read
 * through safeFetch, then the report and its TECHNICAL opportunities. Job id = the
 * `site_audits` row's id.
 */
export const SiteAuditJob = define(QUEUE.siteAudit, 'site-audit', z.object({ siteAuditId: Id }), {
  retryBudgetMinutes: 10,
  deadlineMinutes: 60,
});
/** Weekly: one site audit per active brand with a domain (docs/site-audit.md, "Schedule"). */
export const WeeklySiteAuditsJob = define(QUEUE.maintenance, 'weekly-site-audits', z.object({}), {
  retryBudgetMinutes: 30,
  deadlineMinutes: 60,
  cron: '23 4 * * 1',
});
/**
 * A brand's cited third-party pages fetched through safeFetch and read with the answer analyzer,
 * then its SOURCE_OUTREACH opportunities synced (docs/sources.md). Job id = the
 * `cited_page_scans` row's id (one open per brand).
 */
export const ReadCitedPagesJob = define(
  QUEUE.sources,
  'read-cited-pages',
  z.object({ scanId: Id }),
  { retryBudgetMinutes: 10, deadlineMinutes: 60 },
);
/** Weekly: one scan of cited pages per active brand (docs/sources.md, "Refreshing"). */
export const WeeklyCitedPagesJob = define(QUEUE.maintenance, 'weekly-cited-pages', z.object({}), {
  retryBudgetMinutes: 30,
  deadlineMinutes: 60,
  cron: '41 5 * * 2',
});
/** Repairs status rows whose job is missing, failed or late; its period comes from the env. */
export const ReconcileJobsJob = define(QUEUE.maintenance, 'reconcile-jobs', z.object({}), {
  retryBudgetMinutes: 0,
  deadlineMinutes: 10,
});

/**
 * What a finished run, its gap analysis (`gaps`, the run's id), a failed publication or a failed
 * ingestion means for people
 * (docs/notifications.md): events stored under deterministic keys, then one delivery per
 * channel that wants them. Job id `notify-<kind>-<id>`.
 */
export const NotifyJob = define(
  QUEUE.notify,
  'notify',
  // budget: the id is the month's workspace_spend row (budget.warning, budget.reached).
  z.object({ kind: z.enum(['run', 'gaps', 'publish', 'ingestion', 'budget']), id: Id }),
  { retryBudgetMinutes: 10, deadlineMinutes: 60 },
);
/**
 * One attempt to deliver one event to one webhook (docs/webhooks.md, "Retries"). A failed
 * attempt schedules the next as its own delayed job (`webhook-<webhookId>-<eventId>-<attempt>`),
 * so every attempt is logged and a retried job finds its attempt already logged.
 */
export const DeliverWebhookJob = define(
  QUEUE.notify,
  'deliver-webhook',
  z.object({ webhookId: Id, eventId: Id, attempt: z.number().int().min(1).max(100) }),
  { retryBudgetMinutes: 5, deadlineMinutes: 60 },
);

/**
 * One attempt to email one event to one member (docs/notifications.md, "Email"). Job id
 * `email-<eventId>-<userId>-<attempt>`; each attempt is logged once in `email_deliveries`, and a
 * failed one schedules the next on the webhooks' schedule.
 */
export const DeliverEmailJob = define(
  QUEUE.notify,
  'deliver-email',
  z.object({
    workspaceId: Id,
    userId: Id,
    eventId: Id,
    attempt: z.number().int().min(1).max(100),
  }),
  { retryBudgetMinutes: 5, deadlineMinutes: 60 },
);

/**
 * Tells a workspace's owners by email that a webhook was disabled after three days of failures
 * (docs/webhooks.md). Added once, by the attempt that disabled it (job id
 * `webhook-disabled-<deliveryId>`); each owner's mail is logged once.
 */
export const MailWebhookDisabledJob = define(
  QUEUE.notify,
  'mail-webhook-disabled',
  z.object({ webhookId: Id, deliveryId: Id }),
  { retryBudgetMinutes: 60, deadlineMinutes: 120 },
);

export type PayloadOf<D> = D extends JobDefinition<infer S> ? z.infer<S> : never;

/**
 * Every hour on the hour (docs/notifications.md, "Digests"): finds each person whose digest is
 * due at this hour in their time zone and adds one `send-digest` job per person × workspace ×
 * period, and on Mondays at 08:00 UTC one `channel-digest` per workspace with a channel that
 * chose the digest. `at`: the hour the sweep stands for; the scheduler's own jobs leave it out
 * and the hour they were scheduled for is used.
 */
export const DigestSweepJob = define(
  QUEUE.notify,
  'digest-sweep',
  z.object({ at: z.string().datetime().optional() }),
  { retryBudgetMinutes: 30, deadlineMinutes: 60, cron: '0 * * * *' },
);
/**
 * One person's digest of one workspace for the period due at `at` (the sweep's hour). Job id
 * `digest-<workspaceId>-<userId>-<DAILY|WEEKLY>-<local day>`; the mail is logged once per
 * period (`digest:<workspaceId>:<period>`), so a second sweep or a retry sends nothing twice.
 */
export const SendDigestJob = define(
  QUEUE.notify,
  'send-digest',
  z.object({ workspaceId: Id, userId: Id, at: z.string().datetime() }),
  { retryBudgetMinutes: 60, deadlineMinutes: 120 },
);
/**
 * The weekly digest of one workspace as a `digest` event (key `digest:WEEKLY:<Monday>`), then
 * delivered to each Slack channel and webhook that chose it like any event.
 */
export const ChannelDigestJob = define(
  QUEUE.notify,
  'channel-digest',
  z.object({ workspaceId: Id, at: z.string().datetime() }),
  { retryBudgetMinutes: 30, deadlineMinutes: 60 },
);

/**
 * Every hour (docs/reports.md, "Schedules"): each report schedule whose period is due at this
 * hour in its brand's time zone (Mondays for WEEKLY, the 1st for MONTHLY) gets one `send-report`
 * job with the id `report-<scheduleId>-<period>`. `at`: the hour the sweep stands for.
 */
export const ReportSweepJob = define(
  QUEUE.notify,
  'report-sweep',
  z.object({ at: z.string().datetime().optional() }),
  { retryBudgetMinutes: 30, deadlineMinutes: 60, cron: '7 * * * *' },
);
/**
 * One schedule's report for the period due at `at`: made once (kept in `report_sends` under the
 * period's key), then mailed with its PDF and a share link; a second sweep or a retry after the
 * mail went out sends nothing.
 */
export const SendReportJob = define(
  QUEUE.notify,
  'send-report',
  z.object({ scheduleId: Id, at: z.string().datetime() }),
  { retryBudgetMinutes: 60, deadlineMinutes: 120 },
);
