import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findKeyword } from '@lumen/db/repositories/keyword.repository';
import {
  countOpportunitiesByStatus,
  findOpportunity,
  listOpportunities,
  listOpportunityEngines,
  medianHoursToResolve,
  type OpportunityCursor,
  type OpportunityFilter,
  type OpportunityRow,
  type OpportunityWeek,
  opportunityWeeks,
} from '@lumen/db/repositories/opportunity-query.repository';
import { opportunityStatus } from '@lumen/domain/status/opportunity-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { Context } from '../context';
import { LumenError, notFound } from '../errors';
import {
  analyzeGaps,
  type GapAnalysisState,
  gapAnalysisState,
} from '../services/analyze-gaps.service';
import { isUuid } from '../services/brand-rules';
import { setOpportunityStatus } from '../services/set-opportunity-status.service';
import { requestStream } from '../subscriptions/stream-limits';
import { PAGE } from './connection';
import {
  type OpportunityConnection,
  OpportunityConnectionType,
  OpportunityStatusCountType,
  OpportunityStatusEnum,
  OpportunityType,
  OpportunityTypeEnum,
} from './opportunity-types';
import { RunType } from './run-types';
import { JobStatusEnum } from './shared-types';

// Opportunities (content gaps): list, read, move, analyse again (docs/opportunities.md).
// Another workspace's id answers exactly like a missing one.

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

const badInput = (field: string, message: string) =>
  new LumenError('BAD_USER_INPUT', `${field}: ${message}`, { fields: { [field]: message } });

/** The client's filter as the repository's, with brand and keyword checked to be ours. */
async function toFilter(
  ctx: Context,
  filter: FilterArg | null | undefined,
): Promise<OpportunityFilter> {
  const workspaceId = (await ctx.workspace()).id;
  const brandId = filter?.brandId == null ? null : String(filter.brandId);
  const keywordId = filter?.keywordId == null ? null : String(filter.keywordId);
  if (brandId && (!isUuid(brandId) || !(await findBrand(ctx.deps.db, workspaceId, brandId)))) {
    throw notFound('Brand');
  }
  if (
    keywordId &&
    (!isUuid(keywordId) || !(await findKeyword(ctx.deps.db, workspaceId, keywordId)))
  ) {
    throw notFound('Keyword');
  }
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

function encodeCursor(o: OpportunityRow): string {
  return Buffer.from(`${o.impact}|${o.cursorAt}|${o.id}`).toString('base64url');
}

function decodeCursor(value: string): OpportunityCursor {
  const [impact, at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const n = Number(impact);
  if (
    !at ||
    !id ||
    !isUuid(id) ||
    !Number.isInteger(n) ||
    !/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(at)
  ) {
    throw badInput('after', 'Not a cursor from this list.');
  }
  return { impact: n, cursorAt: at, id };
}

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
      const first = args.first ?? PAGE.default;
      if (!Number.isInteger(first) || first < 1 || first > PAGE.max) {
        throw badInput('first', `Between 1 and ${PAGE.max}.`);
      }
      const after = args.after ? decodeCursor(args.after) : null;
      const filter = await toFilter(ctx, args.filter);
      const workspaceId = (await ctx.workspace()).id;
      const [rows, counts] = await Promise.all([
        listOpportunities(ctx.deps.db, workspaceId, filter, { limit: first + 1, after }),
        countOpportunitiesByStatus(ctx.deps.db, workspaceId, filter),
      ]);
      const page = rows.slice(0, first);
      const edges = page.map((node) => ({ node, cursor: encodeCursor(node) }));
      const statusCounts = opportunityStatus.statuses.map((status) => ({
        status,
        count: counts.get(status) ?? 0,
      }));
      const wanted = filter.statuses?.length ? new Set(filter.statuses) : null;
      return {
        edges,
        pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
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
    resolve: async (_root, { id }, ctx) =>
      isUuid(String(id))
        ? findOpportunity(ctx.deps.db, (await ctx.workspace()).id, String(id))
        : null,
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

type Stats = { weeks: OpportunityWeek[]; medianHoursToResolve: number | null; resolved: number };

const OpportunityWeekType = builder.objectRef<OpportunityWeek>('OpportunityWeek').implement({
  fields: (t) => ({
    weekStart: t.exposeString('weekStart', { description: 'Monday of the ISO week (UTC).' }),
    opened: t.exposeInt('opened', { description: 'Opportunities found that week.' }),
    resolved: t.exposeInt('resolved', { description: 'Moves to RESOLVED that week.' }),
    dismissed: t.exposeInt('dismissed', { description: 'Moves to DISMISSED that week.' }),
  }),
});

const OpportunityStatsType = builder.objectRef<Stats>('OpportunityStats').implement({
  fields: (t) => ({
    weeks: t.field({ type: [OpportunityWeekType], resolve: (s) => s.weeks }),
    medianHoursToResolve: t.exposeFloat('medianHoursToResolve', {
      nullable: true,
      description: 'Median time from found to resolved, over those resolved in the period.',
    }),
    resolved: t.exposeInt('resolved', { description: 'Opportunities resolved in the period.' }),
  }),
});

builder.queryField('opportunityStats', (t) =>
  t.field({
    type: OpportunityStatsType,
    authScopes: { member: true },
    description: 'Opened, resolved and dismissed per week, oldest first, and time to resolve.',
    args: {
      brandId: t.arg.id(),
      weeks: t.arg.int({ description: '1–52, default 12.' }),
    },
    resolve: async (_root, args, ctx) => {
      const weeks = args.weeks ?? 12;
      if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) {
        throw badInput('weeks', 'Between 1 and 52.');
      }
      const filter = await toFilter(ctx, { brandId: args.brandId });
      const workspaceId = (await ctx.workspace()).id;
      const scope = { brandId: filter.brandId, weeks };
      const [rows, median] = await Promise.all([
        opportunityWeeks(ctx.deps.db, workspaceId, scope),
        medianHoursToResolve(ctx.deps.db, workspaceId, scope),
      ]);
      return { weeks: rows, medianHoursToResolve: median.medianHours, resolved: median.resolved };
    },
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
    resolve: async (_root, args, ctx) => {
      const workspace = await ctx.workspace();
      if (!ctx.user) throw notFound('Opportunity');
      return setOpportunityStatus(
        ctx.deps,
        { workspaceId: workspace.id, userId: ctx.user.id },
        { id: String(args.id), status: args.status, note: args.note ?? null },
      );
    },
  }),
);

builder.mutationField('analyzeGaps', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Analyses the brand’s gaps again from its latest completed run, through the gap-analysis queue; follow Run.gapAnalysis.',
    args: { brandId: t.arg.id({ required: true }) },
    resolve: async (_root, { brandId }, ctx) =>
      analyzeGaps(ctx.deps, (await ctx.workspace()).id, String(brandId)),
  }),
);

const GapAnalysisType = builder.objectRef<GapAnalysisState>('GapAnalysis').implement({
  description: 'The gap analysis of a run: queued, running, or done with what it changed.',
  fields: (t) => ({
    status: t.field({ type: JobStatusEnum, resolve: (g) => g.status }),
    progress: t.exposeInt('progress', { description: '0, 50 while running, 100 when done.' }),
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    resolved: t.exposeInt('resolved'),
    reopened: t.exposeInt('reopened'),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.objectField(RunType, 'gapAnalysis', (t) =>
  t.field({
    type: GapAnalysisType,
    nullable: true,
    description: 'Null when none is known (not run yet, or finished more than a day ago).',
    resolve: (run, _args, ctx) => gapAnalysisState(ctx.deps.queues, run.id),
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
