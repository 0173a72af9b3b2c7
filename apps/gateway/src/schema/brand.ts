import {
  deleteBrand,
  findBrand,
  listBrands,
  type Schedule,
  setBrandStatus,
} from '@lumen/db/repositories/brand.repository';
import { listDiscoveredNames } from '@lumen/db/repositories/brand-run.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import { CADENCES } from '@lumen/domain/brands/brand-input';
import { BRAND_STATUSES } from '@lumen/domain/status/brand-status';
import { builder } from '../builder';
import { brandLoaders } from '../loaders/brand-loaders';
import { activityExtension, changeOwned } from '../services/activity.service';
import { scheduleBrand, unscheduleBrand } from '../services/brand-schedule.service';
import { claimQuickScore } from '../services/claim-quick-score.service';
import { createBrand, updateBrand } from '../services/save-brand.service';
import { findOwnedOrNull } from '../workspace-scope';
import { TrackedCompetitorInput } from './competitor';
import { BrandType, CompetitorType, KeywordType, RunType } from './refs';

// A tracked brand (docs/brands.md): its type, queries and mutations. Competitors and keywords
// have their own files; a brand's metrics hang off it from metrics.ts and keyword-numbers.ts.

export const CadenceEnum = builder.enumType('Cadence', { values: CADENCES });
const BrandStatusEnum = builder.enumType('BrandStatus', { values: BRAND_STATUSES });

const ScheduleType = builder.objectRef<Schedule>('Schedule').implement({
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

BrandType.implement({
  description: 'A tracked brand ("campaign" in routes) with its competitors, keywords and prompts.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    domains: t.exposeStringList('domains'),
    aliases: t.exposeStringList('aliases'),
    commonWord: t.exposeBoolean('commonWord', {
      description: 'The name is an everyday word: it counts only in brand context.',
    }),
    description: t.exposeString('description', { nullable: true }),
    industry: t.exposeString('industry', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    language: t.exposeString('language'),
    engines: t.exposeStringList('engines'),
    samples: t.exposeInt('samples', {
      description:
        'Answers asked of each prompt × engine per run, 1–5: each is an answer of its own, so more samples narrow the intervals and use more of the answer quota.',
    }),
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

const ScheduleInput = builder.inputType('ScheduleInput', {
  fields: (t) => ({
    cadence: t.field({ type: CadenceEnum, required: true }),
    hour: t.int({ required: true }),
    weekday: t.int(),
    timezone: t.string({ required: true }),
  }),
});

const BrandInput = builder.inputType('BrandInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    domains: t.stringList({ required: true }),
    aliases: t.stringList({ required: true }),
    commonWord: t.boolean({
      description:
        'The name is an everyday word ("Harvest"): it counts only in brand context. Omit to leave it unchanged.',
    }),
    description: t.string(),
    industry: t.string(),
    country: t.string(),
    language: t.string(),
    engines: t.stringList({ required: true }),
    samples: t.int({
      description:
        'Answers asked of each prompt × engine per run, 1–5 (1 for a new brand). Omit to leave it unchanged.',
    }),
    schedule: t.field({ type: ScheduleInput, required: true }),
    competitors: t.field({
      type: [TrackedCompetitorInput],
      description: 'The complete list; on update, omit it to leave competitors unchanged.',
    }),
    keywords: t.stringList({
      description:
        'Keyword texts; new ones get generated prompts. On update: the complete list, or omit it.',
    }),
  }),
});

builder.queryField('brands', (t) =>
  t.field({
    type: [BrandType],
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => listBrands(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.queryField('brand', (t) =>
  t.field({
    type: BrandType,
    nullable: true,
    authScopes: { member: true },
    description: 'Null for a missing id and for another workspace’s brand alike.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => findOwnedOrNull(ctx, id, findBrand),
  }),
);

builder.mutationField('createBrand', (t) =>
  t.field({
    type: BrandType,
    authScopes: { editor: true },
    args: { input: t.arg({ type: BrandInput, required: true }) },
    extensions: activityExtension('brand.created'),
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const brand = await createBrand(ctx.deps, workspaceId, await ctx.acting(), input);
      // Counts only: a brand's name, domains and aliases are the customer's, not analytics'.
      ctx.deps.analytics.capture(ctx.user!.id, 'brand_created', {
        workspace_id: workspaceId,
        brand_id: brand.id,
        engines: brand.engines.length,
        competitors: input.competitors?.length ?? 0,
        keywords: input.keywords?.length ?? 0,
        cadence: brand.schedule.cadence,
      });
      return brand;
    },
  }),
);

builder.mutationField('updateBrand', (t) =>
  t.field({
    type: BrandType,
    authScopes: { editor: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: BrandInput, required: true }),
    },
    extensions: activityExtension('brand.updated'),
    resolve: async (_root, { id, input }, ctx) =>
      updateBrand(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id), input),
  }),
);

builder.mutationField('setBrandStatus', (t) =>
  t.field({
    type: BrandType,
    authScopes: { editor: true },
    description: 'Pause (no scheduled runs) or resume a brand.',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg({ type: BrandStatusEnum, required: true }),
    },
    extensions: activityExtension('brand.paused', 'brand.resumed'),
    resolve: async (_root, { id, status }, ctx) => {
      const brand = await changeOwned(
        ctx,
        'Brand',
        id,
        (db, workspaceId, key) => setBrandStatus(db, workspaceId, key, status),
        (b, workspaceId) => ({
          workspaceId,
          kind: b.status === 'PAUSED' ? 'brand.paused' : 'brand.resumed',
          message: `${b.status === 'PAUSED' ? 'Paused' : 'Resumed'} brand ${quoted(b.name)}`,
          subjectType: 'brand',
          subjectId: b.id,
          brandId: b.id,
          data: { status: b.status },
        }),
      );
      await scheduleBrand(ctx.deps, brand);
      return brand;
    },
  }),
);

builder.mutationField('deleteBrand', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    description: 'Deletes the brand with its competitors, keywords, prompts and runs.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('brand.deleted'),
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await changeOwned(
        ctx,
        'Brand',
        id,
        async (db, scope, key) => {
          const brand = await findBrand(db, scope, key);
          return brand && (await deleteBrand(db, scope, key)) ? brand : null;
        },
        (b) => ({
          workspaceId,
          kind: 'brand.deleted',
          message: `Deleted brand ${quoted(b.name)}`,
          subjectType: 'brand',
          subjectId: b.id,
          // The brand is gone: its id stays for the brand filter, not as a link.
          brandId: b.id,
          data: { name: b.name },
        }),
      );
      await unscheduleBrand(ctx.deps, String(id));
      ctx.deps.analytics.capture(ctx.user!.id, 'brand_deleted', {
        workspace_id: workspaceId,
        brand_id: String(id),
      });
      return String(id);
    },
  }),
);

builder.mutationField('claimQuickScore', (t) =>
  t.field({
    type: BrandType,
    authScopes: { editor: true },
    description:
      'Tracks the brand of a finished quick check, with its answers as the first run. Claiming the same check again returns the same brand.',
    args: { requestId: t.arg.id({ required: true }) },
    extensions: activityExtension('brand.claimed'),
    resolve: async (_root, { requestId }, ctx) => {
      const brand = await claimQuickScore(
        ctx.deps,
        (await ctx.workspace()).id,
        String(requestId),
        ctx.user!.id,
        await ctx.acting(),
      );
      // A claimed brand is tracked on the default schedule from now on.
      await scheduleBrand(ctx.deps, brand);
      return brand;
    },
  }),
);
