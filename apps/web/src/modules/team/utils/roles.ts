import type { WorkspaceRole } from '@lumen/schema/generated/graphql';

// What the settings page says about each role: the table of docs/security.md ("Roles"), in
// words. The gateway enforces it (packages/domain/src/auth/membership-rules.ts).

export const ROLE_OPTIONS: readonly { value: WorkspaceRole; label: string; can: string }[] = [
  {
    value: 'OWNER',
    label: 'Owner',
    can: 'Everything, including renaming the workspace and making other owners.',
  },
  {
    value: 'ADMIN',
    label: 'Admin',
    can: 'Everything a member can, plus WordPress sites, invitations, roles and removing people.',
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

/** Owners and admins manage people; only owners make owners. */
export function manageableRoles(actor: string): readonly { value: WorkspaceRole; label: string }[] {
  if (actor === 'OWNER') return ROLE_OPTIONS;
  if (actor === 'ADMIN') return ROLE_OPTIONS.filter((r) => r.value !== 'OWNER');
  return [];
}
