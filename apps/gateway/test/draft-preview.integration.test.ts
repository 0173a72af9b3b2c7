import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { countCorpusDocuments } from '@lumen/db/repositories/corpus.repository';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { codeOf } from './brand-helpers';
import { LOOP_PROMPT, seedDraft, signedInWithBrand } from './closed-loop-helpers';

// previewDraftEffect through the API: the local engines answer the draft's prompt without and
// with the draft; the brand appears only in the simulation, the corpus is left as it was, and a
// draft of another workspace is NOT_FOUND like a missing one.

let gateway: RunningGateway;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

const PREVIEW = `mutation ($id: ID!) { previewDraftEffect(id: $id) {
  draftId simulated label pageUrl
  results { promptId prompt engine engineLabel mentionedBefore mentionedAfter rankBefore rankAfter
    excerptBefore excerptAfter answerBefore answerAfter shareBefore shareAfter citesDraft
    brandSpansBefore { start end } brandSpansAfter { start end } } } }`;

type Preview = {
  draftId: string;
  simulated: boolean;
  label: string;
  pageUrl: string;
  results: {
    promptId: string;
    prompt: string;
    engine: string;
    engineLabel: string;
    mentionedBefore: boolean;
    mentionedAfter: boolean;
    rankBefore: number | null;
    rankAfter: number | null;
    excerptBefore: string;
    excerptAfter: string;
    answerBefore: string;
    answerAfter: string;
    shareBefore: number;
    shareAfter: number;
    citesDraft: boolean;
    brandSpansBefore: { start: number; end: number }[];
    brandSpansAfter: { start: number; end: number }[];
  }[];
};

describe('previewDraftEffect', () => {
  it('shows the brand appearing in every local engine’s answer, as a simulation, storing nothing', async () => {
    const f = await signedInWithBrand(gateway, handle);
    const draftId = await seedDraft(handle, f);
    const corpusBefore = await countCorpusDocuments(handle);
    const body = await f.gql<{ previewDraftEffect: Preview }>(PREVIEW, { id: draftId });
    expect(body.errors).toBeUndefined();
    const preview = body.data!.previewDraftEffect;
    expect(preview.draftId).toBe(draftId);
    expect(preview.simulated).toBe(true);
    expect(preview.label).toMatch(/^Simulation by the offline engines/);
    expect(preview.pageUrl).toBe('https://draft.lumen.invalid/best-crm-for-startups/');
    expect(preview.results.map((r) => r.engine)).toEqual([
      'local-gpt',
      'local-claude',
      'local-gemini',
      'local-perplexity',
    ]);
    for (const r of preview.results) {
      expect(r.promptId).toBe(f.promptId);
      expect(r.prompt).toBe(LOOP_PROMPT);
      expect(r.engineLabel).toMatch(/\(offline\)$/);
      expect(r.mentionedBefore).toBe(false);
      expect(r.rankBefore).toBeNull();
      expect(r.shareBefore).toBe(0);
      expect(r.brandSpansBefore).toEqual([]);
      expect(r.mentionedAfter).toBe(true);
      expect(r.rankAfter).toBeGreaterThanOrEqual(1);
      expect(r.shareAfter).toBeGreaterThan(0);
      expect(r.shareAfter).toBeLessThanOrEqual(1);
      expect(r.excerptAfter).toContain('Zylo');
      expect(r.brandSpansAfter.length).toBeGreaterThan(0);
      for (const s of r.brandSpansAfter) {
        expect(r.answerAfter.slice(s.start, s.end)).toMatch(/^(Zylo|Zylo CRM|zylocrm\.com)$/i);
      }
      expect(r.answerBefore).not.toContain('Zylo');
    }
    expect(preview.results.some((r) => r.citesDraft)).toBe(true);
    expect(await countCorpusDocuments(handle)).toBe(corpusBefore);
    const [stored] = await handle.execute<{ n: number }>(
      sql`select count(*)::int as n from corpus_documents where url like '%draft.lumen.invalid%'`,
    );
    expect(stored?.n).toBe(0);
  });

  it('answers NOT_FOUND for another workspace’s draft, a missing one and a malformed id', async () => {
    const owner = await signedInWithBrand(gateway, handle, ['local-gpt']);
    const draftId = await seedDraft(handle, owner);
    const stranger = await signedInWithBrand(gateway, handle, ['local-gpt']);
    for (const id of [draftId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const body = await stranger.gql(PREVIEW, { id });
      expect(codeOf(body)).toBe('NOT_FOUND');
      expect(body.errors?.[0]?.message).toBe('Draft not found.');
    }
  });

  it('says plainly when the draft’s prompt is gone or the draft is empty', async () => {
    const f = await signedInWithBrand(gateway, handle, ['local-gpt']);
    const empty = await seedDraft(handle, f, { body: '   ' });
    const emptyBody = await f.gql(PREVIEW, { id: empty });
    expect(codeOf(emptyBody)).toBe('BAD_USER_INPUT');
    expect(emptyBody.errors?.[0]?.message).toMatch(/draft is empty/);
    const draftId = await seedDraft(handle, f);
    await handle.execute(sql`delete from prompts where id = ${f.promptId}`);
    const body = await f.gql(PREVIEW, { id: draftId });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/prompt this draft was written for has been deleted/);
  });

  it('needs to be signed in', async () => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: PREVIEW,
        variables: { id: '00000000-0000-4000-8000-000000000000' },
      }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
