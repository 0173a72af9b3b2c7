import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { placeholder } from '@lumen/domain/publishing/draft-placeholders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { createGateway } from '../src/yoga';
import type { GqlBody } from './brand-helpers';
import { seedDraft, signedInWithBrand } from './closed-loop-helpers';

// A draft that still holds "[[Fill in: …]]" (the offline composer's brief) cannot be submitted
// for review or approved (docs/publishing.md, "Drafts without an AI provider"): GraphQL run
// in-process through yoga.fetch, real Postgres and Redis. The refusal has a stable code and
// names the sections; the draft is left exactly as it was; once filled in, both moves pass.

let gateway: RunningGateway;
let yoga: ReturnType<typeof createGateway>;
let db: Database;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  // The running gateway only signs the person up (local auth); every GraphQL call below goes
  // through yoga.fetch in this process.
  gateway = await startGateway(env, { webDist: null });
  yoga = createGateway(gateway.deps);
});

afterAll(async () => {
  await gateway?.close();
  if (db) await closeDb(db);
});

const BODY = [
  'Agencies need a CRM that bills by the hour.',
  '## The options',
  '1. **Zylo CRM** – pipelines per client.',
  '## Pricing',
  placeholder('the prices of Zylo CRM and Northwind CRM'),
  '## FAQ',
  placeholder('your refund policy'),
].join('\n\n');

function asUser(token: string) {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await yoga.fetch('http://lumen.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody<T>;
  };
}

const SUBMIT =
  'mutation ($id: ID!, $v: Int) { submitDraftForReview(id: $id, version: $v) { status version } }';
const APPROVE =
  'mutation ($id: ID!, $v: Int) { approveDraft(id: $id, version: $v) { status version } }';

async function row(id: string) {
  const [draft] = await db.execute<{
    status: string;
    version: number;
    body: string;
    approved_at: string | null;
  }>(sql`select status, version, body, approved_at from drafts where id = ${id}`);
  return draft!;
}

describe('a draft with placeholders left', () => {
  it('is refused for review and approval with BAD_USER_INPUT naming the sections, and left unchanged; filled in, both pass', async () => {
    const f = await signedInWithBrand(gateway, db);
    const gql = asUser(f.token);
    const draftId = await seedDraft(db, f, { body: BODY });
    const before = await row(draftId);
    expect(before).toMatchObject({ status: 'DRAFT', version: 1, approved_at: null });

    const reason =
      'This draft still has 2 placeholders to fill in (“Pricing”, “FAQ”): replace each “[[Fill in: …]]” with the facts, then save.';
    for (const mutation of [SUBMIT, APPROVE]) {
      const refused = await gql(mutation, { id: draftId, v: 1 });
      expect(refused.data).toBeNull();
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors![0]!.message).toBe(reason);
      expect(refused.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        status: 'DRAFT',
        fields: { body: reason },
      });
      expect(await row(draftId)).toEqual(before);
    }

    // In review (a person submitted an earlier, filled-in body), approval is refused the same way.
    await db.execute(sql`update drafts set status = 'IN_REVIEW' where id = ${draftId}`);
    const inReview = await gql(APPROVE, { id: draftId, v: 1 });
    expect(inReview.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      status: 'IN_REVIEW',
    });
    expect(await row(draftId)).toEqual({ ...before, status: 'IN_REVIEW' });
    // Sending it back is not approval: it passes with placeholders left.
    const back = await gql<{ returnDraftForChanges: { status: string } }>(
      'mutation ($id: ID!) { returnDraftForChanges(id: $id) { status } }',
      { id: draftId },
    );
    expect(back.errors).toBeUndefined();
    expect(back.data!.returnDraftForChanges.status).toBe('DRAFT');

    // Filled in and saved (version 2): submit, then approve.
    const filled = BODY.replace(/\[\[Fill in:[^\]]*\]\]/g, 'From 12 € a seat a month.');
    const saved = await gql<{ updateDraft: { version: number } }>(
      `mutation ($id: ID!, $v: Int!, $input: DraftInput!) {
         updateDraft(id: $id, version: $v, input: $input) { version } }`,
      {
        id: draftId,
        v: 1,
        input: {
          title: 'Best CRM for agencies in 2026',
          slug: 'best-crm-for-agencies',
          body: filled,
          categories: [],
          tags: [],
        },
      },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateDraft.version).toBe(2);
    const submitted = await gql<{ submitDraftForReview: { status: string } }>(SUBMIT, {
      id: draftId,
      v: 2,
    });
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data!.submitDraftForReview.status).toBe('IN_REVIEW');
    const approved = await gql<{ approveDraft: { status: string } }>(APPROVE, {
      id: draftId,
      v: 2,
    });
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.approveDraft.status).toBe('APPROVED');
    expect(await row(draftId)).toMatchObject({ status: 'APPROVED', version: 2, body: filled });
  });
});
