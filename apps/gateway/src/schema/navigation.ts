import {
  getNavigationCounts,
  type NavigationCounts,
} from '@lumen/db/repositories/navigation.repository';
import { builder } from '../builder';

const NavigationCountsType = builder.objectRef<NavigationCounts>('NavigationCounts').implement({
  description: 'Live counts for the sidebar badges of the current workspace.',
  fields: (t) => ({
    brands: t.exposeInt('brands'),
    opportunities: t.exposeInt('opportunities', {
      description: 'Open: NEW, PLANNED or IN_PROGRESS.',
    }),
    ordersInProgress: t.exposeInt('ordersInProgress'),
    drafts: t.exposeInt('drafts'),
    published: t.exposeInt('published'),
    sites: t.exposeInt('sites'),
  }),
});

builder.queryField('navigationCounts', (t) =>
  t.field({
    type: NavigationCountsType,
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => {
      const workspace = await ctx.workspace();
      return getNavigationCounts(ctx.deps.db, workspace.id);
    },
  }),
);
