import type { Evidence, EvidenceSide } from '@lumen/domain/publishing/evidence';
import type { EngineImpact, ImpactSide } from '@lumen/domain/publishing/impact';
import { builder } from '../builder';
import { type PublishedImpactView, publishedImpact } from '../services/published-impact.service';
import { PublishedItemType } from './refs';
import { ChangeVerdictEnum, RateIntervalType } from './shared';

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

const EvidenceVerdictEnum = builder.enumType('EvidenceVerdict', {
  description:
    'The evidence rule (docs/closed-loop.md): IMPROVED/WORSENED only when the 95 % Wilson intervals do not overlap; NOT_ENOUGH_DATA while a side has fewer than 4 answers.',
  values: ['IMPROVED', 'WORSENED', 'WITHIN_NOISE', 'NOT_ENOUGH_DATA'] as const,
});

const EvidenceSideType = builder.objectRef<EvidenceSide>('EvidenceSide').implement({
  description: 'Every engine’s answers to the targeted prompt on one side of the publication.',
  fields: (t) => ({
    answers: t.exposeInt('answers'),
    mentioned: t.exposeInt('mentioned', { description: 'Answers that name the brand.' }),
    mentionRate: t.field({ type: RateIntervalType, resolve: (s) => s.rate }),
  }),
});

const ImpactEvidenceType = builder.objectRef<Evidence>('ImpactEvidence').implement({
  description:
    'The evidence the opportunity is resolved on: every engine’s answers before and after, and the verdict.',
  fields: (t) => ({
    before: t.field({ type: EvidenceSideType, resolve: (e) => e.before }),
    after: t.field({ type: EvidenceSideType, resolve: (e) => e.after }),
    verdict: t.field({ type: EvidenceVerdictEnum, resolve: (e) => e.verdict }),
  }),
});

const PublishedImpactType = builder.objectRef<PublishedImpactView>('PublishedImpact').implement({
  description:
    'The targeted prompt: every answer of the 30 days before publishing against every run since the page was read, per engine and over every engine.',
  fields: (t) => ({
    evidence: t.field({ type: ImpactEvidenceType, resolve: (i) => i.evidence }),
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
