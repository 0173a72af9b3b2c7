import { describe, expect, it } from 'vitest';
import { membershipChangeRefusal, teamAllows } from './membership-rules';
import type { WorkspaceRole } from './workspace-roles';

type Row = [
  string,
  {
    actorRole: WorkspaceRole;
    self: boolean;
    from: WorkspaceRole;
    to: WorkspaceRole | null;
    owners: number;
    targetsPersonal?: boolean;
  },
  string | null,
];

const rows: Row[] = [
  [
    'owner demotes an admin',
    { actorRole: 'owner', self: false, from: 'admin', to: 'viewer', owners: 1 },
    null,
  ],
  [
    'admin promotes a viewer',
    { actorRole: 'admin', self: false, from: 'viewer', to: 'member', owners: 1 },
    null,
  ],
  [
    'admin makes an owner',
    { actorRole: 'admin', self: false, from: 'member', to: 'owner', owners: 1 },
    'FORBIDDEN',
  ],
  [
    'admin removes an owner',
    { actorRole: 'admin', self: false, from: 'owner', to: null, owners: 2 },
    'FORBIDDEN',
  ],
  [
    'member changes a role',
    { actorRole: 'member', self: false, from: 'viewer', to: 'member', owners: 1 },
    'FORBIDDEN',
  ],
  [
    'viewer removes someone',
    { actorRole: 'viewer', self: false, from: 'member', to: null, owners: 1 },
    'FORBIDDEN',
  ],
  ['viewer leaves', { actorRole: 'viewer', self: true, from: 'viewer', to: null, owners: 1 }, null],
  [
    'owner transfers (makes another owner)',
    { actorRole: 'owner', self: false, from: 'admin', to: 'owner', owners: 1 },
    null,
  ],
  [
    'last owner leaves',
    { actorRole: 'owner', self: true, from: 'owner', to: null, owners: 1 },
    'LAST_OWNER',
  ],
  [
    'last owner demotes self',
    { actorRole: 'owner', self: true, from: 'owner', to: 'admin', owners: 1 },
    'LAST_OWNER',
  ],
  [
    'one of two owners demotes self',
    { actorRole: 'owner', self: true, from: 'owner', to: 'admin', owners: 2 },
    null,
  ],
  [
    'one of two owners leaves',
    { actorRole: 'owner', self: true, from: 'owner', to: null, owners: 2 },
    null,
  ],
  [
    'anyone leaving their personal workspace',
    { actorRole: 'owner', self: true, from: 'owner', to: null, owners: 2, targetsPersonal: true },
    'PERSONAL_WORKSPACE',
  ],
];

describe('membershipChangeRefusal', () => {
  for (const [name, input, code] of rows) {
    it(`${name}: ${code ?? 'allowed'}`, () => {
      const refusal = membershipChangeRefusal({ targetsPersonal: false, ...input });
      expect(refusal?.code ?? null).toBe(code);
    });
  }
});

describe('teamAllows', () => {
  it('lets owners and admins invite, not members or viewers', () => {
    expect(
      (['owner', 'admin', 'member', 'viewer'] as const).map((r) => teamAllows(r, 'invite')),
    ).toEqual([true, true, false, false]);
  });
  it('lets only owners rename the workspace or make an owner', () => {
    expect(teamAllows('admin', 'renameWorkspace')).toBe(false);
    expect(teamAllows('admin', 'grantOwner')).toBe(false);
    expect(teamAllows('owner', 'grantOwner')).toBe(true);
  });
});
