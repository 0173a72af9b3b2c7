import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Context } from './context';
import { LumenError } from './errors';

export type AuthScopes = {
  /** Anyone, signed in or not (guest quick score, health). */
  public: boolean;
  /** A verified Supabase or local-auth user. */
  user: boolean;
};

export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({ public: true, user: ctx.user !== null }),
    unauthorizedError: (_parent, ctx) =>
      ctx.user === null
        ? new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.')
        : new LumenError('FORBIDDEN', 'You are not allowed to do this.'),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
