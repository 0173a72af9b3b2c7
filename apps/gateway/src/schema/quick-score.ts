import { findQuickScore, type QuickScoreRow } from '@lumen/db/repositories/quick-score.repository';
import type { QuickScoreResult } from '@lumen/domain/quick-score/quick-score-result';
import { runStatus } from '@lumen/domain/status/run-status';
import { TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { GatewayDeps } from '../context';
import { notFound } from '../errors';
import { startQuickScore } from '../services/start-quick-score.service';
import { rowStream } from '../subscriptions/row-stream';
import { requestStream } from '../subscriptions/stream-limits';
import { findUnscopedOrNull, requireIdArg } from '../workspace-scope';
import {
  JobStatusEnum,
  RateIntervalType,
  ScoreFormulaType,
  scoreFormula,
  TextSpanType,
} from './shared';

type Result = QuickScoreResult;

const EngineProgressType = builder
  .objectRef<{ engine: string; label: string; done: number; failed: number; total: number }>(
    'QuickScoreEngineProgress',
  )
  .implement({
    fields: (t) => ({
      engine: t.exposeString('engine'),
      label: t.exposeString('label'),
      done: t.exposeInt('done'),
      failed: t.exposeInt('failed'),
      total: t.exposeInt('total'),
    }),
  });

const EngineResultType = builder
  .objectRef<Result['engines'][number]>('QuickScoreEngineResult')
  .implement({
    fields: (t) => ({
      engine: t.exposeString('engine'),
      label: t.exposeString('label'),
      score: t.exposeInt('score'),
      mentionRate: t.exposeFloat('mentionRate'),
      answers: t.exposeInt('answers'),
    }),
  });

const CompetitorType = builder
  .objectRef<Result['competitors'][number]>('QuickScoreCompetitor')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      isBrand: t.exposeBoolean('isBrand'),
      discovered: t.exposeBoolean('discovered', {
        description: 'Found in the answers, not given by the guest.',
      }),
      shareOfVoice: t.exposeFloat('shareOfVoice'),
      mentionRate: t.exposeFloat('mentionRate'),
    }),
  });

const SourceType = builder.objectRef<Result['topSources'][number]>('QuickScoreSource').implement({
  fields: (t) => ({
    domain: t.exposeString('domain'),
    citations: t.exposeInt('citations'),
    owner: t.exposeString('owner'),
  }),
});

const OpportunityType = builder
  .objectRef<Result['opportunities'][number]>('QuickScoreOpportunity')
  .implement({
    fields: (t) => ({
      title: t.exposeString('title'),
      type: t.exposeString('type'),
      impact: t.exposeInt('impact'),
      recommendedKind: t.exposeString('recommendedKind', { nullable: true }),
    }),
  });

const SampleAnswerType = builder
  .objectRef<Result['sampleAnswers'][number]>('QuickScoreSampleAnswer')
  .implement({
    fields: (t) => ({
      engine: t.exposeString('engine'),
      label: t.exposeString('label'),
      prompt: t.exposeString('prompt'),
      excerpt: t.exposeString('excerpt'),
      mentioned: t.exposeBoolean('mentioned'),
      highlights: t.field({ type: [TextSpanType], resolve: (a) => a.highlights }),
    }),
  });

const ResultType = builder.objectRef<Result>('QuickScoreResult').implement({
  fields: (t) => ({
    score: t.exposeInt('score'),
    mentionRate: t.field({ type: RateIntervalType, resolve: (r) => r.mentionRate }),
    positionWeighted: t.exposeFloat('positionWeighted'),
    shareOfVoice: t.exposeFloat('shareOfVoice'),
    citationRate: t.exposeFloat('citationRate'),
    averageRank: t.exposeFloat('averageRank', { nullable: true }),
    sentiment: t.exposeFloat('sentiment', { nullable: true }),
    answers: t.exposeInt('answers'),
    engines: t.field({ type: [EngineResultType], resolve: (r) => r.engines }),
    competitors: t.field({ type: [CompetitorType], resolve: (r) => r.competitors }),
    topSources: t.field({ type: [SourceType], resolve: (r) => r.topSources }),
    opportunities: t.field({ type: [OpportunityType], resolve: (r) => r.opportunities }),
    sampleAnswers: t.field({ type: [SampleAnswerType], resolve: (r) => r.sampleAnswers }),
    prompts: t.exposeStringList('prompts'),
    formula: t.field({ type: ScoreFormulaType, resolve: () => scoreFormula() }),
  }),
});

const QuickScoreType = builder.objectRef<QuickScoreRow>('QuickScore').implement({
  description:
    'A public Visibility Score quick check; its id is the requestId in /visibility/results/{requestId}.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: JobStatusEnum, resolve: (q) => q.status }),
    progress: t.exposeInt('progress', { description: '0–100' }),
    brandName: t.exposeString('brandName'),
    domain: t.exposeString('domain'),
    industry: t.exposeString('industry'),
    country: t.exposeString('country', { nullable: true }),
    competitors: t.stringList({ resolve: (q) => q.competitors.map((c) => c.name) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    expired: t.boolean({ resolve: (q) => q.expiresAt.getTime() <= Date.now() }),
    error: t.exposeString('error', { nullable: true }),
    engines: t.field({ type: [EngineProgressType], resolve: (q) => q.state.engines ?? [] }),
    result: t.field({
      type: ResultType,
      nullable: true,
      resolve: (q) => (q.expiresAt.getTime() <= Date.now() ? null : (q.result as Result | null)),
    }),
  }),
});

const CompetitorInput = builder.inputType('CompetitorInput', {
  fields: (t) => ({ name: t.string({ required: true }), website: t.string() }),
});

const QuickScoreInput = builder.inputType('QuickScoreInput', {
  fields: (t) => ({
    brandName: t.string({ required: true }),
    website: t.string({ required: true }),
    industry: t.string({ required: true }),
    country: t.string(),
    competitors: t.field({ type: [CompetitorInput] }),
  }),
});

builder.mutationField('startQuickScore', (t) =>
  t.field({
    type: QuickScoreType,
    authScopes: { public: true },
    description:
      'Starts a quick check, or returns the same brand and domain’s check from the last 24 h.',
    args: { input: t.arg({ type: QuickScoreInput, required: true }) },
    resolve: (_root, { input }, ctx) => startQuickScore(ctx.deps, input, ctx.clientAddress),
  }),
);

builder.queryField('quickScore', (t) =>
  t.field({
    type: QuickScoreType,
    nullable: true,
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => findUnscopedOrNull(ctx.deps.db, id, findQuickScore),
  }),
);

builder.subscriptionField('quickScoreUpdated', (t) =>
  t.field({
    type: QuickScoreType,
    authScopes: { public: true },
    description: 'The current state at once, then every change until COMPLETED or FAILED.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, { id }, ctx) => {
      // An id that is not a UUID names no quick score: NOT_FOUND, like a missing one.
      const key = requireIdArg('id', id, () => notFound('Quick score'));
      return requestStream(ctx, (signal) => quickScoreUpdates(ctx.deps, key, signal));
    },
    resolve: (row) => row,
  }),
);

function quickScoreUpdates(
  deps: Pick<GatewayDeps, 'db' | 'events'>,
  id: string,
  signal: AbortSignal,
) {
  return rowStream({
    events: deps.events,
    topic: TOPIC.quickScore(id),
    signal,
    read: () => findQuickScore(deps.db, id),
    missing: () => notFound('Quick score'),
    key: (row) => `${row.status}:${row.progress}:${JSON.stringify(row.state)}`,
    isFinal: (row) => runStatus.isFinal(row.status),
  });
}
