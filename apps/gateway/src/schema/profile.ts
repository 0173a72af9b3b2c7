import { builder } from '../builder';
import { unauthenticated } from '../errors';
import { deleteAccount, updateProfile } from '../services/account.service';
import { activityExtension } from '../services/activity.service';
import { UserType } from './me';

// The signed-in person's own account (Settings → Profile). Email, password and "sign out
// everywhere" are Supabase Auth's (supabase-js); what Lumen keeps is here.

const ProfileInput = builder.inputType('ProfileInput', {
  fields: (t) => ({
    displayName: t.string({
      required: false,
      description: 'Up to 80 characters; empty removes it.',
    }),
  }),
});

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: UserType,
    authScopes: { user: true },
    description: 'Changes the signed-in person’s display name.',
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return updateProfile(ctx.deps, ctx.user, input);
    },
  }),
  deleteAccount: t.id({
    authScopes: { user: true },
    description:
      'Deletes the signed-in person’s account, the workspaces only they are in, and their memberships. Needs the account’s email typed as confirmation and a sign-in of the last 10 minutes; refused with LAST_OWNER while a workspace with other people would be left without an owner. Returns the user id.',
    args: { confirmation: t.arg.string({ required: true }) },
    extensions: activityExtension('member.left'),
    resolve: async (_root, { confirmation }, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return deleteAccount(ctx.deps, ctx.user, await ctx.acting(), confirmation);
    },
  }),
}));
