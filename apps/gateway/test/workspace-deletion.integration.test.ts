import { randomUUID } from 'node:crypto';
import { loadEnv } from '@lumen/config/env';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../scripts/test/until';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf } from './brand-helpers';
import { join, type Person, person, teamWorkspace } from './team-helpers';

// Exporting and deleting a workspace (docs/security.md, "Exporting and deleting a workspace").

let gateway: RunningGateway;
let worker: RunningWorker;

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
});

const DELETE = 'mutation ($id: ID!, $c: String!) { deleteWorkspace(id: $id, confirmation: $c) }';

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await gateway.deps.db.execute<{ n: number }>(query);
  return rows[0]!.n;
}

/** A team workspace with a brand, and one stored answer whose text needs CSV quoting. */
async function filledWorkspace(owner: Person, name: string) {
  const w = await teamWorkspace(owner, name);
  const brand = await owner.gql<{ createBrand: { id: string } }>(
    'mutation ($i: BrandInput!) { createBrand(input: $i) { id } }',
    { i: baseInput({ name: `Export ${randomUUID().slice(0, 6)}` }) },
    w,
  );
  expect(brand.errors).toBeUndefined();
  const brandId = brand.data!.createBrand.id;
  const [run] = await gateway.deps.db.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status)
    values (${w}, ${brandId}, 'manual', 'COMPLETED') returning id`);
  await gateway.deps.db.execute(sql`
    insert into answers (workspace_id, run_id, prompt_text, engine, text, citations)
    values (${w}, ${run!.id}, 'best crm?', 'local-gpt', 'Try "Acme", then Globex.',
            '[{"url":"https://acme.example/crm"}]'::jsonb)`);
  return { w, brandId, runId: run!.id };
}

function exportOf(who: Person, workspace: string): Promise<Response> {
  return fetch(`${gateway.url}/export/workspace.zip`, {
    headers: { authorization: `Bearer ${who.token}`, 'x-workspace-id': workspace },
  });
}

describe('exporting a workspace', () => {
  it('gives owners and admins a zip with every table as CSV and JSON Lines', async () => {
    const owner = await person(gateway, 'exporter');
    const { w, brandId } = await filledWorkspace(owner, 'Export Co');
    const res = await exportOf(owner, w);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="export-co-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'brands.csv',
        'brands.jsonl',
        'answers.csv',
        'answers.jsonl',
        'published_items.csv',
      ]),
    );
    // No secrets: sites, engine connections and keys are not among the files.
    expect(Object.keys(files).some((f) => /wordpress|connection|api_key/.test(f))).toBe(false);
    const brands = text('brands.csv').split('\r\n');
    expect(brands[0]!.split(',')).toEqual(expect.arrayContaining(['id', 'workspace_id', 'name']));
    expect(brands[1]).toContain(brandId);
    expect(text('answers.csv')).toContain('"Try ""Acme"", then Globex."');
    const answer = JSON.parse(text('answers.jsonl').trim()) as { text: string; citations: unknown };
    expect(answer).toMatchObject({
      text: 'Try "Acme", then Globex.',
      citations: [{ url: 'https://acme.example/crm' }],
    });
    // Another workspace's rows are not in it.
    expect(text('brands.jsonl').trim().split('\n')).toHaveLength(1);
  });

  it('refuses members and viewers, and is NOT_FOUND from outside', async () => {
    const owner = await person(gateway, 'exporter');
    const { w } = await filledWorkspace(owner, 'Closed Co');
    const member = await person(gateway, 'member');
    await join(owner, w, member, 'MEMBER');
    const refused = await exportOf(member, w);
    expect(refused.status).toBe(403);
    expect(
      ((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!
        .extensions.code,
    ).toBe('FORBIDDEN');
    const stranger = await person(gateway, 'stranger');
    const outside = await exportOf(stranger, w);
    expect(outside.status).toBe(404);
    await outside.body?.cancel();
  });
});

describe('deleting a workspace', () => {
  it('takes the owner’s typed name, closes it at once for everyone, then removes every row', async () => {
    const owner = await person(gateway, 'owner');
    const { w, brandId, runId } = await filledWorkspace(owner, 'Client Initech');
    const admin = await person(gateway, 'admin');
    await join(owner, w, admin, 'ADMIN');
    await owner.gql(
      'mutation ($w: ID!) { inviteMember(workspaceId: $w, email: "later@example.com", role: VIEWER) { id } }',
      { w },
    );

    expect(codeOf(await admin.gql(DELETE, { id: w, c: 'Client Initech' }))).toBe('FORBIDDEN');
    expect(codeOf(await owner.gql(DELETE, { id: w, c: 'client initech' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await owner.gql(DELETE, { id: owner.personal, c: 'x' }))).toBe(
      'PERSONAL_WORKSPACE',
    );
    expect(await count(sql`select count(*)::int as n from brands where id = ${brandId}`)).toBe(1);

    const done = await owner.gql<{ deleteWorkspace: string }>(DELETE, {
      id: w,
      c: ' Client Initech ',
    });
    expect(done.errors).toBeUndefined();
    expect(done.data!.deleteWorkspace).toBe(w);
    // Closed at once: nobody is in it, it is no longer listed, and it cannot be asked for.
    expect(codeOf(await admin.gql('{ brands { id } }', {}, w))).toBe('NOT_FOUND');
    const listed = await owner.gql<{ me: { workspaces: { id: string }[] } }>(
      '{ me { workspaces { id } } }',
    );
    expect(listed.data!.me.workspaces.map((x) => x.id)).toEqual([owner.personal]);

    // The job removes the rows and completes its status row.
    const status = await until(
      async () =>
        (
          await gateway.deps.db.execute<{ status: string }>(
            sql`select status from workspace_deletions where workspace_id = ${w}`,
          )
        )[0]?.status,
      (s) => s === 'COMPLETED' || s === 'FAILED',
    );
    expect(status).toBe('COMPLETED');
    expect(await count(sql`select count(*)::int as n from workspaces where id = ${w}`)).toBe(0);
    for (const table of ['brands', 'runs', 'answers', 'workspace_invitations']) {
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${w}`,
        ),
      ).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from runs where id = ${runId}`)).toBe(0);
    // The people stay, with their personal workspaces.
    const still = await admin.gql<{ me: { workspaces: { id: string }[] } }>(
      '{ me { workspaces { id } } }',
    );
    expect(still.data!.me.workspaces.map((x) => x.id)).toEqual([admin.personal]);
  });
});
