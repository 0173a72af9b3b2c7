import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  type CitedPageScan,
  findLatestCitedPageScan,
} from '@lumen/db/repositories/cited-page-scan.repository';
import type { OutreachContact } from '@lumen/domain/sources/contact-page';
import type { OutreachEvidence } from '@lumen/domain/sources/outreach';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import { notFound } from '../errors';
import { activityExtension } from '../services/activity.service';
import { parseFilter, workspaceEngineLabels } from '../services/brand-metrics.service';
import {
  brandSourceOutreach,
  type OutreachPageRow,
  readCitedPages,
  type SourceOutreach,
} from '../services/source-outreach.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned } from '../workspace-scope';
import { MetricsFilterInput } from './metrics';
import { OpportunityType } from './refs';
import { JobStatusEnum } from './shared';
import { SourceKindEnum } from './sources';

// "Cites them, not us" (docs/sources.md): the brand's cited pages read, the ones naming
// competitors but not the brand, the scan that reads them, and the outreach opportunity's page.

const OutreachContactKindEnum = builder.enumType('OutreachContactKind', {
  description:
    'SUBMIT: a page of the site to submit, suggest or write for; CONTACT: its contact page; THREAD: a UGC thread to answer in.',
  values: {
    SUBMIT: { value: 'submit' },
    CONTACT: { value: 'contact' },
    THREAD: { value: 'thread' },
  } as const,
});

const OutreachContactType = builder.objectRef<OutreachContact>('OutreachContact').implement({
  description: 'Where to ask the site to mention the brand.',
  fields: (t) => ({
    url: t.exposeString('url'),
    kind: t.field({ type: OutreachContactKindEnum, resolve: (c) => c.kind }),
  }),
});

const OutreachPromptType = builder
  .objectRef<OutreachPageRow['prompts'][number]>('OutreachPrompt')
  .implement({
    fields: (t) => ({
      text: t.exposeString('text'),
      engines: t.stringList({ resolve: (p) => [...p.engines] }),
      engineLabels: t.exposeStringList('engineLabels', {
        description: 'The engines as the workspace names them, in the order of `engines`.',
      }),
    }),
  });

const OutreachPageType = builder.objectRef<OutreachPageRow>('OutreachPage').implement({
  description: 'A cited page whose text names competitors but not the brand.',
  fields: (t) => ({
    url: t.exposeString('url'),
    domain: t.exposeString('domain'),
    kind: t.field({ type: SourceKindEnum, resolve: (p) => p.kind }),
    title: t.exposeString('title', { nullable: true }),
    citations: t.exposeInt('citations'),
    share: t.exposeFloat('share', {
      description: 'Its citations over every citation of the period, 0–1.',
    }),
    score: t.exposeFloat('score', { description: 'share × engines citing it: the ranking.' }),
    engines: t.stringList({ resolve: (p) => p.engines }),
    engineLabels: t.exposeStringList('engineLabels', {
      description: 'The engines as the workspace names them, in the order of `engines`.',
    }),
    competitors: t.stringList({
      description: 'The competitors the page names, in the order it names them.',
      resolve: (p) => p.competitors.map((c) => c.name),
    }),
    prompts: t.field({
      type: [OutreachPromptType],
      description: 'The prompts whose answers cite it, most citations first (five at most).',
      resolve: (p) => p.prompts,
    }),
    contact: t.field({ type: OutreachContactType, nullable: true, resolve: (p) => p.contact }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true }),
    opportunityId: t.exposeID('opportunityId', {
      nullable: true,
      description: 'Its SOURCE_OUTREACH opportunity, once a scan has made one.',
    }),
  }),
});

const OutreachDomainType = builder
  .objectRef<SourceOutreach['domains'][number]>('OutreachDomain')
  .implement({
    fields: (t) => ({
      domain: t.exposeString('domain'),
      kind: t.field({ type: SourceKindEnum, resolve: (d) => d.kind }),
      citations: t.exposeInt('citations'),
      share: t.exposeFloat('share'),
      score: t.exposeFloat('score'),
      engines: t.stringList({ resolve: (d) => d.engines }),
      engineLabels: t.exposeStringList('engineLabels', {
        description: 'The engines as the workspace names them, in the order of `engines`.',
      }),
      pages: t.stringList({ resolve: (d) => d.pages }),
    }),
  });

const CitedPageScanType = builder.objectRef<CitedPageScan>('CitedPageScan').implement({
  description: 'A reading of the brand’s cited pages: the job’s status row.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: JobStatusEnum, resolve: (s) => s.status }),
    trigger: t.exposeString('trigger', { description: 'manual or scheduled (weekly).' }),
    done: t.exposeInt('done'),
    total: t.exposeInt('total'),
    failed: t.exposeInt('failed', { description: 'Pages whose fetch failed (recorded, skipped).' }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SourceOutreachType = builder.objectRef<SourceOutreach>('SourceOutreach').implement({
  description: '“Cites them, not us”: cited pages that name competitors but not the brand.',
  fields: (t) => ({
    pages: t.field({
      type: [OutreachPageType],
      description: 'Best first: citation share × engines citing it.',
      resolve: (o) => o.pages,
    }),
    domains: t.field({ type: [OutreachDomainType], resolve: (o) => o.domains }),
    scan: t.field({
      type: CitedPageScanType,
      nullable: true,
      description: 'The latest reading of the cited pages.',
      resolve: (o) => o.scan,
    }),
    citedPages: t.exposeInt('citedPages', {
      description: 'Third-party pages the period’s answers cite.',
    }),
    readPages: t.exposeInt('readPages', { description: 'Of those, the ones read with text.' }),
  }),
});

builder.queryField('sourceOutreach', (t) =>
  t.field({
    type: SourceOutreachType,
    authScopes: { member: true },
    description:
      'The brand’s cited pages in the period that name competitors but not the brand (docs/sources.md).',
    args: {
      brandId: t.arg.id({ required: true }),
      range: t.arg({ type: MetricsFilterInput, required: true }),
    },
    resolve: async (_root, { brandId, range }, ctx) => {
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      return brandSourceOutreach(ctx, brand, parseFilter(range, brand));
    },
  }),
);

builder.mutationField('readCitedPages', (t) =>
  t.field({
    type: CitedPageScanType,
    authScopes: { editor: true },
    description:
      'Fetches and reads the brand’s cited pages now (or returns the scan already open); follow citedPageScanUpdated.',
    args: { brandId: t.arg.id({ required: true }) },
    extensions: activityExtension('sources.read_requested'),
    resolve: async (_root, { brandId }, ctx) =>
      readCitedPages(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(brandId)),
  }),
);

builder.subscriptionField('citedPageScanUpdated', (t) =>
  t.field({
    type: CitedPageScanType,
    nullable: true,
    authScopes: { member: true },
    description:
      'The brand’s latest scan of cited pages at once (null when none), then each time it moves.',
    args: { brandId: t.arg.id({ required: true }) },
    subscribe: async (_root, { brandId }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      return requestStream(ctx, (signal) =>
        rowStream<{ scan: CitedPageScan | null }>({
          events: ctx.deps.events,
          topic: TOPIC.citedPageScan(brand.id),
          signal,
          read: async () =>
            (await findBrand(ctx.deps.db, workspaceId, brand.id))
              ? { scan: await findLatestCitedPageScan(ctx.deps.db, workspaceId, brand.id) }
              : null,
          missing: () => notFound('Brand'),
          key: ({ scan: s }) =>
            JSON.stringify(s ? [s.id, s.status, s.done, s.total, s.failed] : null),
        }),
      );
    },
    resolve: (frame: { scan: CitedPageScan | null }) => frame.scan,
  }),
);

const OutreachEvidenceType = builder.objectRef<OutreachEvidence>('OutreachEvidence').implement({
  description: 'A SOURCE_OUTREACH opportunity’s page, as the scan that last saw it read it.',
  fields: (t) => ({
    url: t.exposeString('url'),
    domain: t.exposeString('domain'),
    kind: t.field({ type: SourceKindEnum, resolve: (e) => e.kind }),
    title: t.exposeString('title', { nullable: true }),
    citations: t.exposeInt('citations'),
    share: t.exposeFloat('share'),
    competitors: t.exposeStringList('competitors'),
    prompts: t.field({
      type: [OutreachPromptType],
      resolve: async (e, _args, ctx) => {
        const labels = await workspaceEngineLabels(ctx);
        return e.prompts.map((q) => ({
          ...q,
          engineLabels: q.engines.map((id) => labels.get(id) ?? id),
        }));
      },
    }),
    contact: t.field({ type: OutreachContactType, nullable: true, resolve: (e) => e.contact }),
  }),
});

builder.objectFields(OpportunityType, (t) => ({
  outreach: t.field({
    type: OutreachEvidenceType,
    nullable: true,
    description:
      'For a SOURCE_OUTREACH opportunity: the cited page, the competitors it names, the prompts and engines citing it, and where to ask.',
    resolve: (o) =>
      o.type === 'source_outreach'
        ? ((o.evidence as unknown as { outreach?: OutreachEvidence }).outreach ?? null)
        : null,
  }),
}));
