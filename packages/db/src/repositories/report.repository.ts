import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';
import {
  type ReportSendStatus,
  reportSchedules,
  reportSendRecipients,
  reportSends,
  reportShares,
  reports,
  workspaceBranding,
} from '../schema/reports';

// Reports, their share links, schedules and the workspace's white label (docs/reports.md).
// Every read names its workspace, except the share link's: the token is the only key a
// visitor has, and it reaches exactly one report.

export type ReportRow = {
  id: string;
  workspaceId: string;
  brandId: string;
  periodFrom: string;
  periodTo: string;
  createdBy: string | null;
  scheduleId: string | null;
  content: Record<string, unknown>;
  createdAt: Date;
};

export async function insertReport(
  db: Tx,
  workspaceId: string,
  values: Omit<ReportRow, 'id' | 'workspaceId' | 'createdAt'>,
): Promise<ReportRow> {
  const [row] = await db
    .insert(reports)
    .values({ ...values, workspaceId })
    .returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

export async function findReport(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.workspaceId, workspaceId), eq(reports.id, id)));
  return row ?? null;
}

/** The workspace's reports (of one brand), newest first. */
export async function listReports(
  db: Tx,
  workspaceId: string,
  brandId: string | null,
  limit: number,
): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(eq(reports.workspaceId, workspaceId), brandId ? eq(reports.brandId, brandId) : undefined),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

export type ReportShareRow = {
  id: string;
  workspaceId: string;
  reportId: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdBy: string | null;
  views: number;
  createdAt: Date;
};

const shareColumns = {
  id: reportShares.id,
  workspaceId: reportShares.workspaceId,
  reportId: reportShares.reportId,
  expiresAt: reportShares.expiresAt,
  revokedAt: reportShares.revokedAt,
  createdBy: reportShares.createdBy,
  views: reportShares.views,
  createdAt: reportShares.createdAt,
};

export async function insertReportShare(
  db: Tx,
  workspaceId: string,
  values: { reportId: string; tokenHash: string; expiresAt: Date | null; createdBy: string | null },
): Promise<ReportShareRow> {
  const [row] = await db
    .insert(reportShares)
    .values({ ...values, workspaceId })
    .returning(shareColumns);
  if (!row) throw new Error('share not inserted');
  return row;
}

export async function listReportShares(
  db: Tx,
  workspaceId: string,
  reportIds: readonly string[],
): Promise<ReportShareRow[]> {
  if (reportIds.length === 0) return [];
  return db
    .select(shareColumns)
    .from(reportShares)
    .where(
      and(
        eq(reportShares.workspaceId, workspaceId),
        sql`${reportShares.reportId} = any(${sql.param([...reportIds])}::uuid[])`,
      ),
    )
    .orderBy(desc(reportShares.createdAt));
}

export async function findReportShare(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<ReportShareRow | null> {
  const [row] = await db
    .select(shareColumns)
    .from(reportShares)
    .where(and(eq(reportShares.workspaceId, workspaceId), eq(reportShares.id, id)));
  return row ?? null;
}

/** Revokes a link of the workspace (once; a second call returns the row as it is). */
export async function revokeReportShare(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<ReportShareRow | null> {
  await db
    .update(reportShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(reportShares.workspaceId, workspaceId),
        eq(reportShares.id, id),
        isNull(reportShares.revokedAt),
      ),
    );
  return findReportShare(db, workspaceId, id);
}

/** The link and its report for a token's hash; the caller decides whether it still works. */
export async function findShareByTokenHash(
  db: Tx,
  tokenHash: string,
): Promise<{ share: ReportShareRow; report: ReportRow } | null> {
  const [row] = await db
    .select({ share: shareColumns, report: reports })
    .from(reportShares)
    .innerJoin(reports, eq(reports.id, reportShares.reportId))
    .where(eq(reportShares.tokenHash, tokenHash));
  return row ?? null;
}

export async function countShareView(db: Tx, shareId: string): Promise<void> {
  await db
    .update(reportShares)
    .set({ views: sql`${reportShares.views} + 1` })
    .where(eq(reportShares.id, shareId));
}

export type ReportScheduleRow = {
  id: string;
  workspaceId: string;
  brandId: string;
  cadence: 'WEEKLY' | 'MONTHLY';
  recipients: string[];
  createdBy: string | null;
  updatedAt: Date;
};

const scheduleColumns = {
  id: reportSchedules.id,
  workspaceId: reportSchedules.workspaceId,
  brandId: reportSchedules.brandId,
  cadence: reportSchedules.cadence,
  recipients: reportSchedules.recipients,
  createdBy: reportSchedules.createdBy,
  updatedAt: reportSchedules.updatedAt,
};

/** One schedule per brand: set it (insert or replace). */
export async function upsertReportSchedule(
  db: Tx,
  workspaceId: string,
  values: {
    brandId: string;
    cadence: 'WEEKLY' | 'MONTHLY';
    recipients: string[];
    createdBy: string | null;
  },
): Promise<ReportScheduleRow> {
  const [row] = await db
    .insert(reportSchedules)
    .values({ ...values, workspaceId })
    .onConflictDoUpdate({
      target: [reportSchedules.workspaceId, reportSchedules.brandId],
      set: { cadence: values.cadence, recipients: values.recipients, updatedAt: new Date() },
    })
    .returning(scheduleColumns);
  if (!row) throw new Error('schedule not saved');
  return row;
}

export async function deleteReportSchedule(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<void> {
  await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.brandId, brandId)));
}

export async function findReportScheduleOfBrand(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<ReportScheduleRow | null> {
  const [row] = await db
    .select(scheduleColumns)
    .from(reportSchedules)
    .where(and(eq(reportSchedules.workspaceId, workspaceId), eq(reportSchedules.brandId, brandId)));
  return row ?? null;
}

/** Every schedule with its brand's time zone, for the sweep (which has no workspace). */
export async function listReportSchedulesForSweep(
  db: Tx,
): Promise<(ReportScheduleRow & { timezone: string })[]> {
  const rows = await db.execute<ReportScheduleRow & { timezone: string | null }>(sql`
    select s.id, s.workspace_id as "workspaceId", s.brand_id as "brandId", s.cadence,
           s.recipients, s.created_by as "createdBy", s.updated_at as "updatedAt",
           b.timezone
      from report_schedules s join brands b on b.id = s.brand_id
     order by s.id`);
  return rows.map((r) => ({
    ...r,
    updatedAt: rawDate(r.updatedAt),
    timezone: r.timezone ?? 'UTC',
  }));
}

export async function findReportScheduleById(
  db: Tx,
  id: string,
): Promise<ReportScheduleRow | null> {
  const [row] = await db
    .select(scheduleColumns)
    .from(reportSchedules)
    .where(eq(reportSchedules.id, id));
  return row ?? null;
}

/** The send of a schedule's period: made once; later sweeps and retries find it. */
export async function claimReportSend(
  db: Tx,
  workspaceId: string,
  scheduleId: string,
  periodKey: string,
): Promise<{ reportId: string | null; status: ReportSendStatus }> {
  await db.insert(reportSends).values({ workspaceId, scheduleId, periodKey }).onConflictDoNothing();
  const [row] = await db
    .select({ reportId: reportSends.reportId, status: reportSends.status })
    .from(reportSends)
    .where(and(eq(reportSends.scheduleId, scheduleId), eq(reportSends.periodKey, periodKey)));
  return row ?? { reportId: null, status: 'RUNNING' };
}

export async function setReportSendReport(
  db: Tx,
  scheduleId: string,
  periodKey: string,
  reportId: string,
): Promise<void> {
  await db
    .update(reportSends)
    .set({ reportId })
    .where(and(eq(reportSends.scheduleId, scheduleId), eq(reportSends.periodKey, periodKey)));
}

/** The send reached its end: every recipient mailed (COMPLETED), or given up on (FAILED). */
export async function finishReportSend(
  db: Tx,
  scheduleId: string,
  periodKey: string,
  outcome: { status: 'COMPLETED' } | { status: 'FAILED'; failure: string },
): Promise<void> {
  await db
    .update(reportSends)
    .set(
      outcome.status === 'COMPLETED'
        ? { status: 'COMPLETED', sentAt: new Date(), failure: null }
        : { status: 'FAILED', failure: outcome.failure },
    )
    .where(and(eq(reportSends.scheduleId, scheduleId), eq(reportSends.periodKey, periodKey)));
}

export type ReportSendRow = {
  periodKey: string;
  status: ReportSendStatus;
  failure: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

/** The schedule's latest send (the newest period it was due for), or null before the first. */
export async function findLatestReportSend(
  db: Tx,
  workspaceId: string,
  scheduleId: string,
): Promise<ReportSendRow | null> {
  const [row] = await db
    .select({
      periodKey: reportSends.periodKey,
      status: reportSends.status,
      failure: reportSends.failure,
      sentAt: reportSends.sentAt,
      createdAt: reportSends.createdAt,
    })
    .from(reportSends)
    .where(and(eq(reportSends.workspaceId, workspaceId), eq(reportSends.scheduleId, scheduleId)))
    .orderBy(desc(reportSends.createdAt), desc(reportSends.periodKey))
    .limit(1);
  return row ?? null;
}

export type ReportSendRecipient = {
  recipient: string;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
};

/**
 * The period's recipients, one row each (made on the first attempt; a recipient added to the
 * schedule between attempts joins). Those with `sentAt` were mailed and are never mailed again.
 */
export async function claimReportSendRecipients(
  db: Tx,
  workspaceId: string,
  scheduleId: string,
  periodKey: string,
  recipients: readonly string[],
): Promise<ReportSendRecipient[]> {
  if (recipients.length > 0) {
    await db
      .insert(reportSendRecipients)
      .values(recipients.map((recipient) => ({ workspaceId, scheduleId, periodKey, recipient })))
      .onConflictDoNothing();
  }
  return db
    .select({
      recipient: reportSendRecipients.recipient,
      sentAt: reportSendRecipients.sentAt,
      attempts: reportSendRecipients.attempts,
      lastError: reportSendRecipients.lastError,
    })
    .from(reportSendRecipients)
    .where(
      and(
        eq(reportSendRecipients.scheduleId, scheduleId),
        eq(reportSendRecipients.periodKey, periodKey),
      ),
    );
}

/** One recipient's try: accepted by the SMTP server (`error` null) or refused. */
export async function recordReportRecipientAttempt(
  db: Tx,
  scheduleId: string,
  periodKey: string,
  recipient: string,
  error: string | null,
): Promise<void> {
  await db
    .update(reportSendRecipients)
    .set({
      attempts: sql`${reportSendRecipients.attempts} + 1`,
      ...(error === null ? { sentAt: new Date(), lastError: null } : { lastError: error }),
    })
    .where(
      and(
        eq(reportSendRecipients.scheduleId, scheduleId),
        eq(reportSendRecipients.periodKey, periodKey),
        eq(reportSendRecipients.recipient, recipient),
      ),
    );
}

export type Branding = {
  agencyName: string | null;
  accentColor: string | null;
  logoMime: string | null;
  logoData: string | null;
  logoSourceUrl: string | null;
  hideLumen: boolean;
};

export const NO_BRANDING: Branding = {
  agencyName: null,
  accentColor: null,
  logoMime: null,
  logoData: null,
  logoSourceUrl: null,
  hideLumen: false,
};

export async function findBranding(db: Tx, workspaceId: string): Promise<Branding> {
  const [row] = await db
    .select({
      agencyName: workspaceBranding.agencyName,
      accentColor: workspaceBranding.accentColor,
      logoMime: workspaceBranding.logoMime,
      logoData: workspaceBranding.logoData,
      logoSourceUrl: workspaceBranding.logoSourceUrl,
      hideLumen: workspaceBranding.hideLumen,
    })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, workspaceId));
  return row ?? NO_BRANDING;
}

export async function saveBranding(db: Tx, workspaceId: string, b: Branding): Promise<Branding> {
  await db
    .insert(workspaceBranding)
    .values({ workspaceId, ...b })
    .onConflictDoUpdate({
      target: workspaceBranding.workspaceId,
      set: { ...b, updatedAt: new Date() },
    });
  return findBranding(db, workspaceId);
}

export type PublishedInPeriod = { id: string; title: string; url: string; publishedAt: Date };

/** The brand's pages published in the period (the brand's local days), newest first. */
export async function listPublishedInPeriod(
  db: Tx,
  workspaceId: string,
  brandId: string,
  range: { from: string; to: string; timezone: string },
): Promise<PublishedInPeriod[]> {
  const rows = await db.execute<
    Omit<PublishedInPeriod, 'publishedAt'> & { publishedAt: string | Date }
  >(sql`
    select pi.id, d.title, pi.url, pi.published_at as "publishedAt"
      from published_items pi
      join drafts d on d.id = pi.draft_id
      join orders ord on ord.id = d.order_id
      join opportunities o on o.id = ord.opportunity_id
     where pi.workspace_id = ${workspaceId} and o.brand_id = ${brandId}
       and pi.published_at >= (${range.from}::date::timestamp at time zone ${range.timezone})
       and pi.published_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timezone})
     order by pi.published_at desc, pi.id
     limit 50`);
  return rows.map((r) => ({ ...r, publishedAt: rawDate(r.publishedAt) }));
}

/** Opportunities of the brand resolved in the period (the brand's local days). */
export async function countResolvedInPeriod(
  db: Tx,
  workspaceId: string,
  brandId: string,
  range: { from: string; to: string; timezone: string },
): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from opportunities
     where workspace_id = ${workspaceId} and brand_id = ${brandId} and status = 'RESOLVED'
       and resolved_at >= (${range.from}::date::timestamp at time zone ${range.timezone})
       and resolved_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timezone})`);
  return row?.n ?? 0;
}
