import { describe, expect, it } from 'vitest';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceAbility } from './workspace-roles';

const table: Record<(typeof WORKSPACE_ROLES)[number], Record<WorkspaceAbility, boolean>> = {
  owner: { member: true, editor: true, owner: true },
  admin: { member: true, editor: true, owner: true },
  member: { member: true, editor: true, owner: false },
  viewer: { member: true, editor: false, owner: false },
};

describe('roleAllows', () => {
  for (const role of WORKSPACE_ROLES) {
    for (const [ability, allowed] of Object.entries(table[role])) {
      it(`${role} ${allowed ? 'may' : 'may not'} act as ${ability}`, () => {
        expect(roleAllows(role, ability as WorkspaceAbility)).toBe(allowed);
      });
    }
  }
});
