import { teamAllows } from '@lumen/domain/auth/membership-rules';
import type { WorkspaceRole as DomainRole } from '@lumen/domain/auth/workspace-roles';
import type { WorkspaceRole } from '@lumen/schema/generated/graphql';

// What the settings page says about each role: the table of docs/security.md ("Roles"), in
// words. The gateway enforces it (packages/domain/src/auth/membership-rules.ts).

export const ROLE_OPTIONS: readonly { value: WorkspaceRole; label: string; can: string }[] = [
  {
    value: 'OWNER',
    label: 'Owner',
    can: 'Everything, including renaming or deleting the workspace and making other owners.',
  },
  {
    value: 'ADMIN',
    label: 'Admin',
    can: 'Everything a member can, plus WordPress sites, engine keys, API keys, invitations, roles, removing people and the full export.',
  },
  {
    value: 'MEMBER',
    label: 'Member',
    can: 'Creates and edits brands, prompts and drafts; starts runs; publishes.',
  },
  { value: 'VIEWER', label: 'Viewer', can: 'Reads everything, changes nothing.' },
];

export const roleLabel = (role: string) =>
  ROLE_OPTIONS.find((r) => r.value === role)?.label ?? role.toLowerCase();

/** The API's role (OWNER) as the domain spells it (owner), to read the domain's rule tables. */
export const domainRole = (role: string) => role.toLowerCase() as DomainRole;

/** Owners and admins manage people; only owners make owners (the domain's team rules). */
export function manageableRoles(actor: string): readonly { value: WorkspaceRole; label: string }[] {
  const role = domainRole(actor);
  if (!teamAllows(role, 'changeRole')) return [];
  return ROLE_OPTIONS.filter((r) => r.value !== 'OWNER' || teamAllows(role, 'grantOwner'));
}
