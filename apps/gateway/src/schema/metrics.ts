import type { MetricsWithChange, SourceMetrics } from '@lumen/domain/metrics/breakdown';
import type { CoreMetrics } from '@lumen/domain/metrics/tally';
import { builder } from '../builder';
import {
  brandByEngine,
  brandByKeyword,
  brandCompetitorMetrics,
  brandDiscovered,
  brandMetrics,
  brandSources,
  brandTrend,
  type EngineMetrics,
  type EntityEngineMetrics,
  type EntityMetrics,
  type KeywordMetrics,
  parseFilter,
  type TrendPoint,
} from '../services/brand-metrics.service';
import { BrandType } from './refs';
import { ChangeVerdictEnum, RateIntervalType } from './shared';

// A brand's numbers (docs/metrics.md, "Reading the numbers"). Every field hangs off Brand, which
// is reached only through the workspace-scoped `brand(id)`, so another workspace's brand never
// gets here. The numbers are read from the daily rollups.

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const TrendIntervalEnum = builder.enumType('TrendInterval', {
  values: ['DAY', 'WEEK'] as const,
});

export const EntityKindEnum = builder.enumType('TrackedEntityKind', {
  values: ['BRAND', 'COMPETITOR'] as const,
});

export const MetricsFilterInput = builder.inputType('MetricsFilter', {
  description:
    'The period is either from–to (local days of the brand, both ends included) or lastDays (the last n days up to the brand’s own today, so brands in different timezones each get their own week). Without engines or keywords: all of them. Branded prompts are left out unless includeBranded.',
  fields: (t) => ({
    from: t.field({ type: 'Date', required: false }),
    to: t.field({ type: 'Date', required: false }),
    lastDays: t.int({
      required: false,
      description:
        'The last n days (1–400) up to and including the brand’s today; instead of from and to.',
    }),
    engines: t.stringList({ required: false }),
    keywordIds: t.idList({ required: false }),
    includeBranded: t.boolean({ required: false }),
    country: t.string({
      required: false,
      description:
        'Only answers asked for this country: a two-letter ISO 3166 code (DE, US); an unknown code is BAD_USER_INPUT.',
    }),
    language: t.string({
      required: false,
      description:
        'Only answers asked in this language: a language code (de, pt-BR; a region reads as its language, so de-AT means every German answer).',
    }),
  }),
});

function coreFields<T extends CoreMetrics>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    answers: t.int({ description: 'Answers measured.', resolve: (m) => m.answers }),
    score: t.int({ description: 'Visibility score, 0–100.', resolve: (m) => m.score }),
    mentionRate: t.field({ type: RateIntervalType, resolve: (m) => m.mentionRate }),
    positionWeighted: t.float({ resolve: (m) => m.positionWeighted }),
    shareOfVoice: t.float({ resolve: (m) => m.shareOfVoice }),
    citationRate: t.float({ resolve: (m) => m.citationRate }),
    averageRank: t.float({ nullable: true, resolve: (m) => m.averageRank }),
    sentiment: t.float({
      nullable: true,
      description: '0–100 (50 = neutral); null without a scored mention.',
      resolve: (m) => m.sentiment,
    }),
  };
}

const MetricsChangeType = builder
  .objectRef<NonNullable<MetricsWithChange['change']> & { previous: CoreMetrics }>('MetricsChange')
  .implement({
    description: 'Against the period of the same length just before.',
    fields: (t) => ({
      score: t.exposeInt('score', { description: 'Score points, now − before.' }),
      mentionRate: t.exposeFloat('mentionRate', {
        description: 'Mention-rate change in rate points (0–1), now − before.',
      }),
      verdict: t.field({ type: ChangeVerdictEnum, resolve: (c) => c.verdict }),
      previousScore: t.int({ resolve: (c) => c.previous.score }),
      previousMentionRate: t.field({
        type: RateIntervalType,
        resolve: (c) => c.previous.mentionRate,
      }),
      previousAnswers: t.int({ resolve: (c) => c.previous.answers }),
    }),
  });

function changeField<T extends MetricsWithChange>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>,
) {
  return t.field({
    type: MetricsChangeType,
    nullable: true,
    description: 'Null when either period has no answers.',
    resolve: (m) => (m.change ? { ...m.change, previous: m.previous } : null),
  });
}

export const MetricsType = builder.objectRef<MetricsWithChange>('Metrics').implement({
  description: 'The metrics of docs/metrics.md over the filtered answers.',
  fields: (t) => ({ ...coreFields(t), change: changeField(t) }),
});

const MetricsPointType = builder.objectRef<TrendPoint>('MetricsPoint').implement({
  description: 'One day or week (its Monday) of a trend; answers = 0 where nothing was measured.',
  fields: (t) => ({ date: t.field({ type: 'Date', resolve: (p) => p.date }), ...coreFields(t) }),
});

const EngineMetricsType = builder.objectRef<EngineMetrics>('EngineMetrics').implement({
  fields: (t) => ({
    engine: t.exposeString('engine'),
    label: t.exposeString('label'),
    ...coreFields(t),
    change: changeField(t),
  }),
});

const KeywordMetricsType = builder.objectRef<KeywordMetrics>('KeywordMetrics').implement({
  fields: (t) => ({
    keywordId: t.exposeID('keywordId'),
    text: t.exposeString('text'),
    ...coreFields(t),
    change: changeField(t),
  }),
});

const EntityEngineMetricsType = builder
  .objectRef<EntityEngineMetrics>('EntityEngineMetrics')
  .implement({
    fields: (t) => ({
      engine: t.exposeString('engine'),
      label: t.exposeString('label'),
      ...coreFields(t),
    }),
  });

const EntityMetricsType = builder.objectRef<EntityMetrics>('EntityMetrics').implement({
  description: 'The brand or one competitor, measured over the same answers.',
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    kind: t.field({ type: EntityKindEnum, resolve: (e) => e.kind }),
    ...coreFields(t),
    byEngine: t.field({ type: [EntityEngineMetricsType], resolve: (e) => e.byEngine }),
  }),
});

const SourceMetricsType = builder.objectRef<SourceMetrics>('SourceMetrics').implement({
  description: 'A cited domain.',
  fields: (t) => ({
    domain: t.exposeString('domain'),
    owner: t.string({
      description: 'own, competitor or third_party.',
      resolve: (s) => s.owner,
    }),
    entityId: t.exposeID('entityId', { nullable: true }),
    citations: t.exposeInt('citations'),
    answers: t.exposeInt('answers', { description: 'Answers citing the domain.' }),
    share: t.exposeFloat('share', { description: 'Its share of every citation, 0–1.' }),
  }),
});

const DiscoveredEntityType = builder
  .objectRef<{ name: string; answers: number }>('DiscoveredEntity')
  .implement({
    description: 'A brand-like name the engines mention that the brand does not track.',
    fields: (t) => ({ name: t.exposeString('name'), answers: t.exposeInt('answers') }),
  });

const filterArg = (t: PothosSchemaTypes.FieldBuilder<Types, unknown, 'Object'>) =>
  t.arg({ type: MetricsFilterInput, required: true });

builder.objectFields(BrandType, (t) => ({
  metrics: t.field({
    type: MetricsType,
    args: { filter: filterArg(t) },
    resolve: (b, { filter }, ctx) => brandMetrics(ctx, b, parseFilter(filter, b)),
  }),
  trend: t.field({
    type: [MetricsPointType],
    args: {
      filter: filterArg(t),
      interval: t.arg({ type: TrendIntervalEnum, defaultValue: 'DAY', required: true }),
    },
    resolve: (b, { filter, interval }, ctx) => brandTrend(ctx, b, parseFilter(filter, b), interval),
  }),
  byEngine: t.field({
    type: [EngineMetricsType],
    args: { filter: filterArg(t) },
    resolve: (b, { filter }, ctx) => brandByEngine(ctx, b, parseFilter(filter, b)),
  }),
  byKeyword: t.field({
    type: [KeywordMetricsType],
    args: { filter: filterArg(t) },
    resolve: (b, { filter }, ctx) => brandByKeyword(ctx, b, parseFilter(filter, b)),
  }),
  competitorMetrics: t.field({
    type: [EntityMetricsType],
    args: { filter: filterArg(t) },
    description: 'The brand and each competitor, largest share of voice first.',
    resolve: (b, { filter }, ctx) => brandCompetitorMetrics(ctx, b, parseFilter(filter, b)),
  }),
  sources: t.field({
    type: [SourceMetricsType],
    args: { filter: filterArg(t), first: t.arg.int({ defaultValue: 20, required: true }) },
    description: 'The most cited domains, most citations first (first ≤ 100).',
    resolve: (b, { filter, first }, ctx) =>
      brandSources(ctx, b, parseFilter(filter, b), clampFirst(first)),
  }),
  discoveredEntities: t.field({
    type: [DiscoveredEntityType],
    args: { filter: filterArg(t), first: t.arg.int({ defaultValue: 20, required: true }) },
    resolve: (b, { filter, first }, ctx) =>
      brandDiscovered(ctx, b, parseFilter(filter, b), clampFirst(first)),
  }),
}));

const clampFirst = (first: number) => Math.min(100, Math.max(0, first));
