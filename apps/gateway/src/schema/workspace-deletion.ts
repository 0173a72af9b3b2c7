import { builder } from '../builder';
import { unauthenticated } from '../errors';
import { deleteWorkspaceAs } from '../services/workspace-deletion.service';

// Deleting a workspace (docs/security.md, "Exporting and deleting a workspace"). Names the
// workspace by argument like renameWorkspace: the caller's role is checked in THAT workspace.

builder.mutationField('deleteWorkspace', (t) =>
  t.id({
    description:
      'Owners only; not a personal workspace. `confirmation` is the workspace’s name. Closes it for everyone at once (members, invitations, API keys) and removes its rows in a job; posts on WordPress stay. Returns the workspace id.',
    authScopes: { member: true },
    args: {
      id: t.arg.id({ required: true }),
      confirmation: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      if (!ctx.user) throw unauthenticated();
      return deleteWorkspaceAs(ctx.deps, ctx.user, String(args.id), args.confirmation);
    },
  }),
);
