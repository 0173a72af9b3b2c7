import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningGateway } from '../src/server';
import { type GqlBody, signUp } from './brand-helpers';

// People and workspaces for tests of teams (invite, join, roles), against a running gateway.

export type Person = {
  id: string;
  email: string;
  token: string;
  personal: string;
  /** Asks in `workspace` (x-workspace-id), or in the personal workspace. */
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    workspace?: string,
  ) => Promise<GqlBody<T>>;
};

export async function person(on: RunningGateway, name = 'team'): Promise<Person> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const token = await signUp(on, email);
  const gql = async <T>(query: string, variables = {}, workspace?: string) => {
    const res = await fetch(`${on.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(workspace ? { 'x-workspace-id': workspace } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
  const me = await gql<{ me: { id: string; workspaces: { id: string; personal: boolean }[] } }>(
    '{ me { id workspaces { id personal } } }',
  );
  const personal = me.data!.me.workspaces.find((w) => w.personal)!.id;
  return { id: me.data!.me.id, email, token, personal, gql: gql as Person['gql'] };
}

export async function teamWorkspace(owner: Person, name = 'Acme marketing'): Promise<string> {
  const res = await owner.gql<{ createWorkspace: { id: string } }>(
    'mutation ($n: String!) { createWorkspace(name: $n) { id } }',
    { n: name },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createWorkspace.id;
}

/** `who` joins `workspace` with `role` through an invitation from `owner`. */
export async function join(owner: Person, workspace: string, who: Person, role = 'MEMBER') {
  const invited = await owner.gql<{ inviteMember: { acceptUrl: string } }>(
    `mutation ($w: ID!, $e: String!, $r: WorkspaceRole!) {
       inviteMember(workspaceId: $w, email: $e, role: $r) { acceptUrl } }`,
    { w: workspace, e: who.email, r: role },
  );
  expect(invited.errors).toBeUndefined();
  const token = invited.data!.inviteMember.acceptUrl.split('/').pop();
  const res = await who.gql('mutation ($t: String!) { acceptInvitation(token: $t) { id } }', {
    t: token,
  });
  expect(res.errors).toBeUndefined();
}
