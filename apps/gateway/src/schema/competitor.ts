import { builder } from '../builder';
import { activityExtension } from '../services/activity.service';
import { addCompetitor, removeCompetitor, updateCompetitor } from '../services/brand-setup.service';
import { CompetitorType } from './refs';

// A brand's tracked competitors (docs/brands.md): the type and its mutations; Brand.competitors
// lists them.

const CompetitorSourceEnum = builder.enumType('CompetitorSource', {
  values: ['MANUAL', 'DISCOVERED'] as const,
});
CompetitorType.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    domains: t.exposeStringList('domains'),
    aliases: t.exposeStringList('aliases'),
    commonWord: t.exposeBoolean('commonWord', {
      description: 'The name is an everyday word: it counts only in brand context.',
    }),
    source: t.field({ type: CompetitorSourceEnum, resolve: (c) => c.source }),
  }),
});

export const TrackedCompetitorInput = builder.inputType('TrackedCompetitorInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    domains: t.stringList(),
    aliases: t.stringList(),
    commonWord: t.boolean({
      description:
        'The name is an everyday word ("Loom"): it counts only in brand context. Omit to leave it unchanged.',
    }),
  }),
});

builder.mutationField('addCompetitor', (t) =>
  t.field({
    type: CompetitorType,
    authScopes: { editor: true },
    args: {
      brandId: t.arg.id({ required: true }),
      input: t.arg({ type: TrackedCompetitorInput, required: true }),
    },
    extensions: activityExtension('competitor.added'),
    resolve: async (_root, { brandId, input }, ctx) =>
      addCompetitor(
        ctx.deps,
        (await ctx.workspace()).id,
        await ctx.acting(),
        String(brandId),
        input,
      ),
  }),
);

builder.mutationField('updateCompetitor', (t) =>
  t.field({
    type: CompetitorType,
    authScopes: { editor: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: TrackedCompetitorInput, required: true }),
    },
    extensions: activityExtension('competitor.updated'),
    resolve: async (_root, { id, input }, ctx) =>
      updateCompetitor(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id), input),
  }),
);

builder.mutationField('removeCompetitor', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('competitor.removed'),
    resolve: async (_root, { id }, ctx) =>
      removeCompetitor(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);
