import { loadSecretBox } from '@lumen/config/secrets';
import { UNSUBSCRIBE_KEY_PURPOSE } from '@lumen/config/unsubscribe-token';
import { listRunAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import { findBudgetNotice } from '@lumen/db/repositories/budget.repository';
import {
  findCreatedOpportunities,
  findEventsByKeys,
  findIngestionFailure,
  findPublishFailure,
  findRunForEvents,
  insertEvents,
  type RunEventSource,
} from '@lumen/db/repositories/notification-event.repository';
import { listRecipients } from '@lumen/db/repositories/notification-preference.repository';
import { listActiveWebhooks } from '@lumen/db/repositories/webhook.repository';
import { answerEvents } from '@lumen/domain/notifications/evaluate-answers';
import { budgetEvents } from '@lumen/domain/notifications/evaluate-budget';
import { failureEvents } from '@lumen/domain/notifications/evaluate-failure';
import { opportunityEvents } from '@lumen/domain/notifications/evaluate-opportunities';
import { comparable, runEvents } from '@lumen/domain/notifications/evaluate-run';
import { channelWants, type NotificationEventDraft } from '@lumen/domain/notifications/events';
import { emailWants } from '@lumen/domain/notifications/preferences';
import {
  DeliverEmailJob,
  DeliverWebhookJob,
  MailWebhookDisabledJob,
  NotifyJob,
} from '@lumen/jobs/definitions';
import {
  deliverEmailAttempt,
  type EmailDeps,
  mailWebhookDisabled,
} from '@lumen/jobs/email-delivery';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueEmailAttempt, enqueueWebhookAttempt, type NotifyKind } from '@lumen/jobs/notify';
import { deliverWebhookAttempt } from '@lumen/jobs/webhook-delivery';
import { defineProcessor } from '../define-processor';
import type { WorkerDeps } from '../deps';
import { loadBrandEntities } from '../runs/brand-entities';

// docs/notifications.md: what a finished run, a failed publication or a failed ingestion means
// for people. Events are stored under deterministic keys; every channel that wants one gets one
// delivery job whose id is deterministic too, and each attempt is logged once, so a retried
// notify job (or a second one for the same subject) sends nothing twice.

/** The run's own events, then what its answers say against the previous comparable run's. */
async function runDrafts(deps: WorkerDeps, run: RunEventSource): Promise<NotificationEventDraft[]> {
  const drafts = runEvents(run, run.previous);
  if (!comparable(run, run.previous)) return drafts;
  const [entities, current, previous] = await Promise.all([
    loadBrandEntities(deps.db, run.workspaceId, run.brandId),
    listRunAnalyzedAnswers(deps.db, run.id),
    listRunAnalyzedAnswers(deps.db, run.previous.id),
  ]);
  if (!entities) return drafts;
  return [
    ...drafts,
    ...answerEvents({
      brandId: run.brandId,
      runId: run.id,
      previousRunId: run.previous.id,
      entities,
      current,
      previous,
    }),
  ];
}

async function eventsOf(
  deps: WorkerDeps,
  kind: NotifyKind,
  id: string,
): Promise<{ workspaceId: string; drafts: NotificationEventDraft[] } | null> {
  if (kind === 'budget') {
    const spend = await findBudgetNotice(deps.db, id);
    return spend
      ? { workspaceId: spend.workspaceId, drafts: budgetEvents({ ...spend, spendId: id }) }
      : null;
  }
  if (kind === 'run') {
    const run = await findRunForEvents(deps.db, id);
    return run ? { workspaceId: run.workspaceId, drafts: await runDrafts(deps, run) } : null;
  }
  if (kind === 'gaps') {
    const found = await findCreatedOpportunities(deps.db, id);
    return found
      ? {
          workspaceId: found.workspaceId,
          drafts: opportunityEvents(id, found.threshold, found.opportunities),
        }
      : null;
  }
  const source =
    kind === 'publish'
      ? await findPublishFailure(deps.db, id)
      : await findIngestionFailure(deps.db, id);
  return source
    ? { workspaceId: source.workspaceId, drafts: failureEvents(kind, id, source) }
    : null;
}

export const notifyProcessor = defineProcessor(NotifyJob, async ({ kind, id }, { deps }) => {
  const found = await eventsOf(deps, kind, id);
  if (!found || found.drafts.length === 0) return { events: 0 };
  const created = await insertEvents(deps.db, found.workspaceId, found.drafts);
  // Not only the rows written now: an earlier attempt may have stored them and stopped before
  // adding their deliveries.
  const events = await findEventsByKeys(
    deps.db,
    found.workspaceId,
    found.drafts.map((d) => d.key),
  );
  const hooks = await listActiveWebhooks(deps.db, found.workspaceId);
  let deliveries = 0;
  for (const event of events) {
    for (const hook of hooks.filter((h) => channelWants(h, event))) {
      await enqueueWebhookAttempt(deps.queues, {
        webhookId: hook.id,
        eventId: event.id,
        attempt: 1,
      });
      deliveries++;
    }
  }
  // Email: each member who wants the event's kind, once (job id per event × person).
  const recipients = deps.mail ? await listRecipients(deps.db, found.workspaceId) : [];
  let emails = 0;
  for (const event of events) {
    for (const r of recipients.filter((p) => emailWants(p.preferences, event.type))) {
      await enqueueEmailAttempt(deps.queues, {
        workspaceId: found.workspaceId,
        userId: r.userId,
        eventId: event.id,
        attempt: 1,
      });
      emails++;
    }
  }
  return { events: created.length, deliveries, emails };
});

export const deliverWebhookProcessor = defineProcessor(
  DeliverWebhookJob,
  async (target, { deps }) => {
    const outcome = await deliverWebhookAttempt(
      {
        db: deps.db,
        queues: deps.queues,
        secrets: loadSecretBox(deps.env),
        env: deps.env,
        appUrl: deps.env.PUBLIC_URL ?? null,
      },
      target,
      { retry: true },
    );
    if (outcome.status === 'SKIPPED') return outcome;
    // The delivery log is a workspace read: its cached answers are forgotten.
    await deps.publish(TOPIC.workspace(outcome.delivery.workspaceId), { kind: 'webhooks' });
    if (outcome.disabled) {
      deps.logger.warn(
        { webhookId: target.webhookId },
        'webhook disabled after three days of failed deliveries',
      );
    }
    return { status: outcome.status, statusCode: outcome.delivery.statusCode };
  },
);

/** What email delivery needs from the worker (links go to PUBLIC_URL, else this machine). */
export function emailDepsOf(deps: WorkerDeps): EmailDeps {
  return {
    db: deps.db,
    queues: deps.queues,
    transport: deps.mail,
    unsubscribeKey: loadSecretBox(deps.env).deriveKey(UNSUBSCRIBE_KEY_PURPOSE),
    baseUrl: deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT}`,
  };
}

export const deliverEmailProcessor = defineProcessor(DeliverEmailJob, async (target, { deps }) => {
  const outcome = await deliverEmailAttempt(emailDepsOf(deps), target, { retry: true });
  if (outcome.status === 'SKIPPED') return outcome;
  return { status: outcome.status, response: outcome.delivery.response };
});

export const mailWebhookDisabledProcessor = defineProcessor(
  MailWebhookDisabledJob,
  async (target, { deps, job }) => {
    const outcome = await mailWebhookDisabled(emailDepsOf(deps), target, job.attemptsMade + 1);
    // Owners not reached yet are tried again on the job's own retry budget.
    if ('failed' in outcome && outcome.failed > 0) {
      throw new Error(`${outcome.failed} owner(s) could not be mailed`);
    }
    return outcome;
  },
);
