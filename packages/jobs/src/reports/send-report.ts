import { createHash, randomBytes } from 'node:crypto';
import { MailDeliveryError, type SmtpTransport } from '@lumen/config/mailer';
import type { Tx } from '@lumen/db/client';
import { recordActivity } from '@lumen/db/repositories/activity.repository';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  claimReportSend,
  claimReportSendRecipients,
  findBranding,
  findReport,
  findReportScheduleById,
  finishReportSend,
  insertReport,
  insertReportShare,
  listReportSchedulesForSweep,
  recordReportRecipientAttempt,
  setReportSendReport,
} from '@lumen/db/repositories/report.repository';
import { findWorkspaceRow } from '@lumen/db/repositories/team.repository';
import { escapeHtml } from '@lumen/domain/notifications/email-message';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import { schedulePeriodDue } from '@lumen/domain/reports/report-rules';
import { reportDay, reportView } from '@lumen/domain/reports/report-view';
import { SendReportJob } from '../definitions';
import { enqueue } from '../enqueue';
import type { Queues } from '../queues';
import { buildReportContent } from './build-report';
import { renderReportPdf } from './report-pdf';

// Scheduled reports (docs/reports.md, "Schedules"): the hourly sweep and one schedule's send.

/** How long the link in a scheduled mail works. */
const MAIL_LINK_DAYS = 90;

export type ReportMailDeps = {
  db: Tx;
  queues: Queues;
  transport: SmtpTransport | null;
  baseUrl: string;
  labels: ReadonlyMap<string, string>;
};

export async function sweepReports(
  deps: Pick<ReportMailDeps, 'db' | 'queues' | 'transport'>,
  at: Date,
): Promise<{ due: number }> {
  if (!deps.transport) return { due: 0 };
  let due = 0;
  for (const s of await listReportSchedulesForSweep(deps.db)) {
    const period = schedulePeriodDue(s.cadence, at, s.timezone);
    if (!period) continue;
    await enqueue(
      deps.queues,
      SendReportJob,
      { scheduleId: s.id, at: at.toISOString() },
      { jobId: `report-${s.id}-${period.key}` },
    );
    due++;
  }
  return { due };
}

export type SendReportOutcome =
  | { status: 'SENT'; reportId: string; recipients: number; skipped: number }
  | { status: 'SKIPPED'; reason: 'NOT_CONFIGURED' | 'MISSING' | 'NOT_DUE' | 'SENT' }
  | { status: 'FAILED'; reason: string };

/** Some recipients were not reached on an attempt that is not the last: the job retries. */
class ReportRecipientsPending extends Error {
  override readonly name = 'ReportRecipientsPending';
}

const FAILED_MESSAGE = 'The report could not be made or mailed.';

/**
 * One schedule's send for the period `at` falls in. Each recipient is mailed on their own and
 * recorded as soon as the SMTP server accepted it, so a retry mails only those not reached yet
 * (docs/reports.md, "Schedules"). On the last attempt the send's row is failed with the
 * recipients who were not reached; otherwise a refusal throws and the job retries.
 */
export async function sendScheduledReport(
  deps: ReportMailDeps,
  target: { scheduleId: string; at: string },
  options: { finalAttempt: boolean } = { finalAttempt: true },
): Promise<SendReportOutcome> {
  let sendKey: { scheduleId: string; periodKey: string } | null = null;
  try {
    return await sendOnce(deps, target, options.finalAttempt, (key) => {
      sendKey = key;
    });
  } catch (error) {
    // Whatever stopped the last attempt (the database, the PDF), the row does not stay RUNNING.
    const key = sendKey as { scheduleId: string; periodKey: string } | null;
    if (options.finalAttempt && key && !(error instanceof ReportRecipientsPending)) {
      await finishReportSend(deps.db, key.scheduleId, key.periodKey, {
        status: 'FAILED',
        failure: FAILED_MESSAGE,
      }).catch(() => {});
    }
    throw error;
  }
}

async function sendOnce(
  deps: ReportMailDeps,
  target: { scheduleId: string; at: string },
  finalAttempt: boolean,
  claimed: (key: { scheduleId: string; periodKey: string }) => void,
): Promise<SendReportOutcome> {
  if (!deps.transport) return { status: 'SKIPPED', reason: 'NOT_CONFIGURED' };
  const schedule = await findReportScheduleById(deps.db, target.scheduleId);
  if (!schedule) return { status: 'SKIPPED', reason: 'MISSING' };
  const brand = await findBrand(deps.db, schedule.workspaceId, schedule.brandId);
  if (!brand) return { status: 'SKIPPED', reason: 'MISSING' };
  const period = schedulePeriodDue(schedule.cadence, new Date(target.at), brand.schedule.timezone);
  if (!period) return { status: 'SKIPPED', reason: 'NOT_DUE' };
  const ws = schedule.workspaceId;
  const claim = await claimReportSend(deps.db, ws, schedule.id, period.key);
  if (claim.status === 'COMPLETED') return { status: 'SKIPPED', reason: 'SENT' };
  claimed({ scheduleId: schedule.id, periodKey: period.key });
  const recipients = await claimReportSendRecipients(
    deps.db,
    ws,
    schedule.id,
    period.key,
    schedule.recipients,
  );
  const due = recipients.filter((r) => r.sentAt === null).map((r) => r.recipient);

  // The period's report is made once; a retry after a failed mail sends the same one.
  let report = claim.reportId ? await findReport(deps.db, ws, claim.reportId) : null;
  if (!report) {
    const workspace = await findWorkspaceRow(deps.db, ws);
    const content = await buildReportContent({
      db: deps.db,
      workspaceId: ws,
      workspaceName: workspace?.name ?? '',
      brand,
      range: { from: period.from, to: period.to },
      labels: deps.labels,
    });
    report = await deps.db.transaction(async (tx) => {
      const row = await insertReport(tx, ws, {
        brandId: brand.id,
        periodFrom: period.from,
        periodTo: period.to,
        createdBy: null,
        scheduleId: schedule.id,
        content: content as unknown as Record<string, unknown>,
      });
      await setReportSendReport(tx, schedule.id, period.key, row.id);
      await recordActivity(tx, {
        workspaceId: ws,
        actor: { type: 'system', id: null, name: 'Lumen' },
        kind: 'report.created',
        message: `Made the ${schedule.cadence.toLowerCase()} report of “${brand.name}” for ${period.from} – ${period.to}`,
        subjectType: 'report',
        subjectId: row.id,
        brandId: brand.id,
        data: { from: period.from, to: period.to, scheduleId: schedule.id },
      });
      return row;
    });
  }

  const content = report.content as unknown as ReportContent;
  const branding = await findBranding(deps.db, ws);
  const view = reportView(content);
  const pdf = await renderReportPdf(view, {
    agencyName: branding.agencyName,
    accentColor: branding.accentColor,
    hideLumen: branding.hideLumen,
    logo:
      branding.logoData && branding.logoMime
        ? { mime: branding.logoMime, bytes: Buffer.from(branding.logoData, 'base64') }
        : null,
  });
  const token = randomBytes(32).toString('base64url');
  await insertReportShare(deps.db, ws, {
    reportId: report.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + MAIL_LINK_DAYS * 86_400_000),
    createdBy: null,
  });
  const link = `${deps.baseUrl.replace(/\/+$/, '')}/r/${token}`;
  const sender = branding.agencyName ?? (branding.hideLumen ? null : 'Lumen');
  const subject = `${content.brand.name}: report for ${reportDay(period.from)} – ${reportDay(period.to)}`;
  const kpiLines = view.kpis.map((k) => `${k.label}: ${k.value} (${k.detail})`);
  const text = [
    view.title,
    view.period,
    '',
    ...kpiLines,
    '',
    `The whole report: ${link} (the link works for ${MAIL_LINK_DAYS} days). The PDF is attached.`,
    ...(sender ? ['', `— ${sender}`] : []),
  ].join('\n');
  const html = `<h2>${escapeHtml(view.title)}</h2><p>${escapeHtml(view.period)}</p><ul>${kpiLines
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join(
      '',
    )}</ul><p><a href="${escapeHtml(link)}">Open the whole report</a> (the link works for ${MAIL_LINK_DAYS} days). The PDF is attached.</p>${
    sender ? `<p>— ${escapeHtml(sender)}</p>` : ''
  }`;
  const filename = `${content.brand.name.replace(/[^A-Za-z0-9-]+/g, '-') || 'report'}-${period.from}-${period.to}.pdf`;
  // One mail per recipient: they need not see each other's addresses. A refusal does not hold
  // up the others; each acceptance is written before the next mail, so a retry skips it.
  const refused: { to: string; reason: string }[] = [];
  for (const to of due) {
    let error: string | null = null;
    try {
      await deps.transport.send({
        to,
        subject,
        text,
        html,
        attachments: [{ filename, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      });
    } catch (cause) {
      error = smtpReason(cause);
      refused.push({ to, reason: error });
    }
    await recordReportRecipientAttempt(deps.db, schedule.id, period.key, to, error);
  }
  if (refused.length > 0) {
    const failure = `Not delivered to ${refused.map((r) => `${r.to} (${r.reason})`).join(', ')}.`;
    if (!finalAttempt) throw new ReportRecipientsPending(failure);
    await finishReportSend(deps.db, schedule.id, period.key, { status: 'FAILED', failure });
    return { status: 'FAILED', reason: failure };
  }
  await finishReportSend(deps.db, schedule.id, period.key, { status: 'COMPLETED' });
  return {
    status: 'SENT',
    reportId: report.id,
    recipients: due.length,
    skipped: recipients.length - due.length,
  };
}

/** The transport's code for the refusal (its message may quote the mail, so never that). */
function smtpReason(cause: unknown): string {
  return cause instanceof MailDeliveryError ? cause.code : 'SEND_FAILED';
}
