import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Database } from '../client';
import {
  type CorpusDocumentInput,
  countCorpusDocuments,
  deleteCorpusDocument,
  findCorpusDocumentByUrl,
  searchCorpus,
  upsertCorpusDocuments,
} from './corpus.repository';

let handle: Database;
const base = 'https://corpus-repo-test.example';

function doc(path: string, title: string, body: string, extra: Partial<CorpusDocumentInput> = {}) {
  return {
    url: `${base}/${path}`,
    domain: 'corpus-repo-test.example',
    title,
    body,
    publishedAt: new Date('2025-03-01T00:00:00Z'),
    source: 'crawl' as const,
    market: 'test',
    kind: 'review',
    ...extra,
  };
}

const docs: CorpusDocumentInput[] = [
  doc('a', 'Quillbarrow review', 'Quillbarrow is the best zorblat for founders and startups.'),
  doc('b', 'Best zorblat tools', 'The best zorblat tools this year, ranked.'),
  doc('c', 'Best coffee grinders', 'The best grinders for espresso at home.'),
  doc('d', 'Startups and zorblat', 'Why startups adopt a zorblat early: Quillbarrow and others.'),
];

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL as string, { max: 2 });
});

afterAll(async () => {
  await handle.execute(sql`delete from corpus_documents where url like ${`${base}/%`}`);
  await closeDb(handle);
});

describe('corpus repository', () => {
  it('upserts by URL and leaves unchanged rows alone', async () => {
    expect(await upsertCorpusDocuments(handle, docs)).toEqual({ inserted: 4, updated: 0 });
    expect(await upsertCorpusDocuments(handle, docs)).toEqual({ inserted: 0, updated: 0 });
    const changed = {
      ...docs[0]!,
      body: `${docs[0]!.body} Updated.`,
      source: 'published' as const,
    };
    expect(await upsertCorpusDocuments(handle, [changed])).toEqual({ inserted: 0, updated: 1 });
    const stored = await findCorpusDocumentByUrl(handle, changed.url);
    expect(stored).toMatchObject({ body: changed.body, source: 'published', kind: 'review' });
    expect(stored?.publishedAt).toEqual(new Date('2025-03-01T00:00:00Z'));
  });

  it('finds documents for a natural question without needing every word', async () => {
    const hits = await searchCorpus(handle, 'What is the best zorblat for startups?', {
      limit: 10,
    });
    const urls = hits.map((h) => h.url).filter((u) => u.startsWith(base));
    // "d" has both terms in its title; "a" and "b" only part of the question; "c" only "best",
    // which is too common to count for much.
    expect(urls[0]).toBe(`${base}/d`);
    expect(urls.slice(1, 3).sort()).toEqual([`${base}/a`, `${base}/b`]);
    if (urls.includes(`${base}/c`)) expect(urls.indexOf(`${base}/c`)).toBe(3);
    const first = hits[0]!;
    expect(first.matchedTerms).toBeGreaterThanOrEqual(2);
    expect(first.publishedAt).toBeInstanceOf(Date);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((x, y) => y - x));
  });

  it('returns nothing for a query without known words', async () => {
    expect(await searchCorpus(handle, 'the of and', { limit: 5 })).toEqual([]);
    expect(await searchCorpus(handle, 'qqqzzzxv', { limit: 5 })).toEqual([]);
  });

  it('counts and deletes', async () => {
    const before = await countCorpusDocuments(handle, { source: 'crawl' });
    expect(await deleteCorpusDocument(handle, `${base}/c`)).toBe(true);
    expect(await deleteCorpusDocument(handle, `${base}/c`)).toBe(false);
    expect(await countCorpusDocuments(handle, { source: 'crawl' })).toBe(before - 1);
  });
});
