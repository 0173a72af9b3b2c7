import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  type Branding,
  findBranding,
  findLatestReportSend,
  findReport,
  findReportScheduleOfBrand,
  listReports,
  type ReportRow,
  type ReportScheduleRow,
  type ReportSendRow,
  type ReportShareRow,
} from '@lumen/db/repositories/report.repository';
import { shareState } from '@lumen/domain/reports/report-rules';
import { builder } from '../builder';
import { badInput } from '../errors';
import { reportLoaders } from '../loaders/report-loaders';
import { runLoaders } from '../loaders/run-loaders';
import { activityExtension } from '../services/activity.service';
import {
  contentOf,
  createReport,
  revokeShare,
  scheduleReport,
  setReportBranding,
  shareReport,
} from '../services/reports.service';
import { findOwned, findOwnedOrNull } from '../workspace-scope';
import { BrandType } from './refs';

// Brand reports (docs/reports.md): a snapshot of a brand's numbers for a period, its read-only
// share links, its schedule and the workspace's white label. Every member reads them; members,
// admins and owners make, share and schedule them; owners and admins set the white label.

const ShareStateEnum = builder.enumType('ReportShareState', {
  values: ['ACTIVE', 'REVOKED', 'EXPIRED'] as const,
});

const ReportShareType = builder.objectRef<ReportShareRow>('ReportShare').implement({
  description: 'A read-only link to one report. Its address is shown once, by shareReport.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    views: t.exposeInt('views', { description: 'Times the link was opened (page or PDF).' }),
    state: t.field({ type: ShareStateEnum, resolve: (s) => shareState(s, new Date()) }),
  }),
});

const ReportType = builder.objectRef<ReportRow>('Report').implement({
  description: 'A brand’s numbers for a period, kept as they were when the report was made.',
  fields: (t) => ({
    id: t.exposeID('id'),
    brandId: t.exposeID('brandId'),
    brand: t.field({
      type: BrandType,
      nullable: true,
      resolve: (r, _args, ctx) => runLoaders(ctx).brand.load(r.brandId),
    }),
    brandName: t.string({ resolve: (r) => contentOf(r).brand.name }),
    from: t.field({ type: 'Date', resolve: (r) => r.periodFrom }),
    to: t.field({ type: 'Date', resolve: (r) => r.periodTo }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    scheduled: t.boolean({
      description: 'Made by the brand’s schedule rather than a person.',
      resolve: (r) => r.scheduleId !== null,
    }),
    score: t.int({ resolve: (r) => contentOf(r).kpis.score }),
    contentJson: t.string({
      description:
        'The snapshot as JSON (ReportContent in packages/domain/src/reports/report-content.ts).',
      resolve: (r) => JSON.stringify(r.content),
    }),
    shares: t.field({
      type: [ReportShareType],
      description: 'Its share links, newest first.',
      resolve: (r, _args, ctx) => reportLoaders(ctx).shares.load(r.id),
    }),
  }),
});

const ReportShareLinkType = builder
  .objectRef<{ url: string; share: ReportShareRow }>('ReportShareLink')
  .implement({
    description: 'A new share link and its address: the only time the address is returned.',
    fields: (t) => ({
      url: t.exposeString('url'),
      share: t.field({ type: ReportShareType, resolve: (l) => l.share }),
    }),
  });

const ReportCadenceEnum = builder.enumType('ReportCadence', {
  values: ['WEEKLY', 'MONTHLY', 'OFF'] as const,
});

const ReportSendStatusEnum = builder.enumType('ReportSendStatus', {
  values: ['RUNNING', 'COMPLETED', 'FAILED'] as const,
});

const ReportSendType = builder.objectRef<ReportSendRow>('ReportSend').implement({
  description:
    'One period’s mailing of a schedule: RUNNING until every recipient got the report once (COMPLETED) or the last retry gave up (FAILED, naming who was not reached).',
  fields: (t) => ({
    period: t.exposeString('periodKey', {
      description: 'WEEKLY-<first day> or MONTHLY-<yyyy-mm>.',
    }),
    status: t.field({ type: ReportSendStatusEnum, resolve: (s) => s.status }),
    failure: t.exposeString('failure', { nullable: true }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ReportScheduleType = builder.objectRef<ReportScheduleRow>('ReportSchedule').implement({
  description:
    'Reports of the brand sent by email with the PDF attached: WEEKLY on Mondays (the week before), MONTHLY on the 1st (the month before), in the brand’s time zone.',
  fields: (t) => ({
    id: t.exposeID('id'),
    cadence: t.field({ type: ReportCadenceEnum, resolve: (s) => s.cadence }),
    recipients: t.exposeStringList('recipients'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    lastSend: t.field({
      type: ReportSendType,
      nullable: true,
      description: 'The latest period it was due for; null before the first.',
      resolve: (s, _args, ctx) => findLatestReportSend(ctx.deps.db, s.workspaceId, s.id),
    }),
  }),
});

builder.objectField(BrandType, 'reportSchedule', (t) =>
  t.field({
    type: ReportScheduleType,
    nullable: true,
    resolve: (b, _args, ctx) => findReportScheduleOfBrand(ctx.deps.db, b.workspaceId, b.id),
  }),
);

const ReportBrandingType = builder.objectRef<Branding>('ReportBranding').implement({
  description: 'The workspace’s white label on reports, share pages and PDFs.',
  fields: (t) => ({
    agencyName: t.exposeString('agencyName', { nullable: true }),
    accentColor: t.exposeString('accentColor', { nullable: true, description: '#rrggbb' }),
    logoUrl: t.exposeString('logoSourceUrl', {
      nullable: true,
      description: 'Where the logo was fetched from (once, when it was set).',
    }),
    hasLogo: t.boolean({ resolve: (b) => b.logoData !== null }),
    logoDataUrl: t.string({
      nullable: true,
      description: 'The stored logo as a data: URL (PNG or JPEG).',
      resolve: (b) => (b.logoData && b.logoMime ? `data:${b.logoMime};base64,${b.logoData}` : null),
    }),
    hideLumen: t.exposeBoolean('hideLumen', {
      description: 'No “Made with Lumen” on reports, share pages and PDFs.',
    }),
  }),
});

builder.queryField('reports', (t) =>
  t.field({
    type: [ReportType],
    authScopes: { member: true },
    description: 'The workspace’s reports (of one brand), newest first.',
    args: {
      brandId: t.arg.id({ required: false }),
      first: t.arg.int({ required: false, description: '1–100, default 50.' }),
    },
    resolve: async (_root, args, ctx) => {
      const first = args.first ?? 50;
      if (!Number.isInteger(first) || first < 1 || first > 100) {
        throw badInput([{ path: ['first'], message: 'Between 1 and 100.' }]);
      }
      const brand =
        args.brandId == null ? null : await findOwned(ctx, 'Brand', args.brandId, findBrand);
      return listReports(ctx.deps.db, (await ctx.workspace()).id, brand?.id ?? null, first);
    },
  }),
);

builder.queryField('report', (t) =>
  t.field({
    type: ReportType,
    nullable: true,
    authScopes: { member: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findReport),
  }),
);

builder.queryField('reportBranding', (t) =>
  t.field({
    type: ReportBrandingType,
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => findBranding(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.mutationField('createReport', (t) =>
  t.field({
    type: ReportType,
    authScopes: { editor: true },
    description:
      'Makes a report of the brand for from–to (the brand’s local days, both included, at most 400) and keeps it.',
    args: {
      brandId: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
    },
    extensions: activityExtension('report.created'),
    resolve: (_root, args, ctx) =>
      createReport(ctx, String(args.brandId), { from: args.from, to: args.to }),
  }),
);

builder.mutationField('shareReport', (t) =>
  t.field({
    type: ReportShareLinkType,
    authScopes: { editor: true },
    description:
      'A new read-only link to the report (its page and PDF, nothing else). Optional expiry in days (1–365).',
    args: {
      reportId: t.arg.id({ required: true }),
      expiresInDays: t.arg.int({ required: false }),
    },
    extensions: activityExtension('report.shared'),
    resolve: (_root, args, ctx) => shareReport(ctx, String(args.reportId), args.expiresInDays),
  }),
);

builder.mutationField('revokeShare', (t) =>
  t.field({
    type: ReportShareType,
    authScopes: { editor: true },
    description: 'The link stops working at once. Revoking twice keeps the first time.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('report.share_revoked'),
    resolve: (_root, { id }, ctx) => revokeShare(ctx, String(id)),
  }),
);

builder.mutationField('scheduleReport', (t) =>
  t.field({
    type: ReportScheduleType,
    nullable: true,
    authScopes: { editor: true },
    description:
      'Sets the brand’s report schedule (one per brand): WEEKLY or MONTHLY to these recipients (1–20 addresses), or OFF. Null when off.',
    args: {
      brandId: t.arg.id({ required: true }),
      cadence: t.arg({ type: ReportCadenceEnum, required: true }),
      recipients: t.arg.stringList({ required: true }),
    },
    extensions: activityExtension('report.scheduled'),
    resolve: (_root, args, ctx) =>
      scheduleReport(ctx, String(args.brandId), {
        cadence: args.cadence,
        recipients: args.recipients,
      }),
  }),
);

const ReportBrandingInput = builder.inputType('ReportBrandingInput', {
  fields: (t) => ({
    agencyName: t.string({ required: false }),
    accentColor: t.string({ required: false, description: '#rrggbb' }),
    logoUrl: t.string({
      required: false,
      description: 'An http(s) address of a PNG or JPEG up to 512 KB, fetched once now.',
    }),
    hideLumen: t.boolean({ required: true }),
  }),
});

builder.mutationField('setReportBranding', (t) =>
  t.field({
    type: ReportBrandingType,
    authScopes: { owner: true },
    description: 'Owners and admins: the white label of the workspace’s reports.',
    args: { input: t.arg({ type: ReportBrandingInput, required: true }) },
    extensions: activityExtension('workspace.branding_changed'),
    resolve: (_root, { input }, ctx) =>
      setReportBranding(ctx, {
        agencyName: input.agencyName ?? null,
        accentColor: input.accentColor ?? null,
        logoUrl: input.logoUrl ?? null,
        hideLumen: input.hideLumen,
      }),
  }),
);
