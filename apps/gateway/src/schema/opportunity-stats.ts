import {
  medianHoursToResolve,
  type OpportunityWeek,
  opportunityWeeks,
} from '@lumen/db/repositories/opportunity-query.repository';
import { builder } from '../builder';
import { badInput, toFilter } from './opportunity';

// Opened, resolved and dismissed opportunities per week (docs/opportunities.md).

type Stats = { weeks: OpportunityWeek[]; medianHoursToResolve: number | null; resolved: number };

const OpportunityWeekType = builder.objectRef<OpportunityWeek>('OpportunityWeek').implement({
  fields: (t) => ({
    weekStart: t.exposeString('weekStart', { description: 'Monday of the ISO week (UTC).' }),
    opened: t.exposeInt('opened', { description: 'Opportunities found that week.' }),
    resolved: t.exposeInt('resolved', { description: 'Moves to RESOLVED that week.' }),
    dismissed: t.exposeInt('dismissed', { description: 'Moves to DISMISSED that week.' }),
  }),
});

const OpportunityStatsType = builder.objectRef<Stats>('OpportunityStats').implement({
  fields: (t) => ({
    weeks: t.field({ type: [OpportunityWeekType], resolve: (s) => s.weeks }),
    medianHoursToResolve: t.exposeFloat('medianHoursToResolve', {
      nullable: true,
      description: 'Median time from found to resolved, over those resolved in the period.',
    }),
    resolved: t.exposeInt('resolved', { description: 'Opportunities resolved in the period.' }),
  }),
});

builder.queryField('opportunityStats', (t) =>
  t.field({
    type: OpportunityStatsType,
    authScopes: { member: true },
    description: 'Opened, resolved and dismissed per week, oldest first, and time to resolve.',
    args: {
      brandId: t.arg.id(),
      weeks: t.arg.int({ description: '1–52, default 12.' }),
    },
    resolve: async (_root, args, ctx) => {
      const weeks = args.weeks ?? 12;
      if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) {
        throw badInput('weeks', 'Between 1 and 52.');
      }
      const filter = await toFilter(ctx, { brandId: args.brandId });
      const workspaceId = (await ctx.workspace()).id;
      const scope = { brandId: filter.brandId, weeks };
      const [rows, median] = await Promise.all([
        opportunityWeeks(ctx.deps.db, workspaceId, scope),
        medianHoursToResolve(ctx.deps.db, workspaceId, scope),
      ]);
      return { weeks: rows, medianHoursToResolve: median.medianHours, resolved: median.resolved };
    },
  }),
);
