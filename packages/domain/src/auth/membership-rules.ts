import { z } from 'zod';
import type { WorkspaceRole } from './workspace-roles';

/**
 * Who may manage a workspace's people: the role × action table of docs/security.md ("Roles"),
 * kept here once so the gateway, the settings page and the integration role walk read the same
 * rules.
 */
export type TeamAction =
  | 'readMembers'
  | 'invite'
  | 'revokeInvitation'
  | 'changeRole'
  | 'removeMember'
  | 'grantOwner'
  | 'renameWorkspace'
  | 'setBrandDefaults'
  | 'setBudget'
  | 'manageApiKeys'
  | 'exportWorkspace'
  | 'deleteWorkspace'
  | 'manageNotifications'
  | 'leave';

export const TEAM_ACTIONS: Readonly<Record<TeamAction, readonly WorkspaceRole[]>> = {
  readMembers: ['owner', 'admin', 'member', 'viewer'],
  invite: ['owner', 'admin'],
  revokeInvitation: ['owner', 'admin'],
  changeRole: ['owner', 'admin'],
  removeMember: ['owner', 'admin'],
  // Making someone an owner (a transfer, or a second owner) is an owner's decision only.
  grantOwner: ['owner'],
  renameWorkspace: ['owner'],
  // What new brands start with (engines, schedule, country, language).
  setBrandDefaults: ['owner', 'admin'],
  // The monthly budget in US dollars for paid answers (docs/engines.md, "Budget").
  setBudget: ['owner', 'admin'],
  // Workspace API keys (docs/api.md): list, create and revoke.
  manageApiKeys: ['owner', 'admin'],
  // The full export (every table as CSV and JSON) and deleting the workspace with all of it.
  exportWorkspace: ['owner', 'admin'],
  deleteWorkspace: ['owner'],
  // Webhooks and Slack channels (docs/notifications.md).
  manageNotifications: ['owner', 'admin'],
  leave: ['owner', 'admin', 'member', 'viewer'],
};

export function teamAllows(role: WorkspaceRole, action: TeamAction): boolean {
  return TEAM_ACTIONS[action].includes(role);
}

export type MembershipRefusal =
  | { code: 'FORBIDDEN'; message: string }
  | { code: 'LAST_OWNER'; message: string }
  | { code: 'PERSONAL_WORKSPACE'; message: string };

/**
 * Whether `actor` may move `target` from `from` to `to` (`to` null: remove them, or leave when
 * actor and target are the same person). `owners` is the workspace's owner count before the
 * change. Null when allowed.
 */
export function membershipChangeRefusal(input: {
  actorRole: WorkspaceRole;
  self: boolean;
  from: WorkspaceRole;
  to: WorkspaceRole | null;
  owners: number;
  /** The target's own personal workspace: they stay in it (it is where every sign-in lands). */
  targetsPersonal: boolean;
}): MembershipRefusal | null {
  const { actorRole, self, from, to, owners } = input;
  if (to === null && input.targetsPersonal) {
    return {
      code: 'PERSONAL_WORKSPACE',
      message: 'Nobody can leave or be removed from their own personal workspace.',
    };
  }
  if (!self || to !== null) {
    const action = to === null ? 'removeMember' : 'changeRole';
    if (!teamAllows(actorRole, action)) {
      return { code: 'FORBIDDEN', message: 'Only owners and admins manage members.' };
    }
    // An admin neither touches an owner nor makes one.
    if ((from === 'owner' || to === 'owner') && !teamAllows(actorRole, 'grantOwner')) {
      return { code: 'FORBIDDEN', message: 'Only an owner can change an owner or make one.' };
    }
  }
  if (from === 'owner' && to !== 'owner' && owners <= 1) {
    return {
      code: 'LAST_OWNER',
      message:
        to === null
          ? 'The last owner cannot leave or be removed; make someone else an owner first.'
          : 'The last owner cannot be demoted; make someone else an owner first.',
    };
  }
  return null;
}

/** A workspace's name: trimmed, 1 to 80 characters. */
export const WorkspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(80, 'At most 80 characters.');

/** The invited address, compared and stored in lower case. */
export const InvitationEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter an email address.').max(254, 'At most 254 characters.'));
