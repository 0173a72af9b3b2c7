import { type ApiKey, listApiKeys } from '@lumen/db/repositories/api-key.repository';
import { builder } from '../builder';
import { activityExtension } from '../services/activity.service';
import { createApiKey, revokeApiKey } from '../services/api-keys.service';
import { WorkspaceRoleEnum } from './me';

// Workspace API keys (docs/api.md, "Authentication"). Owners and admins manage them (`owner`
// scope, the `manageApiKeys` row of packages/domain/src/auth/membership-rules.ts).

const ApiKeyType = builder.objectRef<ApiKey>('ApiKey').implement({
  description:
    'A workspace API key. The secret is shown once, by createApiKey; this is what stays visible.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    role: t.field({
      type: WorkspaceRoleEnum,
      description: 'The key acts as a member with this role (never OWNER).',
      resolve: (k) => k.role,
    }),
    prefix: t.exposeString('prefix', {
      description: 'The first characters of the secret (lumen_sk_ and 8 more), to recognise it.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Noted at most once a minute.',
    }),
    lastUsedAddress: t.exposeString('lastUsedAddress', {
      nullable: true,
      description: 'The client address of that last use.',
    }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const ApiKeyWithSecretType = builder
  .objectRef<{ apiKey: ApiKey; secret: string }>('ApiKeyWithSecret')
  .implement({
    description: 'A new key and its secret: the only time the secret is returned.',
    fields: (t) => ({
      apiKey: t.field({ type: ApiKeyType, resolve: (k) => k.apiKey }),
      secret: t.exposeString('secret', {
        description: 'lumen_sk_… Send it as `Authorization: Bearer <secret>`.',
      }),
    }),
  });

const ApiKeyInput = builder.inputType('ApiKeyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    role: t.field({
      type: WorkspaceRoleEnum,
      required: true,
      description: 'VIEWER, MEMBER or ADMIN.',
    }),
    expiresAt: t.field({ type: 'DateTime', description: 'Unset: the key never expires.' }),
  }),
});

builder.queryField('apiKeys', (t) =>
  t.field({
    type: [ApiKeyType],
    authScopes: { owner: true },
    description: 'The workspace’s API keys, newest first, revoked ones included.',
    resolve: async (_root, _args, ctx) => listApiKeys(ctx.deps.db, (await ctx.workspace()).id),
  }),
);

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: ApiKeyWithSecretType,
    authScopes: { owner: true },
    description: 'A new key; its secret is in this answer and never again.',
    args: { input: t.arg({ type: ApiKeyInput, required: true }) },
    extensions: activityExtension('api_key.created'),
    resolve: async (_root, { input }, ctx) => {
      const workspace = await ctx.workspace();
      return createApiKey(
        ctx.deps,
        { workspaceId: workspace.id, createdBy: ctx.user?.id ?? '', acting: await ctx.acting() },
        input,
      );
    },
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.field({
    type: ApiKeyType,
    authScopes: { owner: true },
    description:
      'Refuses the key from the next request on (UNAUTHENTICATED). Revoking twice keeps the first time.',
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('api_key.revoked'),
    resolve: async (_root, { id }, ctx) =>
      revokeApiKey(ctx.deps, (await ctx.workspace()).id, await ctx.acting(), String(id)),
  }),
);
