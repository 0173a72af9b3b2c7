import { createHash, randomBytes } from 'node:crypto';
import { SafeFetchError, safeFetch } from '@lumen/config/safe-fetch';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  type Branding,
  deleteReportSchedule,
  findBranding,
  findReport,
  insertReport,
  insertReportShare,
  type ReportRow,
  type ReportScheduleRow,
  type ReportShareRow,
  revokeReportShare,
  saveBranding,
  upsertReportSchedule,
} from '@lumen/db/repositories/report.repository';
import { findWorkspaceRow } from '@lumen/db/repositories/team.repository';
import type { ReportContent } from '@lumen/domain/reports/report-content';
import {
  type BrandingInput,
  BrandingInputSchema,
  MAX_LOGO_BYTES,
  ReportPeriodSchema,
  ReportScheduleInputSchema,
  shareExpiry,
  sniffLogo,
} from '@lumen/domain/reports/report-rules';
import { reportView } from '@lumen/domain/reports/report-view';
import { buildReportContent } from '@lumen/jobs/reports/build-report';
import { renderReportPdf } from '@lumen/jobs/reports/report-pdf';
import type { Context, GatewayDeps } from '../context';
import { badInput } from '../errors';
import { metricsLoaders } from '../loaders/metrics-loaders';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import { workspaceEngineLabels } from './brand-metrics.service';
import { parseInput } from './brand-rules';

// Reports (docs/reports.md): made by a person here, by a schedule in the worker; both through
// `buildReportContent`, whose numbers are the metrics API's.

function userIdOf(ctx: Context): string | null {
  return ctx.user && !ctx.user.apiKey ? ctx.user.id : null;
}

export async function createReport(
  ctx: Context,
  brandId: string,
  period: { from: string; to: string },
): Promise<ReportRow> {
  const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
  const range = parseInput(ReportPeriodSchema, period);
  const workspace = await findWorkspaceRow(ctx.deps.db, brand.workspaceId);
  const content = await buildReportContent({
    db: ctx.deps.db,
    workspaceId: brand.workspaceId,
    workspaceName: workspace?.name ?? '',
    brand,
    range,
    labels: await workspaceEngineLabels(ctx),
    tallies: (query) => metricsLoaders(ctx).tallies.load({ brandId: brand.id, query }),
  });
  const acting = await ctx.acting();
  return ctx.deps.db.transaction(async (tx) => {
    const report = await insertReport(tx, brand.workspaceId, {
      brandId: brand.id,
      periodFrom: range.from,
      periodTo: range.to,
      createdBy: userIdOf(ctx),
      scheduleId: null,
      content: content as unknown as Record<string, unknown>,
    });
    await logActivity(tx, acting, {
      workspaceId: brand.workspaceId,
      kind: 'report.created',
      message: `Made a report of “${brand.name}” for ${range.from} – ${range.to}`,
      subjectType: 'report',
      subjectId: report.id,
      brandId: brand.id,
      data: { from: range.from, to: range.to },
    });
    return report;
  });
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function shareUrl(deps: GatewayDeps, token: string): string {
  return `${deps.publicUrl().replace(/\/+$/, '')}/r/${token}`;
}

/** A new read-only link: the token is returned once, only its hash is kept. */
export async function shareReport(
  ctx: Context,
  reportId: string,
  expiresInDays: number | null | undefined,
): Promise<{ url: string; share: ReportShareRow }> {
  const report = await findOwned(ctx, 'Report', reportId, findReport);
  let expiresAt: Date | null;
  try {
    expiresAt = shareExpiry(expiresInDays, new Date());
  } catch (error) {
    throw badInput([{ path: ['expiresInDays'], message: (error as Error).message }]);
  }
  const token = randomBytes(32).toString('base64url');
  const acting = await ctx.acting();
  const share = await ctx.deps.db.transaction(async (tx) => {
    const row = await insertReportShare(tx, report.workspaceId, {
      reportId: report.id,
      tokenHash: tokenHash(token),
      expiresAt,
      createdBy: userIdOf(ctx),
    });
    await logActivity(tx, acting, {
      workspaceId: report.workspaceId,
      kind: 'report.shared',
      message: `Shared a report of ${report.periodFrom} – ${report.periodTo}${expiresAt ? ` until ${expiresAt.toISOString().slice(0, 10)}` : ''}`,
      subjectType: 'report',
      subjectId: report.id,
      brandId: report.brandId,
      data: { shareId: row.id, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return row;
  });
  return { url: shareUrl(ctx.deps, token), share };
}

export async function revokeShare(ctx: Context, shareId: string): Promise<ReportShareRow> {
  const workspaceId = (await ctx.workspace()).id;
  const acting = await ctx.acting();
  return ctx.deps.db.transaction(async (tx) => {
    const share = await findOwned(
      { db: tx, workspaceId },
      'Share link',
      shareId,
      revokeReportShare,
    );
    const report = await findReport(tx, workspaceId, share.reportId);
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'report.share_revoked',
      message: 'Revoked a report’s share link',
      subjectType: 'report',
      subjectId: share.reportId,
      brandId: report?.brandId ?? null,
      data: { shareId: share.id },
    });
    return share;
  });
}

/** Sets the brand's schedule (cadence OFF removes it); returns it, or null when off. */
export async function scheduleReport(
  ctx: Context,
  brandId: string,
  input: { cadence: string; recipients: readonly string[] },
): Promise<ReportScheduleRow | null> {
  const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
  const parsed = parseInput(ReportScheduleInputSchema, input);
  const acting = await ctx.acting();
  return ctx.deps.db.transaction(async (tx) => {
    const schedule =
      parsed.cadence === 'OFF'
        ? null
        : await upsertReportSchedule(tx, brand.workspaceId, {
            brandId: brand.id,
            cadence: parsed.cadence,
            recipients: parsed.recipients,
            createdBy: userIdOf(ctx),
          });
    if (!schedule) await deleteReportSchedule(tx, brand.workspaceId, brand.id);
    await logActivity(tx, acting, {
      workspaceId: brand.workspaceId,
      kind: 'report.scheduled',
      message: schedule
        ? `Scheduled ${parsed.cadence.toLowerCase()} reports of “${brand.name}” to ${parsed.recipients.length} recipient(s)`
        : `Stopped the scheduled reports of “${brand.name}”`,
      subjectType: 'brand',
      subjectId: brand.id,
      brandId: brand.id,
      // Counts, not addresses: the log never carries an email (docs/activity.md).
      data: { cadence: parsed.cadence, recipients: parsed.recipients.length },
    });
    return schedule;
  });
}

/** Fetches a logo once, through safeFetch, and keeps its bytes if they are a PNG or JPEG. */
async function fetchLogo(deps: GatewayDeps, url: string): Promise<{ mime: string; data: string }> {
  const refuse = (message: string) => badInput([{ path: ['logoUrl'], message }]);
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(url, {
      allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
      headers: { accept: 'image/png,image/jpeg' },
      maxBytes: MAX_LOGO_BYTES,
      timeoutMs: 10_000,
    });
  } catch (error) {
    if (error instanceof SafeFetchError) {
      throw refuse(
        error.code === 'TOO_LARGE'
          ? 'The logo is larger than 512 KB.'
          : error.code === 'BLOCKED_URL'
            ? 'This address is not public.'
            : 'The logo could not be fetched from this address.',
      );
    }
    throw error;
  }
  if (!response.ok) throw refuse(`The logo address answered HTTP ${response.status}.`);
  const mime = sniffLogo(response.body);
  if (!mime) throw refuse('The logo must be a PNG or JPEG image.');
  return { mime, data: response.body.toString('base64') };
}

export async function setReportBranding(
  ctx: Context,
  raw: Record<string, unknown>,
): Promise<Branding> {
  const workspaceId = (await ctx.workspace()).id;
  const input: BrandingInput = parseInput(BrandingInputSchema, raw);
  const before = await findBranding(ctx.deps.db, workspaceId);
  // The logo is fetched only when its address changes; its bytes are what reports show.
  let logo = { mime: before.logoMime, data: before.logoData };
  if (!input.logoUrl) logo = { mime: null, data: null };
  else if (input.logoUrl !== before.logoSourceUrl || !before.logoData) {
    logo = await fetchLogo(ctx.deps, input.logoUrl);
  }
  const acting = await ctx.acting();
  return ctx.deps.db.transaction(async (tx) => {
    const saved = await saveBranding(tx, workspaceId, {
      agencyName: input.agencyName,
      accentColor: input.accentColor,
      logoMime: logo.mime,
      logoData: logo.data,
      logoSourceUrl: input.logoUrl,
      hideLumen: input.hideLumen,
    });
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'workspace.branding_changed',
      message: 'Changed the white label of reports',
      subjectType: 'workspace',
      subjectId: workspaceId,
      data: {
        agencyName: input.agencyName,
        accentColor: input.accentColor,
        hideLumen: input.hideLumen,
      },
    });
    return saved;
  });
}

export function contentOf(report: ReportRow): ReportContent {
  return report.content as unknown as ReportContent;
}

export async function reportPdf(deps: GatewayDeps, report: ReportRow): Promise<Uint8Array> {
  const branding = await findBranding(deps.db, report.workspaceId);
  return renderReportPdf(reportView(contentOf(report)), {
    agencyName: branding.agencyName,
    accentColor: branding.accentColor,
    hideLumen: branding.hideLumen,
    logo:
      branding.logoData && branding.logoMime
        ? { mime: branding.logoMime, bytes: Buffer.from(branding.logoData, 'base64') }
        : null,
  });
}

export function pdfFileName(report: ReportRow): string {
  const name = contentOf(report)
    .brand.name.replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${name || 'report'}-${report.periodFrom}-${report.periodTo}.pdf`;
}
