import { builder } from '../builder';
import { unauthenticated } from '../errors';
import {
  type AgencyBrand,
  type AgencyWorkspace,
  agencyOverview,
} from '../services/agency-overview.service';
import { WorkspaceRoleEnum } from './me';
import { MetricsType } from './metrics';

// The agency view (docs/reports.md, "Agency view"): across workspaces, so it is the signed-in
// person's (scope `user`), never an API key's, and reads only the workspaces they are a member of;
// the request's x-workspace-id plays no part.

const AgencyRangeInput = builder.inputType('AgencyRange', {
  description:
    'Either from–to (each brand’s local days, both ends included) or lastDays (the last n days up to each brand’s own today), as in MetricsFilter.',
  fields: (t) => ({
    from: t.field({ type: 'Date', required: false }),
    to: t.field({ type: 'Date', required: false }),
    lastDays: t.int({ required: false, description: '1–400.' }),
  }),
});

const AgencyBrandType = builder.objectRef<AgencyBrand>('AgencyBrand').implement({
  description: 'One brand of a workspace in the agency view.',
  fields: (t) => ({
    id: t.exposeID('brandId', { description: 'The brand’s id, in its own workspace.' }),
    name: t.exposeString('name'),
    workspaceId: t.exposeID('workspaceId'),
    from: t.field({ type: 'Date', resolve: (b) => b.period.from }),
    to: t.field({ type: 'Date', resolve: (b) => b.period.to }),
    metrics: t.field({
      type: MetricsType,
      description:
        'The brand’s numbers for the range: the same as Brand.metrics with that range and no other filter, change and verdict against the period before.',
      resolve: (b) => b.metrics,
    }),
    openOpportunities: t.exposeInt('openOpportunities', {
      description: 'Opportunities still asking for work (new, planned, in progress).',
    }),
  }),
});

const AgencyWorkspaceType = builder.objectRef<AgencyWorkspace>('AgencyWorkspace').implement({
  description: 'A workspace the signed-in person is a member of, with its brands.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    role: t.field({ type: WorkspaceRoleEnum, resolve: (w) => w.role }),
    personal: t.exposeBoolean('personal'),
    brands: t.field({ type: [AgencyBrandType], resolve: (w) => w.brands }),
  }),
});

builder.queryField('agencyOverview', (t) =>
  t.field({
    type: [AgencyWorkspaceType],
    authScopes: { user: true },
    description:
      'Every workspace the signed-in person is a member of (personal first), each brand with its score, change and open opportunities for the range. A person’s, not an API key’s.',
    args: { range: t.arg({ type: AgencyRangeInput, required: true }) },
    resolve: (_root, { range }, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return agencyOverview(ctx, ctx.user.id, range);
    },
  }),
);
