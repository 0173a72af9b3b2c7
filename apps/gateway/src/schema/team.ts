import {
  listMembers,
  listPendingInvitations,
  type MemberRow,
} from '@lumen/db/repositories/team.repository';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { builder } from '../builder';
import { unauthenticated } from '../errors';
import { activityExtension } from '../services/activity.service';
import {
  acceptInvitation,
  accessTo,
  changeMembership,
  createWorkspace,
  type InvitationView,
  invitationLink,
  inviteMember,
  renameWorkspaceAs,
  resendInvitationAs,
  revokeInvitationAs,
  workspaceView,
} from '../services/team.service';
import { UserType, WorkspaceRoleEnum, WorkspaceType } from './me';

// Workspaces, members and invitations (docs/security.md, "Roles"). Fields that name a workspace
// by argument declare the `member` scope (a signed-in person acting somewhere) and check the
// caller's role in THAT workspace in team.service.ts: a workspace they are not in is NOT_FOUND,
// like a missing one. Invitation ids (revoke, resend) are looked up in the current workspace.

const MemberType = builder.objectRef<MemberRow>('Member').implement({
  description: 'A person in a workspace, with their role.',
  fields: (t) => ({
    user: t.field({
      type: UserType,
      resolve: (m) => ({
        id: m.userId,
        email: m.email,
        displayName: m.displayName,
        createdAt: m.userCreatedAt,
      }),
    }),
    role: t.field({ type: WorkspaceRoleEnum, resolve: (m) => m.role }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
  }),
});

const InvitationType = builder.objectRef<InvitationView>('Invitation').implement({
  description: 'A pending invitation: single use, valid 7 days.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.field({ type: WorkspaceRoleEnum, resolve: (i) => i.role }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    acceptUrl: t.string({
      nullable: true,
      description:
        'The link to pass on, only right after inviteMember or resendInvitation, only to owners and admins, and only when no SMTP is configured (otherwise it was mailed). Lumen keeps only a hash of its token, so a listed invitation has none: resend it for a new link.',
      resolve: async (i, _args, ctx) => {
        if (!i.token || ctx.deps.mailer.kind === 'smtp' || !ctx.user) return null;
        const access = await accessTo(ctx.deps, ctx.user, i.workspaceId).catch(() => null);
        if (!access || !teamAllows(access.role, 'invite')) return null;
        return invitationLink(ctx.deps, i.token);
      },
    }),
  }),
});

builder.objectFields(WorkspaceType, (t) => ({
  members: t.field({
    type: [MemberType],
    description: 'Everyone in the workspace, oldest first.',
    resolve: (w, _args, ctx) => listMembers(ctx.deps.db, w.id),
  }),
  invitations: t.field({
    type: [InvitationType],
    description: 'Invitations not yet accepted, revoked or expired.',
    resolve: async (w, _args, ctx) =>
      (await listPendingInvitations(ctx.deps.db, w.id, new Date())).map((i) => ({
        ...i,
        token: null,
      })),
  }),
}));

builder.queryField('currentWorkspace', (t) =>
  t.field({
    type: WorkspaceType,
    description: 'The workspace this request acts in (`x-workspace-id`, else the personal one).',
    authScopes: { member: true },
    resolve: async (_root, _args, ctx) => {
      if (!ctx.user) throw unauthenticated();
      const access = await ctx.workspace();
      return workspaceView(ctx.deps, access.id, access.role, ctx.user.id);
    },
  }),
);

function signedIn(ctx: { user: import('../context').AuthUser | null }) {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

builder.mutationFields((t) => ({
  createWorkspace: t.field({
    type: WorkspaceType,
    description: 'A new workspace with the caller as its owner.',
    authScopes: { member: true },
    args: { name: t.arg.string({ required: true }) },
    extensions: activityExtension('workspace.created'),
    resolve: async (_root, args, ctx) =>
      createWorkspace(ctx.deps, signedIn(ctx), await ctx.acting(), args.name),
  }),
  renameWorkspace: t.field({
    type: WorkspaceType,
    description: 'Owners only.',
    authScopes: { member: true },
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    extensions: activityExtension('workspace.renamed'),
    resolve: async (_root, args, ctx) =>
      renameWorkspaceAs(ctx.deps, signedIn(ctx), await ctx.acting(), String(args.id), args.name),
  }),
  inviteMember: t.field({
    type: InvitationType,
    description:
      'Owners and admins (an OWNER invitation: owners). Counts against the plan’s seats; mailed when SMTP is configured.',
    authScopes: { member: true },
    args: {
      workspaceId: t.arg.id({ required: true }),
      email: t.arg.string({ required: true }),
      role: t.arg({ type: WorkspaceRoleEnum, required: true }),
    },
    extensions: activityExtension('invitation.created'),
    resolve: async (_root, args, ctx) =>
      inviteMember(ctx.deps, signedIn(ctx), await ctx.acting(), {
        workspaceId: String(args.workspaceId),
        email: args.email,
        role: args.role,
      }),
  }),
  revokeInvitation: t.field({
    type: 'ID',
    description: 'An invitation of the current workspace; its link stops working.',
    authScopes: { owner: true },
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('invitation.revoked'),
    resolve: async (_root, args, ctx) =>
      revokeInvitationAs(ctx.deps, await ctx.workspace(), await ctx.acting(), String(args.id)),
  }),
  resendInvitation: t.field({
    type: InvitationType,
    description:
      'A new link for an invitation of the current workspace, valid 7 days; the old link stops working.',
    authScopes: { owner: true },
    args: { id: t.arg.id({ required: true }) },
    extensions: activityExtension('invitation.resent'),
    resolve: async (_root, args, ctx) =>
      resendInvitationAs(ctx.deps, await ctx.workspace(), await ctx.acting(), String(args.id)),
  }),
  acceptInvitation: t.field({
    type: WorkspaceType,
    description: 'Joins the workspace when the signed-in email is the invited one.',
    authScopes: { member: true },
    args: { token: t.arg.string({ required: true }) },
    extensions: activityExtension('member.joined'),
    resolve: async (_root, args, ctx) =>
      acceptInvitation(ctx.deps, signedIn(ctx), await ctx.acting(), args.token),
  }),
  setMemberRole: t.field({
    type: MemberType,
    description: 'Owners and admins; only an owner makes an owner (a transfer).',
    authScopes: { member: true },
    args: {
      workspaceId: t.arg.id({ required: true }),
      userId: t.arg.id({ required: true }),
      role: t.arg({ type: WorkspaceRoleEnum, required: true }),
    },
    extensions: activityExtension('member.role_changed'),
    resolve: async (_root, args, ctx) => {
      const member = await changeMembership(ctx.deps, signedIn(ctx), await ctx.acting(), {
        workspaceId: String(args.workspaceId),
        userId: String(args.userId),
        to: args.role,
      });
      if (!member) throw new Error('a role change returned no member');
      return member;
    },
  }),
  removeMember: t.field({
    type: 'ID',
    description: 'Owners and admins; takes effect on the member’s next request and open streams.',
    authScopes: { member: true },
    args: { workspaceId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    extensions: activityExtension('member.removed'),
    resolve: async (_root, args, ctx) => {
      await changeMembership(ctx.deps, signedIn(ctx), await ctx.acting(), {
        workspaceId: String(args.workspaceId),
        userId: String(args.userId),
        to: null,
      });
      return String(args.userId);
    },
  }),
  leaveWorkspace: t.field({
    type: 'ID',
    description: 'Any member but the last owner, and nobody from their own personal workspace.',
    authScopes: { member: true },
    args: { workspaceId: t.arg.id({ required: true }) },
    extensions: activityExtension('member.left'),
    resolve: async (_root, args, ctx) => {
      const user = signedIn(ctx);
      await changeMembership(ctx.deps, user, await ctx.acting(), {
        workspaceId: String(args.workspaceId),
        userId: user.id,
        to: null,
      });
      return String(args.workspaceId);
    },
  }),
}));
