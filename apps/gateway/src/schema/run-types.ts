import type {
  AnswerCitationRow,
  AnswerMentionRow,
  AnswerRow,
  RunRow,
} from '@lumen/db/repositories/run-query.repository';
import { builder } from '../builder';
import { runLoaders } from '../loaders/run-loaders';
import { runEngineProgress } from '../services/run-progress';
import { BrandType, PromptType } from './brand-types';
import type { Connection, Edge, PageInfo } from './connection';
import { JobStatusEnum, TextSpanType } from './shared-types';

// The object types of runs and their answers; root fields live in run.ts.

export const RunTriggerEnum = builder.enumType('RunTrigger', {
  values: ['SCHEDULED', 'MANUAL', 'QUICK_SCORE', 'TARGETED'] as const,
});
export const CitationOwnerEnum = builder.enumType('CitationOwner', {
  values: ['OWN', 'COMPETITOR', 'THIRD_PARTY'] as const,
});
const MentionKindEnum = builder.enumType('MentionKind', {
  values: ['BRAND', 'COMPETITOR', 'DISCOVERED'] as const,
});

type EngineProgress = ReturnType<typeof runEngineProgress>[number];

const RunEngineProgressType = builder.objectRef<EngineProgress>('RunEngineProgress').implement({
  description: 'One engine’s part of a run: answers stored and queries failed out of total.',
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    done: t.exposeInt('done'),
    failed: t.exposeInt('failed'),
    total: t.exposeInt('total'),
  }),
});

const OPEN = new Set(['QUEUED', 'RUNNING']);

// Declared before it is implemented: Run and Brand refer to each other.
export const RunType = builder.objectRef<RunRow>('Run');
RunType.implement({
  description: 'One measurement of a brand: its prompts asked on its engines.',
  fields: (t) => ({
    id: t.exposeID('id'),
    brand: t.field({
      type: BrandType,
      nullable: true,
      resolve: (r, _args, ctx) => runLoaders(ctx).brand.load(r.brandId),
    }),
    trigger: t.field({ type: RunTriggerEnum, resolve: (r) => r.trigger }),
    status: t.field({ type: JobStatusEnum, resolve: (r) => r.status }),
    total: t.exposeInt('total', { description: 'Prompts × engines asked.' }),
    done: t.exposeInt('done', { description: 'Answers stored.' }),
    failed: t.exposeInt('failed', { description: 'Queries that failed after their retries.' }),
    engines: t.field({
      type: [RunEngineProgressType],
      resolve: async (r, _args, ctx) => {
        const loaders = runLoaders(ctx);
        const [counts, brand] = await Promise.all([
          loaders.engineCounts.load(r.id),
          loaders.brand.load(r.brandId),
        ]);
        return runEngineProgress({
          open: OPEN.has(r.status),
          total: r.total,
          brandEngines: brand?.engines ?? [],
          counts,
          label: loaders.engineLabel,
        });
      },
    }),
    score: t.exposeInt('score', {
      nullable: true,
      description: 'Visibility score 0–100 over the non-branded answers; null until completed.',
    }),
    scoreChange: t.int({
      nullable: true,
      description: 'Score minus the previous completed run’s; null without one.',
      resolve: (r) =>
        r.score === null || r.previousScore === null ? null : r.score - r.previousScore,
    }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why a FAILED run stopped ("Cancelled" when a person cancelled it).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AnswerCitationType = builder.objectRef<AnswerCitationRow>('AnswerCitation').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    domain: t.exposeString('domain'),
    title: t.exposeString('title', { nullable: true }),
    position: t.exposeInt('position', { description: '1 = the first source the answer cited.' }),
    owner: t.field({ type: CitationOwnerEnum, resolve: (c) => c.owner }),
    entityId: t.exposeID('entityId', {
      nullable: true,
      description: 'The brand or competitor that owns the cited domain.',
    }),
  }),
});

const AnswerMentionType = builder.objectRef<AnswerMentionRow>('AnswerMention').implement({
  fields: (t) => ({
    entityId: t.exposeID('entityId', { nullable: true, description: 'Null when discovered.' }),
    entityName: t.exposeString('name'),
    kind: t.field({ type: MentionKindEnum, resolve: (m) => m.entity }),
    rank: t.exposeInt('rank', { nullable: true, description: '1 = named first in a list.' }),
    count: t.exposeInt('count'),
    firstOffset: t.exposeInt('firstOffset'),
    sentiment: t.exposeFloat('sentiment', { nullable: true, description: '−1 … 1' }),
    spans: t.field({
      type: [TextSpanType],
      resolve: (m) => m.spans.map(([start, end]) => ({ start, end })),
    }),
  }),
});

export const AnswerType = builder.objectRef<AnswerRow>('Answer').implement({
  description: 'One engine’s answer to one prompt in a run, analysed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    run: t.field({
      type: RunType,
      resolve: async (a, _args, ctx) => {
        const run = await runLoaders(ctx).run.load(a.runId);
        if (!run) throw new Error(`answer ${a.id} without its run`);
        return run;
      },
    }),
    prompt: t.field({
      type: PromptType,
      nullable: true,
      description: 'Null when the prompt was deleted since; promptText keeps its wording.',
      resolve: (a, _args, ctx) => (a.promptId ? runLoaders(ctx).prompt.load(a.promptId) : null),
    }),
    promptText: t.exposeString('promptText'),
    engine: t.exposeString('engine'),
    engineLabel: t.string({ resolve: (a, _args, ctx) => runLoaders(ctx).engineLabel(a.engine) }),
    requestedModel: t.exposeString('requestedModel', { nullable: true }),
    servedModel: t.exposeString('servedModel', { nullable: true }),
    text: t.exposeString('text', { nullable: true, description: 'Null when the query failed.' }),
    error: t.exposeString('error', { nullable: true }),
    citations: t.field({ type: [AnswerCitationType], resolve: (a) => a.citations }),
    mentions: t.field({ type: [AnswerMentionType], resolve: (a) => a.mentions }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const PageInfoType = builder.objectRef<PageInfo>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

const RunEdgeType = builder.objectRef<Edge<RunRow>>('RunEdge').implement({
  fields: (t) => ({
    node: t.field({ type: RunType, resolve: (e) => e.node }),
    cursor: t.exposeString('cursor'),
  }),
});

export const RunConnectionType = builder.objectRef<Connection<RunRow>>('RunConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [RunEdgeType], resolve: (c) => c.edges }),
    pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
  }),
});

const AnswerEdgeType = builder.objectRef<Edge<AnswerRow>>('AnswerEdge').implement({
  fields: (t) => ({
    node: t.field({ type: AnswerType, resolve: (e) => e.node }),
    cursor: t.exposeString('cursor'),
  }),
});

export const AnswerConnectionType = builder
  .objectRef<Connection<AnswerRow>>('AnswerConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [AnswerEdgeType], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    }),
  });
