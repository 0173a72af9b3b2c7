import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import type { BrandDefaults } from '@lumen/domain/brands/brand-defaults';
import { builder } from '../builder';
import { unauthenticated } from '../errors';
import { activityExtension } from '../services/activity.service';
import { brandDefaultsOf, setBrandDefaultsAs } from '../services/brand-defaults.service';
import { CadenceEnum } from './brand';
import { WorkspaceType } from './me';

// Defaults for new brands (docs/brands.md, "Defaults for new brands"). The mutation names the
// workspace by argument, like renameWorkspace: the caller's role is checked in THAT workspace.

const BrandDefaultsType = builder.objectRef<BrandDefaults>('BrandDefaults').implement({
  description: 'What a new brand of the workspace starts with in the brand form.',
  fields: (t) => ({
    engines: t.exposeStringList('engines'),
    samples: t.exposeInt('samples', { description: 'Answers per prompt × engine per run, 1–5.' }),
    cadence: t.field({ type: CadenceEnum, resolve: (d) => d.cadence }),
    hour: t.exposeInt('hour', { description: '0–23, in `timezone`.' }),
    weekday: t.exposeInt('weekday', { description: 'For weekly runs: 0 (Sunday) to 6.' }),
    timezone: t.exposeString('timezone'),
    country: t.exposeString('country', { nullable: true }),
    language: t.exposeString('language'),
  }),
});

const BrandDefaultsInput = builder.inputType('BrandDefaultsInput', {
  fields: (t) => ({
    engines: t.stringList({ required: true }),
    samples: t.int({ required: true }),
    cadence: t.field({ type: CadenceEnum, required: true }),
    hour: t.int({ required: true }),
    weekday: t.int({ required: true }),
    timezone: t.string({ required: true }),
    country: t.string({ required: false }),
    language: t.string({ required: true }),
  }),
});

builder.objectField(WorkspaceType, 'brandDefaults', (t) =>
  t.field({
    type: BrandDefaultsType,
    nullable: true,
    description: 'Null until an owner or admin sets them; the brand form then uses its own.',
    resolve: (w: MemberWorkspace, _args, ctx) => brandDefaultsOf(ctx.deps, w.id),
  }),
);

builder.mutationField('setBrandDefaults', (t) =>
  t.field({
    type: WorkspaceType,
    description: 'Owners and admins. `input: null` clears them.',
    authScopes: { member: true },
    args: {
      workspaceId: t.arg.id({ required: true }),
      input: t.arg({ type: BrandDefaultsInput, required: false }),
    },
    extensions: activityExtension('workspace.brand_defaults_changed'),
    resolve: async (_root, args, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return setBrandDefaultsAs(
        ctx.deps,
        ctx.user,
        await ctx.acting(),
        String(args.workspaceId),
        args.input ?? null,
      );
    },
  }),
);
