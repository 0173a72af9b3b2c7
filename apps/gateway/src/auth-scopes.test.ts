import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { TEAM_ACTIONS, type TeamAction } from '@lumen/domain/auth/membership-rules';
import {
  roleAllows,
  WORKSPACE_ROLES,
  type WorkspaceAbility,
  type WorkspaceRole,
} from '@lumen/domain/auth/workspace-roles';
import { describe, expect, it } from 'vitest';
import { operationFor, rootFields, scopeOf } from '../test/root-fields';
import { authScopesFor } from './builder';
import type { Context, GatewayDeps } from './context';
import { createGateway } from './yoga';

const ABILITIES: WorkspaceAbility[] = ['member', 'editor', 'owner'];

function contextAs(role: WorkspaceRole | null): Context {
  return {
    user: role === null ? null : { id: 'u', email: null, role: 'authenticated' },
    workspace: async () => ({ id: 'w', role: role ?? 'viewer' }),
  } as unknown as Context;
}

describe('workspace scopes', () => {
  for (const role of WORKSPACE_ROLES) {
    it(`${role}: ${ABILITIES.filter((a) => roleAllows(role, a)).join(', ')}`, async () => {
      const scopes = authScopesFor(contextAs(role));
      for (const ability of ABILITIES) {
        const check = scopes[ability];
        expect(typeof check === 'function' ? await check() : check).toBe(roleAllows(role, ability));
      }
      expect(scopes.user).toBe(true);
      expect(typeof scopes.person === 'function' ? await scopes.person() : scopes.person).toBe(
        true,
      );
    });
  }

  it('signed out: only public', async () => {
    const scopes = authScopesFor(contextAs(null));
    expect(scopes.public).toBe(true);
    expect(scopes.user).toBe(false);
    for (const ability of [...ABILITIES, 'person'] as const) {
      const check = scopes[ability];
      expect(typeof check === 'function' ? await check() : check).toBe(false);
    }
  });

  it('an API key: its role’s workspace abilities, never a person’s own fields', async () => {
    const ctx = contextAs('admin');
    (ctx.user as { apiKey?: unknown }).apiKey = {
      id: 'k',
      name: 'k',
      workspaceId: 'w',
      role: 'admin',
    };
    const scopes = authScopesFor(ctx);
    for (const ability of ABILITIES) {
      const check = scopes[ability];
      expect(typeof check === 'function' ? await check() : check).toBe(true);
    }
    expect(scopes.user).toBe(false);
    expect(typeof scopes.person === 'function' ? await scopes.person() : scopes.person).toBe(false);
  });
});

// Every guarded query and mutation, asked by each role: refused exactly when the role lacks the
// field's scope. Resolvers that are let through fail later on the missing database; only the
// scope check is under test, so any outcome but FORBIDDEN/UNAUTHENTICATED counts as "let in".
function gatewayAs(role: WorkspaceRole) {
  const logger = createLogger('test');
  // The resolvers let through fail on the missing database; that is expected, not news.
  logger.level = 'silent';
  const deps = {
    env: loadEnv({ NODE_ENV: 'test' }),
    logger,
    verifyToken: async () => ({ id: 'u', email: 'a@b.c', role: 'authenticated' }),
    resolveWorkspace: async () => ({ id: 'w', role }),
  } as unknown as GatewayDeps;
  return createGateway(deps);
}

// Fields that name their workspace by argument check the role there, by the team table
// (membership-rules.ts) on top of their scope. The walk's sample role is the sorted enum's first
// value, ADMIN (an OWNER would need `grantOwner` too: test/team.integration.test.ts).
const TEAM_FIELDS: Record<string, TeamAction[]> = {
  renameWorkspace: ['renameWorkspace'],
  inviteMember: ['invite'],
  setMemberRole: ['changeRole'],
  removeMember: ['removeMember'],
  deleteWorkspace: ['deleteWorkspace'],
  setBrandDefaults: ['setBrandDefaults'],
  setMonthlyBudget: ['setBudget'],
};

const guarded = rootFields().filter(
  (f) => f.root !== 'Subscription' && scopeOf(f.field) !== 'public',
);

describe('root fields enforce their declared scope', () => {
  it('covers the guarded fields', () => {
    const names = guarded.map((f) => f.field.name);
    expect(names).toContain('navigationCounts');
    // Engine connections: everyone sees them, owners and admins manage them.
    expect(names).toEqual(
      expect.arrayContaining([
        'engineConnections',
        'connectEngine',
        'updateEngineConnection',
        'testEngineConnection',
        'removeEngineConnection',
      ]),
    );
    const scopes = Object.fromEntries(guarded.map((f) => [f.field.name, scopeOf(f.field)]));
    expect(scopes.engineConnections).toBe('member');
    for (const name of [
      'connectEngine',
      'updateEngineConnection',
      'testEngineConnection',
      'removeEngineConnection',
    ]) {
      expect(scopes[name]).toBe('owner');
    }
    // Webhooks and Slack channels (docs/webhooks.md): owners and admins only, the list too (a URL may carry a token).
    const webhookFields = [
      'webhooks',
      'createWebhook',
      'updateWebhook',
      'rotateWebhookSecret',
      'deleteWebhook',
      'sendTestEvent',
      'redeliver',
      'slackChannels',
      'createSlackChannel',
      'updateSlackChannel',
      'deleteSlackChannel',
      'sendSlackTest',
    ];
    expect(names).toEqual(expect.arrayContaining(webhookFields));
    for (const name of webhookFields) expect(scopes[name], name).toBe('owner');
    // A person's own email preferences (docs/notifications.md, "Email"): every role, viewers
    // too, but a person: never an API key.
    for (const name of ['notificationPreferences', 'updateNotificationPreferences']) {
      expect(names).toContain(name);
      expect(scopes[name], name).toBe('person');
    }
    // Reports (docs/reports.md): every member reads them, editors make, share and schedule
    // them, owners and admins set the white label.
    const reportScopes = {
      reports: 'member',
      report: 'member',
      reportBranding: 'member',
      createReport: 'editor',
      shareReport: 'editor',
      revokeShare: 'editor',
      scheduleReport: 'editor',
      setReportBranding: 'owner',
    };
    for (const [name, scope] of Object.entries(reportScopes))
      expect(scopes[name], name).toBe(scope);
    // The team fields (docs/security.md, "Roles"): their per-workspace role checks are walked
    // against the real database in test/team.integration.test.ts.
    expect(names).toEqual(
      expect.arrayContaining([
        'currentWorkspace',
        'createWorkspace',
        'renameWorkspace',
        'inviteMember',
        'revokeInvitation',
        'resendInvitation',
        'acceptInvitation',
        'setMemberRole',
        'removeMember',
        'leaveWorkspace',
        'deleteWorkspace',
        'setBrandDefaults',
        'setMonthlyBudget',
      ]),
    );
  });

  for (const role of WORKSPACE_ROLES) {
    it(`as ${role}`, async () => {
      const gateway = gatewayAs(role);
      const outcomes: string[] = [];
      for (const entry of guarded) {
        const res = await gateway.fetch('http://test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
          body: JSON.stringify(operationFor(entry, '00000000-0000-4000-8000-000000000000')),
        });
        const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
        const refused = body.errors?.some((e) =>
          ['FORBIDDEN', 'UNAUTHENTICATED'].includes(e.extensions?.code ?? ''),
        );
        const scope = scopeOf(entry.field);
        const allowed =
          (scope === 'user' ||
            roleAllows(role, (scope === 'person' ? 'member' : scope) as WorkspaceAbility)) &&
          (TEAM_FIELDS[entry.field.name] ?? []).every((a) => TEAM_ACTIONS[a].includes(role));
        if (Boolean(refused) === allowed) outcomes.push(`${entry.root}.${entry.field.name}`);
      }
      expect(outcomes).toEqual([]);
      // One request per root field (about 200), each through the whole Yoga pipeline.
    }, 60_000);
  }
});
