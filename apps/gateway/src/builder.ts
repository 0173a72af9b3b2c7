import { roleAllows, type WorkspaceAbility } from '@lumen/domain/auth/workspace-roles';
import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Context } from './context';
import { LumenError } from './errors';

/**
 * Every root field declares one of these (the schema test enforces it). The three workspace
 * scopes are abilities in the workspace the request acts in; `roleAllows` maps the stored roles
 * onto them (docs/architecture.md, "Authorization").
 */
export type AuthScopes = {
  /** Anyone, signed in or not (guest quick score, health). */
  public: boolean;
  /**
   * A verified Supabase or local-auth user, whatever their workspace role. Not an API key: a key
   * acts in its workspace, and a person's own fields (me, createWorkspace) are not its to ask.
   */
  user: boolean;
  /**
   * A person's own settings in the current workspace (their email preferences): every role, but
   * a person, never an API key (a key acts for the workspace and has no mailbox).
   */
  person: boolean;
  /** May read the current workspace: every role (viewer included). */
  member: boolean;
  /** May change the current workspace's data: owner, admin, member. */
  editor: boolean;
  /** May change the current workspace's settings: owner, admin. */
  owner: boolean;
};

type ScopeLoaders = {
  [K in keyof AuthScopes]: boolean | (() => Promise<boolean>);
};

/**
 * The scopes of one request. Workspace scopes are looked up on first use, so a public field
 * never resolves the workspace; a requested workspace the user is not in makes ctx.workspace()
 * throw NOT_FOUND, which propagates as it is.
 */
export function authScopesFor(ctx: Context): ScopeLoaders {
  const can = (ability: WorkspaceAbility) => async () =>
    ctx.user !== null && roleAllows((await ctx.workspace()).role, ability);
  return {
    public: true,
    user: ctx.user !== null && !ctx.user.apiKey,
    person: async () => ctx.user !== null && !ctx.user.apiKey && (await can('member')()),
    member: can('member'),
    editor: can('editor'),
    owner: can('owner'),
  };
}

export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: string };
  };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: authScopesFor,
    unauthorizedError: (_parent, ctx, info) => {
      if (ctx.user === null)
        return new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
      const scopes = info.parentType.getFields()[info.fieldName]?.extensions?.pothosOptions as
        | { authScopes?: Partial<AuthScopes> }
        | undefined;
      if (ctx.user.apiKey && (scopes?.authScopes?.user || scopes?.authScopes?.person))
        return new LumenError(
          'FORBIDDEN',
          'An API key acts for its workspace, not for a person: sign in to do this.',
        );
      return new LumenError('FORBIDDEN', 'Your role in this workspace does not allow this.');
    },
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
