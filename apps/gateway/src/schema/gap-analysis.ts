import { builder } from '../builder';
import { activityExtension } from '../services/activity.service';
import {
  analyzeGaps,
  type GapAnalysisState,
  gapAnalysisState,
} from '../services/analyze-gaps.service';
import { RunType } from './refs';
import { JobStatusEnum } from './shared';

// Gap analysis of a run (docs/opportunities.md): run it again, and follow it on the run.

builder.mutationField('analyzeGaps', (t) =>
  t.field({
    type: RunType,
    authScopes: { editor: true },
    description:
      'Analyses the brand’s gaps again from its latest completed run, through the gap-analysis queue; follow Run.gapAnalysis.',
    args: { brandId: t.arg.id({ required: true }) },
    extensions: activityExtension('run.gaps_requested'),
    resolve: async (_root, { brandId }, ctx) =>
      analyzeGaps(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(brandId)),
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
