import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findLatestSiteAudit, type SiteAudit } from '@lumen/db/repositories/site-audit.repository';
import type { PageSummary, SiteAuditReport } from '@lumen/domain/site-audit/audit-report';
import type { Finding } from '@lumen/domain/site-audit/findings';
import type { AgentAccess, PageAccess } from '@lumen/domain/site-audit/robots';
import type { SiteScoreTerm } from '@lumen/domain/site-audit/score';
import { siteFormulaText } from '@lumen/domain/site-audit/score';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import { notFound } from '../errors';
import { activityExtension } from '../services/activity.service';
import { runSiteAudit } from '../services/run-site-audit.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned } from '../workspace-scope';
import { OpportunityType } from './refs';
import { JobStatusEnum } from './shared';

// A brand's site as AI crawlers read it (docs/site-audit.md): the latest audit, run one now,
// follow it live. The report is stored whole on the row and exposed field by field.

const upper = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase().replace(/-/g, '_'), { value: v }]));

const SeverityEnum = builder.enumType('FindingSeverity', {
  values: upper(['high', 'medium', 'low'] as const) as Record<
    'HIGH' | 'MEDIUM' | 'LOW',
    { value: Finding['severity'] }
  >,
});
const AreaEnum = builder.enumType('FindingArea', {
  values: upper(['access', 'llms', 'sitemap', 'page'] as const) as Record<
    'ACCESS' | 'LLMS' | 'SITEMAP' | 'PAGE',
    { value: Finding['area'] }
  >,
});
const AgentKindEnum = builder.enumType('AgentKind', {
  description:
    'TRAINING collects pages to train models; SEARCH indexes for an answer engine; USER fetches a page a person asked about.',
  values: upper(['training', 'search', 'user'] as const) as Record<
    'TRAINING' | 'SEARCH' | 'USER',
    { value: AgentAccess['kind'] }
  >,
});
const JavaScriptCheckEnum = builder.enumType('JavaScriptCheck', {
  values: upper(['ok', 'needs-javascript', 'not-checked'] as const) as Record<
    'OK' | 'NEEDS_JAVASCRIPT' | 'NOT_CHECKED',
    { value: PageSummary['javascript'] }
  >,
});

const FindingType = builder.objectRef<Finding>('SiteFinding').implement({
  description: 'One problem the audit found, with what was seen and what to do.',
  fields: (t) => ({
    key: t.exposeString('key', {
      description: 'Stable across audits; the TECHNICAL opportunity’s identity.',
    }),
    area: t.field({ type: AreaEnum, resolve: (f) => f.area }),
    severity: t.field({ type: SeverityEnum, resolve: (f) => f.severity }),
    title: t.exposeString('title'),
    evidence: t.exposeString('evidence'),
    fix: t.exposeString('fix'),
    url: t.exposeString('url', { nullable: true }),
  }),
});

const PageAccessType = builder.objectRef<PageAccess>('SitePageAccess').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    allowed: t.exposeBoolean('allowed'),
    line: t.exposeString('line', {
      nullable: true,
      description: 'The robots.txt rule that decided.',
    }),
    lineNumber: t.exposeInt('lineNumber', { nullable: true }),
  }),
});

const AgentAccessType = builder.objectRef<AgentAccess>('SiteAgentAccess').implement({
  fields: (t) => ({
    agent: t.exposeString('agent'),
    owner: t.exposeString('owner'),
    kind: t.field({ type: AgentKindEnum, resolve: (a) => a.kind }),
    purpose: t.exposeString('purpose'),
    pages: t.field({ type: [PageAccessType], resolve: (a) => a.pages }),
  }),
});

const TermType = builder.objectRef<SiteScoreTerm>('SiteScoreTerm').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    weight: t.exposeFloat('weight'),
    value: t.exposeFloat('value'),
    points: t.exposeFloat('points'),
  }),
});

type Heading = { level: number; text: string };
const HeadingType = builder.objectRef<Heading>('SiteHeading').implement({
  fields: (t) => ({ level: t.exposeInt('level'), text: t.exposeString('text') }),
});

const PageType = builder.objectRef<PageSummary>('SitePage').implement({
  description: 'A key page as served (and, when Chromium is available, as rendered).',
  fields: (t) => ({
    url: t.exposeString('url'),
    role: t.exposeString('role', {
      description: 'home, pricing, product, comparison, cited or published.',
    }),
    status: t.exposeInt('status', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    title: t.exposeString('title', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    h1Count: t.exposeInt('h1Count'),
    outline: t.field({ type: [HeadingType], resolve: (p) => p.outline }),
    schemaTypes: t.exposeStringList('schemaTypes'),
    dateModified: t.exposeString('dateModified', { nullable: true }),
    canonical: t.exposeString('canonical', { nullable: true }),
    javascript: t.field({ type: JavaScriptCheckEnum, resolve: (p) => p.javascript }),
    rawTextLength: t.exposeInt('rawTextLength'),
    renderedTextLength: t.exposeInt('renderedTextLength', { nullable: true }),
    bytes: t.exposeInt('bytes'),
    ttfbMs: t.exposeInt('ttfbMs', { nullable: true }),
    statistics: t.exposeInt('statistics'),
    quotations: t.exposeInt('quotations'),
    citedSources: t.exposeInt('citedSources'),
    readiness: t.exposeFloat('readiness', {
      description: 'Share of the page’s checks passed, 0–1.',
    }),
  }),
});

type Llms = SiteAuditReport['llms'];
const LlmsType = builder.objectRef<Llms>('SiteLlmsTxt').implement({
  fields: (t) => ({
    found: t.boolean({ resolve: (l) => l.state === 'found' }),
    url: t.exposeString('url'),
    title: t.exposeString('title', { nullable: true }),
    sections: t.exposeInt('sections'),
    links: t.exposeInt('links'),
    problems: t.exposeStringList('problems'),
  }),
});

type Sitemap = SiteAuditReport['sitemap'];
const SitemapType = builder.objectRef<Sitemap>('SiteSitemap').implement({
  fields: (t) => ({
    urls: t.exposeStringList('urls'),
    source: t.exposeString('source', {
      nullable: true,
      description: 'robots (Sitemap: lines) or default (/sitemap.xml).',
    }),
    entries: t.exposeInt('entries'),
    problems: t.exposeStringList('problems'),
  }),
});

const report = (a: SiteAudit) => a.report;

const SiteAuditType = builder.objectRef<SiteAudit>('SiteAudit').implement({
  description:
    'A brand’s site read as AI crawlers read it: robots.txt per agent, llms.txt, sitemaps and key pages. QUEUED → RUNNING → COMPLETED | FAILED.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: JobStatusEnum, resolve: (a) => a.status }),
    trigger: t.exposeString('trigger', { description: 'manual or scheduled (weekly).' }),
    origin: t.exposeString('origin', { nullable: true }),
    done: t.exposeInt('done', {
      description: 'Steps done (robots.txt, llms.txt, sitemap, each page).',
    }),
    total: t.exposeInt('total'),
    step: t.exposeString('step', { nullable: true, description: 'What it is reading now.' }),
    score: t.exposeInt('score', { nullable: true, description: '0–100; see formula.' }),
    formula: t.string({ resolve: () => siteFormulaText }),
    terms: t.field({ type: [TermType], resolve: (a) => report(a)?.terms ?? [] }),
    agents: t.field({ type: [AgentAccessType], resolve: (a) => report(a)?.agents ?? [] }),
    findings: t.field({ type: [FindingType], resolve: (a) => report(a)?.findings ?? [] }),
    pages: t.field({ type: [PageType], resolve: (a) => report(a)?.pages ?? [] }),
    llms: t.field({ type: LlmsType, nullable: true, resolve: (a) => report(a)?.llms ?? null }),
    sitemap: t.field({
      type: SitemapType,
      nullable: true,
      resolve: (a) => report(a)?.sitemap ?? null,
    }),
    robotsUrl: t.string({ nullable: true, resolve: (a) => report(a)?.robots.url ?? null }),
    robotsState: t.string({
      nullable: true,
      description: 'found, unavailable (4xx: no rules) or unreachable (5xx: everything closed).',
      resolve: (a) => report(a)?.robots.state ?? null,
    }),
    javascriptChecked: t.boolean({
      description: 'Whether pages were rendered in Chromium to compare; false: "not checked".',
      resolve: (a) => report(a)?.javascriptChecked ?? false,
    }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('siteAudit', (t) =>
  t.field({
    type: SiteAuditType,
    nullable: true,
    authScopes: { member: true },
    description: 'The brand’s latest site audit (open or finished); null when it has none.',
    args: { brandId: t.arg.id({ required: true }) },
    resolve: async (_root, { brandId }, ctx) => {
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      return findLatestSiteAudit(ctx.deps.db, brand.workspaceId, brand.id);
    },
  }),
);

builder.mutationField('runSiteAudit', (t) =>
  t.field({
    type: SiteAuditType,
    authScopes: { editor: true },
    description:
      'Audits the brand’s site now (or returns the audit already open); follow siteAuditUpdated.',
    args: { brandId: t.arg.id({ required: true }) },
    extensions: activityExtension('site_audit.requested'),
    resolve: async (_root, { brandId }, ctx) =>
      runSiteAudit(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(brandId)),
  }),
);

builder.subscriptionField('siteAuditUpdated', (t) =>
  t.field({
    type: SiteAuditType,
    nullable: true,
    authScopes: { member: true },
    description:
      'The brand’s latest site audit at once (null when none), then each time it moves or a new one starts.',
    args: { brandId: t.arg.id({ required: true }) },
    subscribe: async (_root, { brandId }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      return requestStream(ctx, (signal) =>
        rowStream<{ audit: SiteAudit | null }>({
          events: ctx.deps.events,
          topic: TOPIC.brandSiteAudit(brand.id),
          signal,
          read: async () =>
            (await findBrand(ctx.deps.db, workspaceId, brand.id))
              ? { audit: await findLatestSiteAudit(ctx.deps.db, workspaceId, brand.id) }
              : null,
          missing: () => notFound('Brand'),
          key: ({ audit: a }) =>
            JSON.stringify(a ? [a.id, a.status, a.done, a.total, a.step] : null),
        }),
      );
    },
    resolve: (frame: { audit: SiteAudit | null }) => frame.audit,
  }),
);

builder.objectFields(OpportunityType, (t) => ({
  finding: t.field({
    type: FindingType,
    nullable: true,
    description:
      'For a TECHNICAL opportunity: the site audit finding it stands for (severity, evidence, fix).',
    resolve: (o) =>
      o.type === 'technical'
        ? ((o.evidence as unknown as { finding?: Finding }).finding ?? null)
        : null,
  }),
}));
