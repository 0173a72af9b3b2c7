import { findKeyword } from '@lumen/db/repositories/keyword.repository';
import type {
  OpportunityRow,
  StatusChangeRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import { opportunityStatus } from '@lumen/domain/status/opportunity-status';
import { builder } from '../builder';
import { opportunityLoaders } from '../loaders/opportunity-loaders';
import {
  evidenceExcerpts,
  evidenceOutline,
  evidenceSources,
  type SourceCount,
} from '../services/opportunity-evidence';
import { BrandType, KeywordType, PromptType } from './brand-types';
import type { Connection, Edge } from './connection';
import { AnswerType, CitationOwnerEnum, PageInfoType, RunType } from './run-types';
import { TextSpanType } from './shared-types';

// The object types of opportunities (content gaps); root fields live in opportunity.ts.

// From the domain's state machine, so the API, the worker and the web share one list.
export const OpportunityStatusEnum = builder.enumType('OpportunityStatus', {
  values: opportunityStatus.statuses,
});

const TYPES = ['missing_mention', 'low_rank', 'citation_gap', 'negative_sentiment'] as const;
export type OpportunityTypeValue = (typeof TYPES)[number];
export const OpportunityTypeEnum = builder.enumType('OpportunityType', {
  values: Object.fromEntries(TYPES.map((v) => [v.toUpperCase(), { value: v }])) as Record<
    Uppercase<OpportunityTypeValue>,
    { value: OpportunityTypeValue }
  >,
});

const KINDS = ['listicle', 'comparison', 'faq', 'how-to', 'glossary'] as const;
export const ContentKindEnum = builder.enumType('ContentKind', {
  values: {
    LISTICLE: { value: 'listicle' },
    COMPARISON: { value: 'comparison' },
    FAQ: { value: 'faq' },
    HOW_TO: { value: 'how-to' },
    GLOSSARY: { value: 'glossary' },
  } as const satisfies Record<string, { value: (typeof KINDS)[number] }>,
});

type EntityCount = {
  entityId: string | null;
  name: string;
  count: number;
  bestRank: number | null;
};

const EntityCountType = builder.objectRef<EntityCount>('EntityCount').implement({
  description: 'A competitor named where the brand is missing or behind.',
  fields: (t) => ({
    entityId: t.exposeID('entityId', { nullable: true }),
    name: t.exposeString('name'),
    count: t.exposeInt('count', { description: 'Engines whose answer names it.' }),
    bestRank: t.exposeInt('bestRank', { nullable: true, description: '1 = named first.' }),
  }),
});

const SourceCountType = builder.objectRef<SourceCount>('SourceCount').implement({
  description: 'A domain the engines cite in the answers that show the gap: a place to get into.',
  fields: (t) => ({
    domain: t.exposeString('domain'),
    owner: t.field({ type: CitationOwnerEnum, resolve: (s) => s.owner }),
    ownerName: t.exposeString('ownerName', {
      nullable: true,
      description: 'The competitor that owns the domain, when one does.',
    }),
    count: t.exposeInt('count', { description: 'Citations of the domain in those answers.' }),
    urls: t.exposeStringList('urls'),
  }),
});

type Excerpt = Awaited<ReturnType<typeof evidenceExcerpts>>[number];

const EvidenceExcerptType = builder.objectRef<Excerpt>('EvidenceExcerpt').implement({
  description: 'Where an answer names competitors instead of the brand, highlighted.',
  fields: (t) => ({
    answerId: t.exposeID('answerId'),
    engine: t.exposeString('engine'),
    engineLabel: t.exposeString('engineLabel'),
    text: t.exposeString('text'),
    spans: t.field({ type: [TextSpanType], resolve: (e) => e.spans }),
    names: t.exposeStringList('names', { description: 'Competitors highlighted in the text.' }),
  }),
});

export const OpportunityEvidenceType = builder
  .objectRef<OpportunityRow>('OpportunityEvidence')
  .implement({
    description: 'The proof behind an opportunity, from the answers of the run that found it.',
    fields: (t) => ({
      prompts: t.stringList({
        resolve: (o) => [o.promptText ?? o.title],
        description: 'The prompts where the gap shows.',
      }),
      engines: t.stringList({
        resolve: (o) => o.evidence.engines ?? [],
        description: 'Engines (ids) whose answers show the gap.',
      }),
      totalEngines: t.int({
        resolve: (o) => o.evidence.totalEngines ?? o.evidence.engines?.length ?? 0,
        description: 'Engines that answered the prompt.',
      }),
      competitors: t.field({
        type: [EntityCountType],
        resolve: (o) =>
          (o.evidence.competitors ?? []).map((c) => ({
            entityId: c.entityId,
            name: c.name,
            count: c.engines,
            bestRank: c.bestRank,
          })),
      }),
      sources: t.field({
        type: [SourceCountType],
        resolve: async (o, _args, ctx) =>
          evidenceSources(o, await opportunityLoaders(ctx).answers.load(o)),
      }),
      answers: t.field({
        type: [AnswerType],
        description: 'The answers, in the run that last saw the gap, of the engines that show it.',
        resolve: (o, _args, ctx) => opportunityLoaders(ctx).answers.load(o),
      }),
      excerpts: t.field({
        type: [EvidenceExcerptType],
        resolve: async (o, _args, ctx) => {
          const loaders = opportunityLoaders(ctx);
          return evidenceExcerpts(o, await loaders.answers.load(o), loaders.engineLabel);
        },
      }),
    }),
  });

type Outline = ReturnType<typeof evidenceOutline>;

const OutlineSectionType = builder
  .objectRef<Outline['sections'][number]>('OutlineSection')
  .implement({
    fields: (t) => ({ heading: t.exposeString('heading'), points: t.exposeStringList('points') }),
  });

const OutlineType = builder.objectRef<Outline>('ContentOutline').implement({
  description: 'A suggested outline built from what the answers that show the gap cover.',
  fields: (t) => ({
    title: t.exposeString('title'),
    sections: t.field({ type: [OutlineSectionType], resolve: (o) => o.sections }),
  }),
});

const StatusChangeType = builder.objectRef<StatusChangeRow>('StatusChange').implement({
  description: 'One move of an opportunity, by a run (gap analysis) or a person.',
  fields: (t) => ({
    from: t.field({ type: OpportunityStatusEnum, nullable: true, resolve: (c) => c.fromStatus }),
    to: t.field({ type: OpportunityStatusEnum, resolve: (c) => c.toStatus }),
    at: t.expose('createdAt', { type: 'DateTime' }),
    note: t.exposeString('note', { nullable: true }),
    run: t.field({
      type: RunType,
      nullable: true,
      description: 'The run whose gap analysis made the move.',
      resolve: (c, _args, ctx) => (c.runId ? opportunityLoaders(ctx).run.load(c.runId) : null),
    }),
    byName: t.exposeString('userName', {
      nullable: true,
      description: 'The person who made the move (display name, else email).',
    }),
  }),
});

export const OpportunityType = builder.objectRef<OpportunityRow>('Opportunity').implement({
  description: 'A content gap found by a run: why it matters, the proof, what to write.',
  fields: (t) => ({
    id: t.exposeID('id'),
    brand: t.field({
      type: BrandType,
      resolve: async (o, _args, ctx) => {
        const brand = await opportunityLoaders(ctx).brand.load(o.brandId);
        if (!brand) throw new Error(`opportunity ${o.id} without its brand`);
        return brand;
      },
    }),
    brandName: t.exposeString('brandName'),
    keyword: t.field({
      type: KeywordType,
      nullable: true,
      resolve: async (o, _args, ctx) =>
        o.keywordId ? findKeyword(ctx.deps.db, (await ctx.workspace()).id, o.keywordId) : null,
    }),
    prompt: t.field({
      type: PromptType,
      nullable: true,
      resolve: (o, _args, ctx) =>
        o.promptId ? opportunityLoaders(ctx).prompt.load(o.promptId) : null,
    }),
    promptText: t.exposeString('promptText', { nullable: true }),
    type: t.field({ type: OpportunityTypeEnum, resolve: (o) => o.type }),
    title: t.exposeString('title'),
    impact: t.exposeInt('impact', {
      description: '0–100: engines showing the gap, competitor prominence.',
    }),
    status: t.field({ type: OpportunityStatusEnum, resolve: (o) => o.status }),
    recommendedKind: t.field({
      type: ContentKindEnum,
      nullable: true,
      resolve: (o) => o.recommendedKind,
    }),
    evidence: t.field({ type: OpportunityEvidenceType, resolve: (o) => o }),
    outline: t.field({
      type: OutlineType,
      resolve: async (o, _args, ctx) =>
        evidenceOutline(o, await opportunityLoaders(ctx).answers.load(o)),
    }),
    lastRun: t.field({
      type: RunType,
      nullable: true,
      description: 'The run that last saw the gap.',
      resolve: (o, _args, ctx) => (o.runId ? opportunityLoaders(ctx).run.load(o.runId) : null),
    }),
    resolvedBy: t.field({
      type: RunType,
      nullable: true,
      description: 'The run that resolved it, when a run did.',
      resolve: (o, _args, ctx) =>
        o.resolvedByRunId ? opportunityLoaders(ctx).run.load(o.resolvedByRunId) : null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true }),
    history: t.field({
      type: [StatusChangeType],
      description: 'Oldest first: found, then each move.',
      resolve: (o, _args, ctx) => opportunityLoaders(ctx).history.load(o.id),
    }),
  }),
});

export const OpportunityStatusCountType = builder
  .objectRef<{ status: OpportunityRow['status']; count: number }>('OpportunityStatusCount')
  .implement({
    fields: (t) => ({
      status: t.field({ type: OpportunityStatusEnum, resolve: (c) => c.status }),
      count: t.exposeInt('count'),
    }),
  });

export type OpportunityConnection = Connection<OpportunityRow> & {
  statusCounts: { status: OpportunityRow['status']; count: number }[];
  totalCount: number;
};

const OpportunityEdgeType = builder.objectRef<Edge<OpportunityRow>>('OpportunityEdge').implement({
  fields: (t) => ({
    node: t.field({ type: OpportunityType, resolve: (e) => e.node }),
    cursor: t.exposeString('cursor'),
  }),
});

export const OpportunityConnectionType = builder
  .objectRef<OpportunityConnection>('OpportunityConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [OpportunityEdgeType], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
      statusCounts: t.field({
        type: [OpportunityStatusCountType],
        description:
          'Opportunities matching the filter in each status, whatever the status filter (every status listed, 0 included).',
        resolve: (c) => c.statusCounts,
      }),
      totalCount: t.exposeInt('totalCount', {
        description: 'Opportunities matching the whole filter, status included.',
      }),
    }),
  });
