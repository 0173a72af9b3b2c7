import { findProfile } from '@lumen/db/repositories/profile.repository';
import {
  listWorkspacesForUser,
  type MemberWorkspace,
} from '@lumen/db/repositories/workspace.repository';
import { builder } from '../builder';
import { LumenError, unauthenticated } from '../errors';
import { planName } from '../services/plan-name';

export type Me = { id: string; email: string; displayName: string | null; createdAt: Date };

export const WorkspaceRoleEnum = builder.enumType('WorkspaceRole', {
  values: {
    OWNER: { value: 'owner' },
    ADMIN: { value: 'admin' },
    MEMBER: { value: 'member' },
    VIEWER: { value: 'viewer' },
  } as const,
});

const WorkspacePlan = builder.enumType('WorkspacePlan', {
  values: {
    FREE: { value: 'free' },
    PRO: { value: 'pro' },
    BUSINESS: { value: 'business' },
  } as const,
});

export const WorkspaceType = builder.objectRef<MemberWorkspace>('Workspace').implement({
  description: 'A workspace the signed-in user belongs to; brands and sites live in one.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    role: t.field({
      type: WorkspaceRoleEnum,
      description: "The user's role here.",
      resolve: (w) => w.role,
    }),
    plan: t.field({ type: WorkspacePlan, resolve: (w) => w.plan }),
    planName: t.string({
      nullable: true,
      description:
        'The plan to show people ("Free"); null when this instance sells no plans and none is named.',
      resolve: (w, _args, ctx) => planName(w.plan, ctx.deps.env),
    }),
    personal: t.exposeBoolean('personal', {
      description: "The user's own workspace, created at first sign-in.",
    }),
  }),
});

export const UserType = builder.objectRef<Me>('User').implement({
  description: 'The signed-in person.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', {
      nullable: true,
      description: 'The name shown to the people they work with; null when not set.',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When Lumen first saw this user.',
    }),
    workspaces: t.field({
      type: [WorkspaceType],
      description: 'Only for the signed-in user: another member’s workspaces are theirs to know.',
      resolve: (me, _args, ctx) => {
        if (ctx.user?.id !== me.id) {
          throw new LumenError('FORBIDDEN', 'Only your own workspaces are listed.');
        }
        return listWorkspacesForUser(ctx.deps.db, me.id);
      },
    }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    description: 'The signed-in user and their workspaces.',
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      const user = ctx.user;
      if (!user) throw unauthenticated();
      // Resolving the personal workspace creates profile and workspace on a first sign-in.
      await ctx.deps.resolveWorkspace(user, null);
      const profile = await findProfile(ctx.deps.db, user.id);
      if (!profile) throw unauthenticated();
      // The token carries the current email (it may have changed since the profile was made).
      return {
        id: user.id,
        email: user.email ?? profile.email,
        displayName: profile.displayName,
        createdAt: profile.createdAt,
      };
    },
  }),
);
