import { listRecentRuns } from '@lumen/db/repositories/run-query.repository';
import { builder } from '../builder';
import { LumenError } from '../errors';
import { RunType } from './refs';

// What the dashboard needs beyond each brand's numbers (docs/metrics.md, "On the pages").

builder.queryField('recentRuns', (t) =>
  t.field({
    type: [RunType],
    authScopes: { member: true },
    description:
      'The workspace’s queued and running runs, then its latest finished ones, newest first (first: 1–50, default 8).',
    args: { first: t.arg.int({ defaultValue: 8 }) },
    resolve: async (_root, { first }, ctx) => {
      const n = first ?? 8;
      if (!Number.isInteger(n) || n < 1 || n > 50) {
        throw new LumenError('BAD_USER_INPUT', 'first: between 1 and 50.', {
          fields: { first: 'Between 1 and 50.' },
        });
      }
      return listRecentRuns(ctx.deps.db, (await ctx.workspace()).id, n);
    },
  }),
);
