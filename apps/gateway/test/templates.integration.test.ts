import { loadEnv } from '@lumen/config/env';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, fieldsOf, type GqlBody, signUp } from './brand-helpers';

// Templates through the running gateway: built-in ones listed and read-only, custom ones
// created, changed and deleted, field messages, another workspace's id, and each role.

const FIELDS = 'id name kind builtIn instructions structure { heading guidance }';
type Template = {
  id: string;
  name: string;
  kind: string;
  builtIn: boolean;
  instructions: string;
  structure: { heading: string; guidance: string }[];
};

const LIST = `{ templates { ${FIELDS} } }`;
const ONE = `query ($id: ID!) { template(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation ($input: TemplateInput!) { createTemplate(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: TemplateInput!) { updateTemplate(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteTemplate(id: $id) }`;

const input = (patch: Record<string, unknown> = {}) => ({
  name: 'Buyer’s guide',
  kind: 'LISTICLE',
  instructions: 'Lead with the verdict.',
  structure: [
    { heading: 'Verdict', guidance: 'Who should buy what, in two sentences.' },
    { heading: 'Options', guidance: 'One H3 per product.' },
  ],
  ...patch,
});

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  // What `npm start` does before serving (scripts/lib/prepare-database.ts); idempotent.
  await seedBuiltins(gateway.deps.db);
});

afterAll(async () => {
  await gateway?.close();
});

/** A new user added to `workspaceId` with `role`, asking in that workspace (x-workspace-id). */
async function memberOf(workspaceId: string, role: 'viewer' | 'member') {
  const token = await signUp(gateway);
  const me = await client(gateway, token)<{ me: { id: string } }>('{ me { id } }');
  await gateway.deps.db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role)
        values (${workspaceId}, ${me.data!.me.id}, ${role})`,
  );
  return async <T = Record<string, unknown>>(query: string, variables = {}) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-workspace-id': workspaceId,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
}

describe('templates', () => {
  let owner: ReturnType<typeof client>;
  let created: Template;

  it('lists the five built-in kinds, read from the database', async () => {
    owner = client(gateway, await signUp(gateway));
    const res = await owner<{ templates: Template[] }>(LIST);
    expect(res.errors).toBeUndefined();
    const builtIns = res.data!.templates.filter((t) => t.builtIn);
    expect(builtIns.map((t) => t.kind)).toEqual([
      'LISTICLE',
      'COMPARISON',
      'FAQ',
      'HOW_TO',
      'GLOSSARY',
    ]);
    expect(builtIns.find((t) => t.kind === 'FAQ')).toMatchObject({
      name: 'FAQ page',
      structure: expect.arrayContaining([expect.objectContaining({ heading: 'Questions' })]),
    });
    expect(res.data!.templates.filter((t) => !t.builtIn)).toEqual([]);
  });

  it('creates a custom template, trimmed, listed after the built-in ones', async () => {
    const res = await owner<{ createTemplate: Template }>(CREATE, {
      input: input({ name: '  Buyer’s guide  ' }),
    });
    expect(res.errors).toBeUndefined();
    created = res.data!.createTemplate;
    expect(created).toMatchObject({
      name: 'Buyer’s guide',
      kind: 'LISTICLE',
      builtIn: false,
      instructions: 'Lead with the verdict.',
      structure: input().structure,
    });
    const list = await owner<{ templates: Template[] }>(LIST);
    expect(list.data!.templates.at(-1)).toEqual(created);
    const one = await owner<{ template: Template }>(ONE, { id: created.id });
    expect(one.data!.template).toEqual(created);
  });

  it('refuses bad input with a message per field and stores nothing', async () => {
    const res = await owner(CREATE, {
      input: input({
        name: ' ',
        structure: [{ heading: '', guidance: 'x' }],
        instructions: 'x'.repeat(4001),
      }),
    });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({
      name: 'Name the template.',
      'structure.0.heading': 'Give the section a heading.',
      instructions: 'At most 4000 characters.',
    });
    const empty = await owner(CREATE, { input: input({ structure: [] }) });
    expect(fieldsOf(empty)).toEqual({ structure: 'Add at least one section.' });
    const list = await owner<{ templates: Template[] }>(LIST);
    expect(list.data!.templates.filter((t) => !t.builtIn)).toHaveLength(1);
  });

  it('updates a custom template, replacing its fields', async () => {
    const res = await owner<{ updateTemplate: Template }>(UPDATE, {
      id: created.id,
      input: input({
        name: 'Buyer’s guide v2',
        kind: 'HOW_TO',
        structure: [{ heading: 'Steps', guidance: '' }],
      }),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateTemplate).toMatchObject({
      id: created.id,
      name: 'Buyer’s guide v2',
      kind: 'HOW_TO',
      structure: [{ heading: 'Steps', guidance: '' }],
    });
    const bad = await owner(UPDATE, { id: created.id, input: input({ name: '' }) });
    expect(fieldsOf(bad)).toEqual({ name: 'Name the template.' });
  });

  it('keeps built-in templates read-only', async () => {
    const list = await owner<{ templates: Template[] }>(LIST);
    const faq = list.data!.templates.find((t) => t.builtIn && t.kind === 'FAQ')!;
    const update = await owner(UPDATE, { id: faq.id, input: input() });
    expect(codeOf(update)).toBe('FORBIDDEN');
    expect(update.errors?.[0]?.message).toMatch(/Built-in templates are read-only/);
    const del = await owner(DELETE, { id: faq.id });
    expect(codeOf(del)).toBe('FORBIDDEN');
    const again = await owner<{ template: Template }>(ONE, { id: faq.id });
    expect(again.data!.template).toEqual(faq);
  });

  it('hides another workspace’s template: NOT_FOUND for changes, null and absent when read', async () => {
    const other = client(gateway, await signUp(gateway));
    expect((await other<{ template: null }>(ONE, { id: created.id })).data!.template).toBeNull();
    const list = await other<{ templates: Template[] }>(LIST);
    expect(list.data!.templates.some((t) => t.id === created.id)).toBe(false);
    expect(list.data!.templates.filter((t) => t.builtIn)).toHaveLength(5);
    expect(codeOf(await other(UPDATE, { id: created.id, input: input() }))).toBe('NOT_FOUND');
    expect(codeOf(await other(DELETE, { id: created.id }))).toBe('NOT_FOUND');
    expect(codeOf(await other(DELETE, { id: 'not-a-uuid' }))).toBe('NOT_FOUND');
    const mine = await owner<{ template: Template }>(ONE, { id: created.id });
    expect(mine.data!.template.name).toBe('Buyer’s guide v2');
  });

  it('lets a viewer read but not change templates; a member may change them', async () => {
    const me = await owner<{ me: { workspaces: { id: string }[] } }>(
      '{ me { workspaces { id } } }',
    );
    const workspaceId = me.data!.me.workspaces[0]!.id;

    const viewer = await memberOf(workspaceId, 'viewer');
    const read = await viewer<{ templates: Template[] }>(LIST);
    expect(read.data!.templates.map((t) => t.id)).toContain(created.id);
    expect(codeOf(await viewer(CREATE, { input: input() }))).toBe('FORBIDDEN');
    expect(codeOf(await viewer(UPDATE, { id: created.id, input: input() }))).toBe('FORBIDDEN');
    expect(codeOf(await viewer(DELETE, { id: created.id }))).toBe('FORBIDDEN');

    const member = await memberOf(workspaceId, 'member');
    const made = await member<{ createTemplate: Template }>(CREATE, {
      input: input({ name: 'By a member' }),
    });
    expect(made.errors).toBeUndefined();
    const seen = await owner<{ template: Template }>(ONE, { id: made.data!.createTemplate.id });
    expect(seen.data!.template.name).toBe('By a member');
    const del = await member<{ deleteTemplate: string }>(DELETE, {
      id: made.data!.createTemplate.id,
    });
    expect(del.data!.deleteTemplate).toBe(made.data!.createTemplate.id);
  });

  it('deletes a custom template', async () => {
    const res = await owner<{ deleteTemplate: string }>(DELETE, { id: created.id });
    expect(res.data!.deleteTemplate).toBe(created.id);
    expect((await owner<{ template: null }>(ONE, { id: created.id })).data!.template).toBeNull();
    expect(codeOf(await owner(DELETE, { id: created.id }))).toBe('NOT_FOUND');
  });

  it('needs a sign-in', async () => {
    expect(codeOf(await client(gateway, null)(LIST))).toBe('UNAUTHENTICATED');
  });
});
