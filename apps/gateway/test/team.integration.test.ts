import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { TEAM_ACTIONS } from '@lumen/domain/auth/membership-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { codeOf, type GqlBody, signUp } from './brand-helpers';
import { startInbox, waitFor } from './mail-inbox';
import { sseSubscribe } from './sse';
import { person as newPerson, type Person } from './team-helpers';

// Workspaces, members and invitations: one test per rule (docs/security.md, "Roles").

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

/** A new person signed up on `on` (this test's gateway unless another is given). */
const person = (on = gateway, name = 'team') => newPerson(on, name);

const INVITE = `mutation ($w: ID!, $e: String!, $r: WorkspaceRole!) {
  inviteMember(workspaceId: $w, email: $e, role: $r) { id email role expiresAt acceptUrl } }`;
const ACCEPT = 'mutation ($t: String!) { acceptInvitation(token: $t) { id name role personal } }';
const MEMBERS = `query { currentWorkspace { id name role members { user { id email } role joinedAt }
  invitations { id email role acceptUrl } } }`;

type Invite = {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
  acceptUrl: string | null;
};

async function invite(by: Person, workspace: string, email: string, role = 'MEMBER') {
  const res = await by.gql<{ inviteMember: Invite }>(INVITE, { w: workspace, e: email, r: role });
  expect(res.errors).toBeUndefined();
  return res.data!.inviteMember;
}

const tokenOf = (inv: Invite) => inv.acceptUrl!.split('/').pop()!;

async function teamWorkspace(owner: Person, name = 'Acme marketing'): Promise<string> {
  const res = await owner.gql<{ createWorkspace: { id: string; role: string; personal: boolean } }>(
    'mutation ($n: String!) { createWorkspace(name: $n) { id role personal } }',
    { n: name },
  );
  expect(res.data!.createWorkspace).toMatchObject({ role: 'OWNER', personal: false });
  return res.data!.createWorkspace.id;
}

/** `who` joins `workspace` with `role` through an invitation. */
async function join(owner: Person, workspace: string, who: Person, role = 'MEMBER') {
  const inv = await invite(owner, workspace, who.email, role);
  const res = await who.gql(ACCEPT, { t: tokenOf(inv) });
  expect(res.errors).toBeUndefined();
}

describe('workspaces', () => {
  it('creates a workspace beside the personal one; owners rename it, admins may not', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const list = await owner.gql<{ me: { workspaces: { id: string; personal: boolean }[] } }>(
      '{ me { workspaces { id personal } } }',
    );
    expect(list.data!.me.workspaces.map((x) => x.personal)).toEqual([true, false]);
    const renamed = await owner.gql<{ renameWorkspace: { name: string } }>(
      'mutation ($id: ID!) { renameWorkspace(id: $id, name: "  Acme  ") { name } }',
      { id: w },
    );
    expect(renamed.data!.renameWorkspace.name).toBe('Acme');
    const admin = await person();
    await join(owner, w, admin, 'ADMIN');
    const refused = await admin.gql(
      'mutation ($id: ID!) { renameWorkspace(id: $id, name: "Mine") { name } }',
      { id: w },
    );
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const empty = await owner.gql(
      'mutation ($id: ID!) { renameWorkspace(id: $id, name: " ") { name } }',
      { id: w },
    );
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
  });
});

describe('invitations', () => {
  it('invite: a pending invitation with a 7-day link for the inviter; listed without the link', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const inv = await invite(owner, w, `  ${email.toUpperCase()} `, 'VIEWER');
    expect(inv).toMatchObject({ email, role: 'VIEWER' });
    expect(inv.acceptUrl).toMatch(new RegExp(`^${gateway.url}/invite/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(inv.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only a hash of the token is stored.
    const stored = await gateway.deps.db.execute<{ token_hash: string }>(
      sql`select token_hash from workspace_invitations where id = ${inv.id}`,
    );
    expect(stored[0]!.token_hash).not.toContain(tokenOf(inv));
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await owner.gql<{
      currentWorkspace: { invitations: { email: string; acceptUrl: string | null }[] };
    }>(MEMBERS, {}, w);
    expect(listed.data!.currentWorkspace.invitations).toEqual([
      expect.objectContaining({ email, acceptUrl: null }),
    ]);
    // Twice, or a member: CONFLICT; a bad address: BAD_USER_INPUT.
    expect(codeOf(await owner.gql(INVITE, { w, e: email, r: 'MEMBER' }))).toBe('CONFLICT');
    expect(codeOf(await owner.gql(INVITE, { w, e: owner.email, r: 'MEMBER' }))).toBe('CONFLICT');
    expect(codeOf(await owner.gql(INVITE, { w, e: 'not-an-email', r: 'MEMBER' }))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('accept: the invited, signed-in user joins with the role, the workspace in their list', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner, 'Northwind team');
    const colleague = await person();
    const inv = await invite(owner, w, colleague.email, 'VIEWER');
    const res = await colleague.gql<{ acceptInvitation: { id: string; role: string } }>(ACCEPT, {
      t: tokenOf(inv),
    });
    expect(res.data!.acceptInvitation).toMatchObject({ id: w, role: 'VIEWER' });
    const seen = await colleague.gql<{
      currentWorkspace: { role: string; members: { user: { email: string }; role: string }[] };
    }>(MEMBERS, {}, w);
    expect(seen.data!.currentWorkspace.role).toBe('VIEWER');
    expect(seen.data!.currentWorkspace.members.map((m) => [m.user.email, m.role])).toEqual([
      [owner.email, 'OWNER'],
      [colleague.email, 'VIEWER'],
    ]);
    const mine = await colleague.gql<{ me: { workspaces: { id: string }[] } }>(
      '{ me { workspaces { id } } }',
    );
    expect(mine.data!.me.workspaces.map((x) => x.id)).toContain(w);
    // A viewer sees no links, and another member's workspaces are not theirs to list.
    const peek = await colleague.gql(
      '{ currentWorkspace { members { user { workspaces { id } } } } }',
      {},
      w,
    );
    expect(codeOf(peek)).toBe('FORBIDDEN');
  });

  it('wrong email: refused with INVITATION_EMAIL_MISMATCH, and the invitation still works for its address', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const invited = await person();
    const other = await person();
    const inv = await invite(owner, w, invited.email);
    const wrong = await other.gql(ACCEPT, { t: tokenOf(inv) });
    expect(codeOf(wrong)).toBe('INVITATION_EMAIL_MISMATCH');
    expect(wrong.errors![0]!.message).toMatch(/another email address/);
    expect(codeOf(await other.gql(MEMBERS, {}, w))).toBe('NOT_FOUND');
    expect((await invited.gql(ACCEPT, { t: tokenOf(inv) })).errors).toBeUndefined();
  });

  it('expiry: an invitation past its 7 days is refused with INVITATION_EXPIRED; a resend gives a new link', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const invited = await person();
    const inv = await invite(owner, w, invited.email);
    await gateway.deps.db.execute(
      sql`update workspace_invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`,
    );
    const late = await invited.gql(ACCEPT, { t: tokenOf(inv) });
    expect(codeOf(late)).toBe('INVITATION_EXPIRED');
    expect(late.errors![0]!.message).toMatch(/expired/);
    const resent = await owner.gql<{ resendInvitation: Invite }>(
      'mutation ($id: ID!) { resendInvitation(id: $id) { id email role expiresAt acceptUrl } }',
      { id: inv.id },
      w,
    );
    const fresh = resent.data!.resendInvitation;
    expect(tokenOf(fresh)).not.toBe(tokenOf(inv));
    expect(codeOf(await invited.gql(ACCEPT, { t: tokenOf(inv) }))).toBe('NOT_FOUND');
    expect((await invited.gql(ACCEPT, { t: tokenOf(fresh) })).errors).toBeUndefined();
  });

  it('reuse and revoke: a used link answers INVITATION_USED, a revoked one INVITATION_REVOKED, an unknown one NOT_FOUND', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const invited = await person();
    const inv = await invite(owner, w, invited.email);
    expect((await invited.gql(ACCEPT, { t: tokenOf(inv) })).errors).toBeUndefined();
    expect(codeOf(await invited.gql(ACCEPT, { t: tokenOf(inv) }))).toBe('INVITATION_USED');

    const later = await person();
    const second = await invite(owner, w, later.email);
    const revoked = await owner.gql<{ revokeInvitation: string }>(
      'mutation ($id: ID!) { revokeInvitation(id: $id) }',
      { id: second.id },
      w,
    );
    expect(revoked.data!.revokeInvitation).toBe(second.id);
    const refused = await later.gql(ACCEPT, { t: tokenOf(second) });
    expect(codeOf(refused)).toBe('INVITATION_REVOKED');
    expect(codeOf(await later.gql(ACCEPT, { t: 'x'.repeat(43) }))).toBe('NOT_FOUND');
  });

  it('a new user signs up with the invited address and accepts', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const email = `later-${randomUUID().slice(0, 8)}@example.com`;
    const inv = await invite(owner, w, email, 'MEMBER');
    const token = await signUp(gateway, email);
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: ACCEPT, variables: { t: tokenOf(inv) } }),
    });
    const body = (await res.json()) as GqlBody<{ acceptInvitation: { role: string } }>;
    expect(body.data!.acceptInvitation.role).toBe('MEMBER');
  });

  it('seats: members plus pending invitations count against the plan, with the limit in the message', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    await gateway.deps.db.execute(sql`update workspaces set plan = 'free' where id = ${w}`);
    const limits = await owner.gql<{ planLimits: { seats: number } }>(
      '{ planLimits { seats } }',
      {},
      w,
    );
    const seats = limits.data!.planLimits.seats;
    for (let i = 1; i < seats; i++) await invite(owner, w, `seat-${i}-${randomUUID()}@example.com`);
    const over = await owner.gql(INVITE, { w, e: `over-${randomUUID()}@example.com`, r: 'MEMBER' });
    expect(codeOf(over)).toBe('QUOTA_EXCEEDED');
    expect(over.errors![0]!.message).toContain(`${seats} seats`);
  });

  it('mails the link when SMTP is set, and then shows it to nobody', async () => {
    const smtp = await startInbox();
    const env = loadEnv({
      ...process.env,
      PORT: '0',
      NODE_ENV: 'test',
      SUPABASE_URL: '',
      SMTP_URL: smtp.url,
      // Sign-ups are confirmed at once here: the invitation mail is what this test reads.
      AUTH_AUTOCONFIRM: 'true',
    });
    const mailing = await startGateway(env, { webDist: null });
    try {
      const owner = await person(mailing);
      const w = await teamWorkspace(owner);
      const email = `mailed-${randomUUID().slice(0, 8)}@example.com`;
      const inv = await invite(owner, w, email);
      expect(inv.acceptUrl).toBeNull();
      const mail = await waitFor(() => smtp.mailsTo(email)[0], 'the invitation mail');
      const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
      expect(link).toBeDefined();
      const token = await signUp(mailing, email);
      const res = await fetch(`${mailing.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: ACCEPT, variables: { t: link!.split('/').pop() } }),
      });
      expect(((await res.json()) as GqlBody).errors).toBeUndefined();
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('members', () => {
  it('role change: owners and admins change roles; members and viewers may not; admins make no owner', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const admin = await person();
    const member = await person();
    await join(owner, w, admin, 'ADMIN');
    await join(owner, w, member, 'VIEWER');
    const SET = `mutation ($w: ID!, $u: ID!, $r: WorkspaceRole!) {
      setMemberRole(workspaceId: $w, userId: $u, role: $r) { user { id } role } }`;
    const up = await admin.gql<{ setMemberRole: { role: string } }>(SET, {
      w,
      u: member.id,
      r: 'MEMBER',
    });
    expect(up.data!.setMemberRole.role).toBe('MEMBER');
    expect(codeOf(await member.gql(SET, { w, u: admin.id, r: 'VIEWER' }))).toBe('FORBIDDEN');
    expect(codeOf(await member.gql(SET, { w, u: member.id, r: 'ADMIN' }))).toBe('FORBIDDEN');
    expect(codeOf(await admin.gql(SET, { w, u: member.id, r: 'OWNER' }))).toBe('FORBIDDEN');
    expect(codeOf(await admin.gql(SET, { w, u: owner.id, r: 'VIEWER' }))).toBe('FORBIDDEN');
    // The new role holds on the very next request.
    const role = await member.gql<{ currentWorkspace: { role: string } }>(
      '{ currentWorkspace { role } }',
      {},
      w,
    );
    expect(role.data!.currentWorkspace.role).toBe('MEMBER');
  });

  it('last owner: can neither leave nor be demoted (LAST_OWNER); nobody leaves their personal workspace', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const leave = await owner.gql('mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }', { w });
    expect(codeOf(leave)).toBe('LAST_OWNER');
    expect(leave.errors![0]!.message).toMatch(/last owner/);
    const demote = await owner.gql(
      'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: ADMIN) { role } }',
      { w, u: owner.id },
    );
    expect(codeOf(demote)).toBe('LAST_OWNER');
    const personal = await owner.gql('mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }', {
      w: owner.personal,
    });
    expect(codeOf(personal)).toBe('PERSONAL_WORKSPACE');
  });

  it('transfer: an owner makes another member owner, then may step down or leave', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const next = await person();
    await join(owner, w, next, 'ADMIN');
    const made = await owner.gql<{ setMemberRole: { role: string } }>(
      'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: OWNER) { role } }',
      { w, u: next.id },
    );
    expect(made.data!.setMemberRole.role).toBe('OWNER');
    const left = await owner.gql<{ leaveWorkspace: string }>(
      'mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }',
      { w },
    );
    expect(left.data!.leaveWorkspace).toBe(w);
    expect(codeOf(await owner.gql(MEMBERS, {}, w))).toBe('NOT_FOUND');
    // Now the last owner, the new one cannot leave either.
    const stuck = await next.gql('mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }', { w });
    expect(codeOf(stuck)).toBe('LAST_OWNER');
  });

  it('removal: the next request is NOT_FOUND and an open subscription ends at once', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const member = await person();
    await join(owner, w, member, 'MEMBER');
    expect(codeOf(await member.gql(MEMBERS, {}, w))).toBeUndefined();
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { opportunityCounts { status count } }',
      {},
      controller.signal,
      { authorization: `Bearer ${member.token}`, 'x-workspace-id': w },
    );
    const first = await frames.next();
    expect(first.value?.errors).toBeUndefined();
    const removed = await owner.gql<{ removeMember: string }>(
      'mutation ($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }',
      { w, u: member.id },
    );
    expect(removed.data!.removeMember).toBe(member.id);
    // No event of the workspace is needed: the membership change itself ends the stream.
    const ended = await frames.next();
    expect(ended.done || ended.value?.errors?.[0]?.extensions?.code === 'NOT_FOUND').toBe(true);
    if (!ended.done) expect((await frames.next()).done).toBe(true);
    controller.abort();
    expect(codeOf(await member.gql(MEMBERS, {}, w))).toBe('NOT_FOUND');
    // A member and a viewer cannot remove anyone.
    const viewer = await person();
    await join(owner, w, viewer, 'VIEWER');
    const REMOVE = 'mutation ($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }';
    expect(codeOf(await viewer.gql(REMOVE, { w, u: owner.id }))).toBe('FORBIDDEN');
  });
});

describe('role walk: every team action as every role', () => {
  it('allows exactly the roles of the table', async () => {
    const owner = await person();
    const w = await teamWorkspace(owner);
    const outcomes: Record<string, Record<string, boolean>> = {};
    for (const role of ['ADMIN', 'MEMBER', 'VIEWER', 'OWNER'] as const) {
      const actor = await person();
      await join(owner, w, actor, role);
      const target = await person();
      await join(owner, w, target, 'VIEWER');
      const pending = await invite(owner, w, `pending-${randomUUID()}@example.com`);
      const ask = async (query: string, variables: Record<string, unknown>) =>
        codeOf(await actor.gql(query, variables, w)) !== 'FORBIDDEN';
      outcomes[role.toLowerCase()] = {
        readMembers: await ask(MEMBERS, {}),
        invite: await ask(INVITE, { w, e: `x-${randomUUID()}@example.com`, r: 'VIEWER' }),
        revokeInvitation: await ask('mutation ($id: ID!) { revokeInvitation(id: $id) }', {
          id: pending.id,
        }),
        changeRole: await ask(
          'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: MEMBER) { role } }',
          { w, u: target.id },
        ),
        grantOwner: await ask(
          'mutation ($w: ID!, $u: ID!) { setMemberRole(workspaceId: $w, userId: $u, role: OWNER) { role } }',
          { w, u: target.id },
        ),
        removeMember: await ask(
          'mutation ($w: ID!, $u: ID!) { removeMember(workspaceId: $w, userId: $u) }',
          { w, u: target.id },
        ),
        renameWorkspace: await ask(
          'mutation ($w: ID!) { renameWorkspace(id: $w, name: "Renamed") { id } }',
          { w },
        ),
        manageApiKeys: await ask('{ apiKeys { id } }', {}),
        manageNotifications: await ask('{ webhooks { id } slackChannels { id } }', {}),
        exportWorkspace: await fetch(`${gateway.url}/export/workspace.zip`, {
          headers: { authorization: `Bearer ${actor.token}`, 'x-workspace-id': w },
        }).then(async (r) => {
          await r.body?.cancel();
          return r.status !== 403;
        }),
        // An invalid hour: a role that may set them hears BAD_USER_INPUT and nothing changes.
        setBrandDefaults: await ask(
          `mutation ($w: ID!) { setBrandDefaults(workspaceId: $w, input: { engines: [], samples: 1,
             cadence: WEEKLY, hour: 99, weekday: 1, timezone: "UTC", language: "en" }) { id } }`,
          { w },
        ),
        // A negative budget: a role that may set it hears BAD_USER_INPUT and nothing changes.
        setBudget: await ask(
          'mutation ($w: ID!) { setMonthlyBudget(workspaceId: $w, usd: -1) { id } }',
          { w },
        ),
        // A wrong confirmation: a role that may delete hears BAD_USER_INPUT and nothing goes.
        deleteWorkspace: await ask(
          'mutation ($w: ID!) { deleteWorkspace(id: $w, confirmation: "not the name") }',
          { w },
        ),
        leave: await ask('mutation ($w: ID!) { leaveWorkspace(workspaceId: $w) }', { w }),
      };
    }
    const expected = Object.fromEntries(
      ['admin', 'member', 'viewer', 'owner'].map((role) => [
        role,
        Object.fromEntries(
          Object.entries(TEAM_ACTIONS).map(([action, roles]) => [
            action,
            (roles as readonly string[]).includes(role),
          ]),
        ),
      ]),
    );
    expect(outcomes).toEqual(expected);
  });
});
