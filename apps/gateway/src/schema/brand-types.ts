import type { Brand, Schedule } from '@lumen/db/repositories/brand.repository';
import { listDiscoveredNames } from '@lumen/db/repositories/brand-run.repository';
import type { Competitor } from '@lumen/db/repositories/competitor.repository';
import type { Keyword, Prompt } from '@lumen/db/repositories/keyword.repository';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import { CADENCES } from '@lumen/domain/brands/brand-input';
import { builder } from '../builder';
import { brandLoaders } from '../loaders/brand-loaders';
import { RunType } from './run-types';

// The object types of a tracked brand; its root fields live in brand.ts, competitor.ts and
// keyword.ts.

export const CadenceEnum = builder.enumType('Cadence', { values: CADENCES });
export const BrandStatusEnum = builder.enumType('BrandStatus', {
  values: ['ACTIVE', 'PAUSED'] as const,
});
export const CompetitorSourceEnum = builder.enumType('CompetitorSource', {
  values: ['MANUAL', 'DISCOVERED'] as const,
});
export const PromptSourceEnum = builder.enumType('PromptSource', {
  values: ['MANUAL', 'GENERATED', 'IMPORTED'] as const,
});
export const PromptKindEnum = builder.enumType('PromptKind', {
  values: {
    BEST: { value: 'best' },
    COMPARISON: { value: 'comparison' },
    ALTERNATIVES: { value: 'alternatives' },
    HOW_TO: { value: 'how-to' },
  } as const,
});

export const ScheduleType = builder.objectRef<Schedule>('Schedule').implement({
  fields: (t) => ({
    cadence: t.field({ type: CadenceEnum, resolve: (s) => s.cadence }),
    hour: t.exposeInt('hour', { description: 'Local hour (0–23) in `timezone`.' }),
    weekday: t.exposeInt('weekday', {
      nullable: true,
      description: '0 = Sunday … 6 = Saturday; weekly runs only.',
    }),
    timezone: t.exposeString('timezone', { description: 'An IANA time zone, e.g. Europe/Berlin.' }),
  }),
});

export const CompetitorType = builder.objectRef<Competitor>('Competitor').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    domains: t.exposeStringList('domains'),
    aliases: t.exposeStringList('aliases'),
    source: t.field({ type: CompetitorSourceEnum, resolve: (c) => c.source }),
  }),
});

export const PromptType = builder.objectRef<Prompt>('Prompt').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    text: t.exposeString('text'),
    kind: t.field({ type: PromptKindEnum, resolve: (p) => p.kind }),
    branded: t.exposeBoolean('branded', {
      description: 'Names the brand; excluded from the headline metrics by default.',
    }),
    source: t.field({ type: PromptSourceEnum, resolve: (p) => p.source }),
    active: t.exposeBoolean('active'),
  }),
});

export const KeywordType = builder.objectRef<Keyword>('Keyword').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    brandId: t.exposeID('brandId'),
    text: t.exposeString('text'),
    topic: t.exposeString('topic', { nullable: true }),
    prompts: t.field({
      type: [PromptType],
      resolve: (k, _args, ctx) => brandLoaders(ctx).prompts.load(k.id),
    }),
  }),
});

export const BrandType = builder.objectRef<Brand>('Brand').implement({
  description: 'A tracked brand ("campaign" in routes) with its competitors, keywords and prompts.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    domains: t.exposeStringList('domains'),
    aliases: t.exposeStringList('aliases'),
    description: t.exposeString('description', { nullable: true }),
    industry: t.exposeString('industry', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    language: t.exposeString('language'),
    engines: t.exposeStringList('engines'),
    schedule: t.field({ type: ScheduleType, resolve: (b) => b.schedule }),
    status: t.field({ type: BrandStatusEnum, resolve: (b) => b.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    competitors: t.field({
      type: [CompetitorType],
      resolve: (b, _args, ctx) => brandLoaders(ctx).competitors.load(b.id),
    }),
    keywords: t.field({
      type: [KeywordType],
      resolve: (b, _args, ctx) => brandLoaders(ctx).keywords.load(b.id),
    }),
    promptCount: t.int({ resolve: (b, _args, ctx) => brandLoaders(ctx).promptCount.load(b.id) }),
    suggestedCompetitors: t.stringList({
      description:
        'Brands the engines named in this brand’s answers that it does not track yet, most frequent first.',
      resolve: async (b, _args, ctx) => {
        const tracked = new Set(
          [
            b.name,
            ...b.aliases,
            ...(await brandLoaders(ctx).competitors.load(b.id)).flatMap((c) => [
              c.name,
              ...c.aliases,
            ]),
          ].map(normalizeName),
        );
        const found = await listDiscoveredNames(ctx.deps.db, b.workspaceId, b.id);
        return found
          .map((f) => f.name)
          .filter((n) => !tracked.has(normalizeName(n)))
          .slice(0, 8);
      },
    }),
    latestRun: t.field({
      type: RunType,
      nullable: true,
      resolve: (b, _args, ctx) => brandLoaders(ctx).latestRun.load(b.id),
    }),
  }),
});
