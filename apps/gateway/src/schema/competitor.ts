import { deleteCompetitor } from '@lumen/db/repositories/competitor.repository';
import { builder } from '../builder';
import { notFound } from '../errors';
import { isUuid } from '../services/brand-rules';
import { addCompetitor, updateCompetitor } from '../services/brand-setup.service';
import { CompetitorType } from './brand-types';

export const TrackedCompetitorInput = builder.inputType('TrackedCompetitorInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    domains: t.stringList(),
    aliases: t.stringList(),
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
    resolve: async (_root, { brandId, input }, ctx) =>
      addCompetitor(ctx.deps, (await ctx.workspace()).id, String(brandId), input),
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
    resolve: async (_root, { id, input }, ctx) =>
      updateCompetitor(ctx.deps, (await ctx.workspace()).id, String(id), input),
  }),
);

builder.mutationField('removeCompetitor', (t) =>
  t.field({
    type: 'ID',
    authScopes: { editor: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const removed =
        isUuid(String(id)) &&
        (await deleteCompetitor(ctx.deps.db, (await ctx.workspace()).id, String(id)));
      if (!removed) throw notFound('Competitor');
      return String(id);
    },
  }),
);
