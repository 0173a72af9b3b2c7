import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  countCorpusDocuments,
  findCorpusDocumentByUrl,
  searchCorpus,
  withTemporaryCorpus,
} from '@lumen/db/repositories/corpus.repository';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedCorpus } from '../corpus/load-seed-corpus';
import { answer } from '../registry';
import { PERSONAS } from './personas';
import { previewDocumentEffect } from './preview';

// The what-if preview against the real seed corpus: the draft changes what the local engines
// answer inside the temporary view, and nothing of it is ever stored or seen outside.

let db: Database;

const BRAND: TrackedEntity = {
  id: 'brand-zylo',
  kind: 'brand',
  name: 'Zylo CRM',
  aliases: ['Zylo'],
  domains: ['zylo-crm.example'],
};

const PROMPT = { id: 'p-startups', text: 'What is the best CRM for startups?' };
const DRAFT_URL = 'https://blog.zylo-crm.example/best-crm-for-startups/';

const draft = {
  url: DRAFT_URL,
  domain: 'blog.zylo-crm.example',
  title: 'Best CRM for startups in 2026: Zylo CRM and the alternatives',
  body: [
    'Startups need a CRM that is quick to set up, cheap to run and easy to grow with.',
    '## The best CRM for startups',
    '1. **Zylo CRM** – the best CRM for startups: setup in 10 minutes, a free plan for five users and 4.8/5 from 1,200 reviews.',
    '“Zylo CRM cut our onboarding time by 40 %,” says the head of sales of a 30-person startup.',
    'We recommend Zylo CRM as the best CRM for startups and small teams in 2026.',
  ].join('\n\n'),
  publishedAt: new Date(),
  source: 'published' as const,
  kind: 'listicle',
};

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL as string, { max: 6 });
  await loadSeedCorpus(db);
});

afterAll(async () => {
  await closeDb(db);
});

describe('previewDocumentEffect', () => {
  it('shows the brand appearing once the draft is in the view, per local persona', async () => {
    const before = await countCorpusDocuments(db);
    const results = await previewDocumentEffect(db, {
      prompts: [PROMPT],
      document: draft,
      brandId: BRAND.id,
      entities: [BRAND],
    });
    expect(results.map((r) => r.engine)).toEqual(PERSONAS.map((p) => p.id));
    for (const r of results) {
      expect(r.prompt).toBe(PROMPT.text);
      expect(r.before.mentioned).toBe(false);
      expect(r.before.rank).toBeNull();
      expect(r.before.share).toBe(0);
      expect(r.before.text).not.toContain('Zylo');
      expect(r.after.mentioned).toBe(true);
      expect(r.after.rank).toBeGreaterThanOrEqual(1);
      expect(r.after.share).toBeGreaterThan(0);
      expect(r.after.excerpt).toContain('Zylo');
      const [start, end] = r.after.brandSpans[0] ?? [0, 0];
      expect(r.after.text.slice(start, end)).toMatch(/Zylo/);
    }
    // Nothing was stored.
    expect(await countCorpusDocuments(db)).toBe(before);
    expect(await findCorpusDocumentByUrl(db, DRAFT_URL)).toBeNull();
    // And answering normally afterwards still does not know the brand.
    const normal = await answer({ prompt: PROMPT.text, engine: 'local-gpt' }, { env: {}, db });
    expect(normal.text).not.toContain('Zylo');
  });

  it('never lets a concurrent normal answer or search see the temporary document', async () => {
    const seenInside: string[] = [];
    const outside = await withTemporaryCorpus(db, [draft], async (view) => {
      const inView = await searchCorpus(view, PROMPT.text, { limit: 30 });
      seenInside.push(...inView.map((h) => h.url));
      // While the view is open (its transaction uncommitted), other connections ask.
      const [search, local] = await Promise.all([
        searchCorpus(db, PROMPT.text, { limit: 30 }),
        answer({ prompt: PROMPT.text, engine: 'local-perplexity' }, { env: {}, db }),
      ]);
      const stored = await findCorpusDocumentByUrl(db, DRAFT_URL);
      return { urls: search.map((h) => h.url), text: local.text, stored };
    });
    expect(seenInside).toContain(DRAFT_URL);
    expect(outside.urls).not.toContain(DRAFT_URL);
    expect(outside.text).not.toContain('Zylo');
    expect(outside.stored).toBeNull();
    expect(await findCorpusDocumentByUrl(db, DRAFT_URL)).toBeNull();
  });

  it('rolls back when the work inside the view fails, and passes the error on', async () => {
    const before = await countCorpusDocuments(db);
    await expect(
      withTemporaryCorpus(db, [draft], async () => {
        throw new Error('engine crashed');
      }),
    ).rejects.toThrow('engine crashed');
    expect(await countCorpusDocuments(db)).toBe(before);
    expect(await findCorpusDocumentByUrl(db, DRAFT_URL)).toBeNull();
  });

  it('previews a new version of a page already in the corpus without touching the stored one', async () => {
    const seed = (await searchCorpus(db, PROMPT.text, { limit: 1 }))[0];
    if (!seed) throw new Error('the seed corpus answers this prompt');
    const replaced = { ...draft, url: seed.url, domain: seed.domain };
    const inside = await withTemporaryCorpus(db, [replaced], (view) =>
      findCorpusDocumentByUrl(view, seed.url),
    );
    expect(inside?.title).toBe(draft.title);
    const after = await findCorpusDocumentByUrl(db, seed.url);
    expect(after?.title).toBe(seed.title);
    expect(after?.body).toBe(seed.body);
  });
});
