import {
  findConnection,
  listConnections,
} from '@lumen/db/repositories/engine-connection.repository';
import {
  CONNECTION_SOURCES,
  CONNECTION_STATUSES,
  ENGINE_KIND_SPECS,
  ENGINE_KINDS,
  type EngineConnection,
  serverConnections,
} from '@lumen/domain/engines/engine-connection';
import { builder } from '../builder';
import { limitPerUser } from '../http/user-limits';
import { activityExtension } from '../services/activity.service';
import {
  connectEngine,
  removeEngineConnection,
  testEngineConnection,
  updateEngineConnection,
} from '../services/engine-connections.service';
import { findOwned } from '../workspace-scope';

// Engine connections of a workspace (docs/engines.md, "Connections"). Everyone in the workspace
// sees which engines answer (`member`); owners and admins manage them (`owner`). The key goes in
// once and never comes back: `keyHint` is its last 4 characters.

const EngineKindEnum = builder.enumType('EngineKind', { values: ENGINE_KINDS });
export const ConnectionStatusEnum = builder.enumType('ConnectionStatus', {
  values: CONNECTION_STATUSES,
  description:
    'CONNECTED: the last test call worked. FAILING: it did not; see lastError. UNTESTED: not tested since the key or address changed.',
});
export const ConnectionSourceEnum = builder.enumType('ConnectionSource', {
  values: CONNECTION_SOURCES,
  description:
    'WORKSPACE: entered in this workspace. SERVER: set by the operator ("from the server").',
});

const EngineConnectionType = builder.objectRef<EngineConnection>('EngineConnection').implement({
  description: 'A key for an answer engine. The key itself is never returned.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: EngineKindEnum, resolve: (c) => c.kind }),
    label: t.exposeString('label'),
    baseUrl: t.exposeString('baseUrl', { nullable: true }),
    model: t.exposeString('model', { nullable: true }),
    keyHint: t.exposeString('keyHint', {
      nullable: true,
      description: 'The last 4 characters of the key.',
    }),
    status: t.field({ type: ConnectionStatusEnum, resolve: (c) => c.status }),
    lastError: t.exposeString('lastError', { nullable: true }),
    source: t.field({ type: ConnectionSourceEnum, resolve: (c) => c.source }),
    availableModels: t.exposeStringList('models', {
      description: 'The models the provider listed at the last successful test.',
    }),
    collectsAnswers: t.boolean({
      description:
        'False for kinds that can be connected and tested but whose answers Lumen does not collect yet.',
      resolve: (c) => ENGINE_KIND_SPECS[c.kind].engineId !== null,
    }),
  }),
});

const EngineConnectionInput = builder.inputType('EngineConnectionInput', {
  fields: (t) => ({
    kind: t.field({ type: EngineKindEnum, required: true }),
    apiKey: t.string({
      description: 'Write-only; stored encrypted. On update, omit to keep the stored key.',
    }),
    label: t.string(),
    baseUrl: t.string({
      description: 'Defaults to the provider’s API. Changing it needs apiKey again.',
    }),
    model: t.string(),
  }),
});

builder.queryField('engineConnections', (t) =>
  t.field({
    type: [EngineConnectionType],
    authScopes: { member: true },
    description: 'The workspace’s connections, then the server’s ("from the server").',
    resolve: async (_root, _args, ctx) => [
      ...(await listConnections(ctx.deps.db, (await ctx.workspace()).id)),
      ...serverConnections(ctx.deps.env as unknown as Record<string, string | undefined>),
    ],
  }),
);

builder.mutationField('connectEngine', (t) =>
  t.field({
    type: EngineConnectionType,
    authScopes: { owner: true },
    description: 'Stores the connection UNTESTED; testEngineConnection checks it.',
    args: { input: t.arg({ type: EngineConnectionInput, required: true }) },
    extensions: activityExtension('engine_connection.connected'),
    resolve: async (_root, { input }, ctx) => {
      const workspaceId = (await ctx.workspace()).id;
      await limitPerUser(ctx, 'engineConnection');
      return connectEngine(ctx.deps, workspaceId, await ctx.acting(), input);
    },
  }),
);

builder.mutationField('updateEngineConnection', (t) =>
  t.field({
    type: EngineConnectionType,
    authScopes: { owner: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: EngineConnectionInput, required: true }),
    },
    extensions: activityExtension('engine_connection.updated'),
    resolve: async (_root, { id, input }, ctx) => {
      const stored = await findOwned(ctx, 'Engine connection', id, findConnection);
      await limitPerUser(ctx, 'engineConnection');
      return updateEngineConnection(ctx.deps, await ctx.acting(), stored, input);
    },
  }),
);

builder.mutationField('testEngineConnection', (t) =>
  t.field({
    type: EngineConnectionType,
    authScopes: { owner: true },
    description: 'The cheapest real call; comes back CONNECTED or FAILING with lastError.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('engine_connection.tested'),
    resolve: async (_root, { id }, ctx) => {
      const stored = await findOwned(ctx, 'Engine connection', id, findConnection);
      await limitPerUser(ctx, 'engineConnection');
      return testEngineConnection(
        ctx.deps,
        stored.workspaceId ?? '',
        await ctx.acting(),
        stored.id,
      );
    },
  }),
);

builder.mutationField('removeEngineConnection', (t) =>
  t.field({
    type: 'ID',
    authScopes: { owner: true },
    description: 'Forgets the connection and its key; the server’s key (if any) answers again.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('engine_connection.removed'),
    resolve: async (_root, { id }, ctx) => {
      const stored = await findOwned(ctx, 'Engine connection', id, findConnection);
      return removeEngineConnection(ctx.deps, stored.workspaceId ?? '', await ctx.acting(), stored);
    },
  }),
);
