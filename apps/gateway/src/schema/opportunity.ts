import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findKeyword } from '@lumen/db/repositories/keyword.repository';
import {
  countOpportunitiesByStatus,
  findOpportunity,
  listOpportunities,
  listOpportunityEngines,
  type OpportunityCursor,
  type OpportunityFilter,
  type OpportunityRow,
  type StatusChangeRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import { opportunityStatus } from '@lumen/domain/status/opportunity-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { LumenError, notFound } from '../errors';
import { opportunityLoaders } from '../loaders/opportunity-loaders';
import { activityExtension } from '../services/activity.service';
import { evidenceOutline } from '../services/opportunity-evidence';
import { setOpportunityStatus } from '../services/set-opportunity-status.service';
import { requestStream } from '../subscriptions/stream-limits';
import { findOwned, findOwnedOrNull, requireIdArg } from '../workspace-scope';
import {
  type Connection,
  type CursorCodec,
  connectionType,
  notACursor,
  pageArgs,
} from './connection';
import { OpportunityEvidenceType, OutlineType } from './opportunity-evidence';
import { BrandType, KeywordType, OpportunityType, PromptType, RunType } from './refs';

// Opportunities (content gaps): list, read, move, follow the counts (docs/opportunities.md).
// Their evidence is in opportunity-evidence.ts, the weekly stats in opportunity-stats.ts, the
// gap analysis that finds them in gap-analysis.ts. Another workspace's id answers exactly like a
// missing one.

// From the domain's state machine, so the API, the worker and the web share one list.
const OpportunityStatusEnum = builder.enumType('OpportunityStatus', {
  values: opportunityStatus.statuses,
});

const TYPES = [
  'missing_mention',
  'low_rank',
  'citation_gap',
  'negative_sentiment',
  'technical',
  'source_outreach',
] as const;
type OpportunityTypeValue = (typeof TYPES)[number];
const OpportunityTypeEnum = builder.enumType('OpportunityType', {
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

OpportunityType.implement({
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

const OpportunityStatusCountType = builder
  .objectRef<{ status: OpportunityRow['status']; count: number }>('OpportunityStatusCount')
  .implement({
    fields: (t) => ({
      status: t.field({ type: OpportunityStatusEnum, resolve: (c) => c.status }),
      count: t.exposeInt('count'),
    }),
  });

type OpportunityConnection = Connection<OpportunityRow> & {
  statusCounts: { status: OpportunityRow['status']; count: number }[];
  totalCount: number;
};

const OpportunityConnectionType = connectionType<OpportunityRow, OpportunityConnection>(
  'Opportunity',
  OpportunityType,
);

builder.objectFields(OpportunityConnectionType, (t) => ({
  statusCounts: t.field({
    type: [OpportunityStatusCountType],
    description:
      'Opportunities matching the filter in each status, whatever the status filter (every status listed, 0 included).',
    resolve: (c) => c.statusCounts,
  }),
  totalCount: t.exposeInt('totalCount', {
    description: 'Opportunities matching the whole filter, status included.',
  }),
}));

const MAX_SEARCH = 200;

const OpportunityFilterInput = builder.inputType('OpportunityFilter', {
  fields: (t) => ({
    brandId: t.id(),
    status: t.field({ type: [OpportunityStatusEnum] }),
    type: t.field({ type: [OpportunityTypeEnum] }),
    engine: t.string({ description: 'An engine id: only gaps that show on it.' }),
    keywordId: t.id(),
    search: t.string({ description: 'Words in the title or the prompt (case-insensitive).' }),
  }),
});

type FilterArg = typeof OpportunityFilterInput.$inferInput;

export const badInput = (field: string, message: string) =>
  new LumenError('BAD_USER_INPUT', `${field}: ${message}`, { fields: { [field]: message } });

/** The client's filter as the repository's, with brand and keyword checked to be ours. */
export async function toFilter(
  ctx: Context,
  filter: FilterArg | null | undefined,
): Promise<OpportunityFilter> {
  const _workspaceId = (await ctx.workspace()).id;
  const brandId = filter?.brandId == null ? null : String(filter.brandId);
  const keywordId = filter?.keywordId == null ? null : String(filter.keywordId);
  if (brandId) await findOwned(ctx, 'Brand', brandId, findBrand);
  if (keywordId) await findOwned(ctx, 'Keyword', keywordId, findKeyword);
  const search = filter?.search?.trim() ?? '';
  if (search.length > MAX_SEARCH) throw badInput('search', `At most ${MAX_SEARCH} characters.`);
  const engine = filter?.engine?.trim() ?? '';
  if (engine.length > 100) throw badInput('engine', 'Not an engine.');
  return {
    brandId,
    keywordId,
    statuses: filter?.status ?? null,
    types: filter?.type ?? null,
    engine: engine || null,
    search: search || null,
  };
}

/** Most impactful first, then newest: (impact, createdAt, id). */
const mostImpactful: CursorCodec<OpportunityRow, OpportunityCursor> = {
  encode: (o) => Buffer.from(`${o.impact}|${o.cursorAt}|${o.id}`).toString('base64url'),
  decode: (value) => {
    const [impact, at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
    const n = Number(impact);
    if (
      !at ||
      !id ||
      !Number.isInteger(n) ||
      !/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(at)
    ) {
      throw notACursor();
    }
    return { impact: n, cursorAt: at, id: requireIdArg('after', id, notACursor) };
  },
};

builder.queryField('opportunities', (t) =>
  t.field({
    type: OpportunityConnectionType,
    authScopes: { member: true },
    description: 'Most impactful first. statusCounts count every status under the other filters.',
    args: {
      filter: t.arg({ type: OpportunityFilterInput }),
      first: t.arg.int({ description: '1–100, default 20.' }),
      after: t.arg.string(),
    },
    resolve: async (_root, args, ctx): Promise<OpportunityConnection> => {
      const page = pageArgs(args, mostImpactful);
      const filter = await toFilter(ctx, args.filter);
      const workspaceId = (await ctx.workspace()).id;
      const [rows, counts] = await Promise.all([
        listOpportunities(ctx.deps.db, workspaceId, filter, page),
        countOpportunitiesByStatus(ctx.deps.db, workspaceId, filter),
      ]);
      const statusCounts = opportunityStatus.statuses.map((status) => ({
        status,
        count: counts.get(status) ?? 0,
      }));
      const wanted = filter.statuses?.length ? new Set(filter.statuses) : null;
      return {
        ...page.connection(rows),
        statusCounts,
        totalCount: statusCounts
          .filter((c) => !wanted || wanted.has(c.status))
          .reduce((sum, c) => sum + c.count, 0),
      };
    },
  }),
);

builder.queryField('opportunity', (t) =>
  t.field({
    type: OpportunityType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s opportunity alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findOpportunity),
  }),
);

builder.queryField('opportunityEngines', (t) =>
  t.stringList({
    authScopes: { member: true },
    description: 'Engine ids named in the workspace’s opportunities: the engine filter’s options.',
    resolve: async (_root, _args, ctx) =>
      listOpportunityEngines(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.mutationField('setOpportunityStatus', (t) =>
  t.field({
    type: OpportunityType,
    authScopes: { editor: true },
    description:
      'Moves an opportunity along NEW → PLANNED → IN_PROGRESS → PUBLISHED → RESOLVED, or to DISMISSED with a reason (note). An illegal move is BAD_USER_INPUT.',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg({ type: OpportunityStatusEnum, required: true }),
      note: t.arg.string({ description: 'Why; required for DISMISSED.' }),
    },
    extensions: activityExtension('opportunity.status_changed'),
    resolve: async (_root, args, ctx) => {
      const workspace = await ctx.workspace();
      if (!ctx.user) throw notFound('Opportunity');
      return setOpportunityStatus(
        ctx.deps,
        { workspaceId: workspace.id, userId: ctx.user.id, acting: await ctx.acting() },
        { id: String(args.id), status: args.status, note: args.note ?? null },
      );
    },
  }),
);

type StatusCount = { status: OpportunityRow['status']; count: number };

async function workspaceCounts(ctx: Context, workspaceId: string): Promise<StatusCount[]> {
  const counts = await countOpportunitiesByStatus(ctx.deps.db, workspaceId, {});
  return opportunityStatus.statuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

async function* countUpdates(
  ctx: Context,
  workspaceId: string,
  signal: AbortSignal,
): AsyncGenerator<StatusCount[]> {
  // Subscribe before the first read so a change between the two is not missed.
  const events = ctx.deps.events.subscribe(TOPIC.workspace(workspaceId), signal);
  try {
    let counts = await workspaceCounts(ctx, workspaceId);
    let last = JSON.stringify(counts);
    yield counts;
    while (true) {
      const next = await events.next();
      if (next.done) return;
      counts = await workspaceCounts(ctx, workspaceId);
      const key = JSON.stringify(counts);
      if (key !== last) yield counts;
      last = key;
    }
  } finally {
    await events.return?.();
  }
}

builder.subscriptionField('opportunityCounts', (t) =>
  t.field({
    type: [OpportunityStatusCountType],
    authScopes: { member: true },
    description:
      'The workspace’s opportunities per status at once, then after every change (a run’s gap analysis, a person’s move): the sidebar badge and the pipeline columns.',
    subscribe: async (_root, _args, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      return requestStream(ctx, (signal) => countUpdates(ctx, workspaceId, signal));
    },
    resolve: (counts) => counts,
  }),
);
