import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  countCorpusDocuments,
  deleteCorpusDocument,
  findCorpusDocumentByUrl,
} from '@lumen/db/repositories/corpus.repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptyPageError, ingestHtml } from './ingest-html';

let handle: Database;
const url = 'https://www.acme-blog.example/2026/02/crm-for-agencies/';

beforeAll(() => {
  handle = createDb(process.env.DATABASE_URL as string, { max: 2 });
});

afterAll(async () => {
  await deleteCorpusDocument(handle, url);
  await closeDb(handle);
});

describe('ingestHtml', () => {
  it('stores a published WordPress post and replaces it when it is republished', async () => {
    const fragment = '<h2>1. Acme CRM</h2><p><strong>Acme CRM</strong> suits agencies.</p>';
    const stored = await ingestHtml(handle, {
      url,
      html: fragment,
      title: 'The best CRM for agencies',
      source: 'published',
      market: 'crm',
      kind: 'listicle',
      publishedAt: new Date('2026-02-03T10:00:00Z'),
    });
    expect(stored).toMatchObject({
      url,
      domain: 'acme-blog.example',
      title: 'The best CRM for agencies',
      body: '## 1. Acme CRM\n\n**Acme CRM** suits agencies.',
      source: 'published',
      market: 'crm',
      kind: 'listicle',
    });
    expect(stored.publishedAt).toEqual(new Date('2026-02-03T10:00:00Z'));
    const count = await countCorpusDocuments(handle, { source: 'published' });

    await ingestHtml(handle, {
      url,
      html: `${fragment}<p>Updated with pricing.</p>`,
      title: 'The best CRM for agencies',
      source: 'published',
    });
    expect(await countCorpusDocuments(handle, { source: 'published' })).toBe(count);
    expect((await findCorpusDocumentByUrl(handle, url))?.body).toContain('Updated with pricing.');
  });

  it('refuses a page without main text', async () => {
    await expect(
      ingestHtml(handle, {
        url: 'https://empty.example/',
        html: '<nav><a href="/">Home</a></nav><script>x()</script>',
        source: 'crawl',
      }),
    ).rejects.toBeInstanceOf(EmptyPageError);
    expect(await findCorpusDocumentByUrl(handle, 'https://empty.example/')).toBeNull();
  });
});
