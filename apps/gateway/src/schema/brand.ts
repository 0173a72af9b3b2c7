import {
  deleteBrand,
  findBrand,
  listBrands,
  setBrandStatus,
} from '@lumen/db/repositories/brand.repository';
import { builder } from '../builder';
import { notFound } from '../errors';
import { isUuid } from '../services/brand-rules';
import { scheduleBrand, unscheduleBrand } from '../services/brand-schedule.service';
import { claimQuickScore } from '../services/claim-quick-score.service';
import { createBrand, updateBrand } from '../services/save-brand.service';
import { BrandStatusEnum, BrandType, CadenceEnum } from './brand-types';
import { TrackedCompetitorInput } from './competitor';

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
    description: t.string(),
    industry: t.string(),
    country: t.string(),
    language: t.string(),
    engines: t.stringList({ required: true }),
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
    resolve: async (_root, { id }, ctx) =>
      isUuid(String(id)) ? findBrand(ctx.deps.db, (await ctx.workspace()).id, String(id)) : null,
  }),
);

builder.mutationField('createBrand', (t) =>
  t.field({
    type: BrandType,
    authScopes: { editor: true },
    args: { input: t.arg({ type: BrandInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const brand = await createBrand(ctx.deps, workspaceId, input);
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
    resolve: async (_root, { id, input }, ctx) =>
      updateBrand(ctx.deps, (await ctx.workspace()).id, String(id), input),
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
    resolve: async (_root, { id, status }, ctx) => {
      const brand = isUuid(String(id))
        ? await setBrandStatus(ctx.deps.db, (await ctx.workspace()).id, String(id), status)
        : null;
      if (!brand) throw notFound('Brand');
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
    resolve: async (_root, { id }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      const deleted =
        isUuid(String(id)) && (await deleteBrand(ctx.deps.db, workspaceId, String(id)));
      if (!deleted) throw notFound('Brand');
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
    resolve: async (_root, { requestId }, ctx) => {
      const brand = await claimQuickScore(
        ctx.deps,
        (await ctx.workspace()).id,
        String(requestId),
        ctx.user!.id,
      );
      // A claimed brand is tracked on the default schedule from now on.
      await scheduleBrand(ctx.deps, brand);
      return brand;
    },
  }),
);
