import type { EngineImpact, ImpactSide } from '@lumen/domain/publishing/impact';
import { builder } from '../builder';
import { type PublishedImpactView, publishedImpact } from '../services/published-impact.service';
import { ChangeVerdictEnum } from './metrics';
import { PublishedItemType } from './published-item';
import { RateIntervalType } from './shared-types';

// What a published page changed (docs/closed-loop.md, "Attribution"), hung on the published
// item, which is only reached through the workspace-scoped publishedItem(s) queries.

type EngineRow = EngineImpact & { label: string };

const ImpactSideType = builder.objectRef<ImpactSide>('ImpactSide').implement({
  description: 'The targeted prompt’s answers on one side of the publication, for one engine.',
  fields: (t) => ({
    answers: t.exposeInt('answers'),
    runs: t.exposeInt('runs'),
    mentionRate: t.field({ type: RateIntervalType, resolve: (s) => s.mentionRate }),
    averageRank: t.float({
      nullable: true,
      description: 'Mean rank where the brand is mentioned; null if never.',
      resolve: (s) => s.averageRank,
    }),
    citationRate: t.float({
      description: 'Answers citing an owned domain / answers with a citation.',
      resolve: (s) => s.citationRate,
    }),
  }),
});

const EngineImpactType = builder.objectRef<EngineRow>('EngineImpact').implement({
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    before: t.field({ type: RateIntervalType, resolve: (e) => e.before.mentionRate }),
    after: t.field({ type: RateIntervalType, resolve: (e) => e.after.mentionRate }),
    rankBefore: t.float({ nullable: true, resolve: (e) => e.before.averageRank }),
    rankAfter: t.float({ nullable: true, resolve: (e) => e.after.averageRank }),
    citationRateBefore: t.float({ resolve: (e) => e.before.citationRate }),
    citationRateAfter: t.float({ resolve: (e) => e.after.citationRate }),
    beforeSide: t.field({ type: ImpactSideType, resolve: (e) => e.before }),
    afterSide: t.field({ type: ImpactSideType, resolve: (e) => e.after }),
    verdict: t.field({
      type: ChangeVerdictEnum,
      nullable: true,
      description: 'MOVED_* only when the Wilson intervals part; null while a side has no answers.',
      resolve: (e) => e.verdict,
    }),
  }),
});

const PublishedImpactType = builder.objectRef<PublishedImpactView>('PublishedImpact').implement({
  description:
    'The targeted prompt per engine: the last 5 runs before publishing against every run since the page was read.',
  fields: (t) => ({
    enoughData: t.exposeBoolean('enoughData'),
    reason: t.exposeString('reason', {
      nullable: true,
      description: 'Why there is not enough data yet, in plain words.',
    }),
    engines: t.field({
      type: [EngineImpactType],
      resolve: (i) => i.engines.map((e) => ({ ...e, label: i.labels.get(e.engine) ?? e.engine })),
    }),
    ingestedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the page was read into the local engines’ corpus.',
      resolve: (i) => i.ingestedAt,
    }),
    remeasureRunId: t.exposeID('remeasureRunId', {
      nullable: true,
      description: 'The targeted run that measured the prompt again after the page was read.',
    }),
  }),
});

builder.objectField(PublishedItemType, 'impact', (t) =>
  t.field({
    type: PublishedImpactType,
    resolve: async (item, _args, ctx) => {
      const impact = await publishedImpact(ctx.deps, item.workspaceId, item.id);
      if (!impact) throw new Error(`published item ${item.id} vanished while it was read`);
      return impact;
    },
  }),
);
