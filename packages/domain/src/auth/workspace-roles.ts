/**
 * Workspace roles (stored on the membership) and what each may do through the API. The API checks
 * three abilities, not four roles, so a resolver says what it needs ("editor") and the mapping
 * lives here once (docs/architecture.md, "Authorization").
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** `member`: read the workspace; `editor`: change its data; `owner`: change its settings. */
export type WorkspaceAbility = 'member' | 'editor' | 'owner';

const ABILITIES: Readonly<Record<WorkspaceRole, readonly WorkspaceAbility[]>> = {
  owner: ['member', 'editor', 'owner'],
  // Admins run the workspace for its owner: settings included.
  admin: ['member', 'editor', 'owner'],
  member: ['member', 'editor'],
  viewer: ['member'],
};

export function roleAllows(role: WorkspaceRole, ability: WorkspaceAbility): boolean {
  return ABILITIES[role].includes(ability);
}
