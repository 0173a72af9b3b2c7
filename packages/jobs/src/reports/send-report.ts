import { createHash, randomBytes } from 'node:crypto';
import type { SmtpTransport } from '@lumen/config/mailer';
import type { Tx } from '@lumen/db/client';
import { recordActivity } from '@lumen/db/repositories/activity.repository';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  claimReportSend,
  findBranding,
  findReport,
  findReportScheduleById,
  insertReport,
  insertReportShare,
  listReportSchedulesForSweep,
  markReportSent,
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
  | { status: 'SENT'; reportId: string; recipients: number }
  | { status: 'SKIPPED'; reason: 'NOT_CONFIGURED' | 'MISSING' | 'NOT_DUE' | 'SENT' };

export async function sendScheduledReport(
  deps: ReportMailDeps,
  target: { scheduleId: string; at: string },
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
  if (claim.sentAt) return { status: 'SKIPPED', reason: 'SENT' };

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
  // One mail per recipient: they need not see each other's addresses.
  for (const to of schedule.recipients) {
    await deps.transport.send({
      to,
      subject,
      text,
      html,
      attachments: [{ filename, content: Buffer.from(pdf), contentType: 'application/pdf' }],
    });
  }
  await markReportSent(deps.db, schedule.id, period.key);
  return { status: 'SENT', reportId: report.id, recipients: schedule.recipients.length };
}
