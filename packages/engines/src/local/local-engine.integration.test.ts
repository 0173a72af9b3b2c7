import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  countCorpusDocuments,
  deleteCorpusDocument,
} from '@lumen/db/repositories/corpus.repository';
import { generatePrompts } from '@lumen/domain/prompts/generate-prompts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../corpus/catalogue/all-markets';
import { ingestHtml } from '../corpus/ingest-html';
import { loadSeedCorpus } from '../corpus/load-seed-corpus';
import { answer, getEngine } from '../registry';
import { PERSONAS } from './personas';

let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL as string, { max: 4 });
  // These answers are checked against the seed corpus alone: pages that other test files
  // published or crawled into the shared corpus would change them.
  await handle.execute(sql`delete from corpus_documents where source <> 'seed'`);
  await loadSeedCorpus(handle);
});

afterAll(async () => {
  await closeDb(handle);
});

const CRM_BRANDS = new Set(catalogue.find((m) => m.id === 'crm')?.brands.map((b) => b.name) ?? []);

function listedBrands(text: string): string[] {
  return [...text.matchAll(/^\d+\. \*\*([^*]+?):?\*\*/gm)].map((m) => m[1] ?? '');
}

describe('seed corpus', () => {
  it('holds at least 300 documents over 5 markets and is idempotent to load', async () => {
    const again = await loadSeedCorpus(handle);
    expect(again).toEqual({ inserted: 0, updated: 0 });
    expect(await countCorpusDocuments(handle, { source: 'seed' })).toBeGreaterThanOrEqual(300);
    const markets = await handle.execute<{ market: string; kinds: number }>(sql`
      select market, count(distinct kind)::int as kinds from corpus_documents
      where source = 'seed' and market is not null group by market`);
    expect(markets.length).toBeGreaterThanOrEqual(5);
    for (const m of markets) expect(m.kinds).toBeGreaterThanOrEqual(5);
  });
});

describe('local engine', () => {
  it('ranks the brands its sources name, with reasons and citations from the corpus', async () => {
    const result = await answer(
      { prompt: 'What is the best CRM for startups?', engine: 'local' },
      { env: {}, db: handle },
    );
    const brands = listedBrands(result.text);
    expect(brands.length).toBeGreaterThanOrEqual(4);
    for (const brand of brands) expect(CRM_BRANDS.has(brand)).toBe(true);
    // Each item quotes a sentence that names the brand.
    for (const line of result.text.split('\n').filter((l) => /^\d+\. /.test(l))) {
      const name = listedBrands(line)[0] as string;
      expect(line.replace(`**${name}**`, '')).toContain(name);
    }
    expect(result.citations.length).toBeGreaterThan(0);
    const urls = result.citations.map((c) => c.url);
    const stored = await handle.execute<{ url: string }>(sql`
      select url from corpus_documents where url in (${sql.join(
        urls.map((u) => sql`${u}`),
        sql`, `,
      )})`);
    expect(stored).toHaveLength(urls.length);
    expect(result.servedModel).toBe('local-gpt-1');
    expect(result.requestedModel).toBe('local-gpt');
  });

  it('is deterministic for a prompt and persona, and personas disagree', async () => {
    const prompt = 'Which password manager is best for families?';
    const texts = new Map<string, string>();
    for (const persona of PERSONAS) {
      const engine = getEngine(persona.id, { env: {}, db: handle });
      const first = await engine.answer({ prompt });
      const second = await engine.answer({ prompt });
      expect(second.text).toBe(first.text);
      expect(second.citations).toEqual(first.citations);
      texts.set(persona.id, first.text);
    }
    expect(new Set(texts.values()).size).toBe(PERSONAS.length);
    const rankings = [...texts.values()].map((t) => listedBrands(t).join(' > '));
    expect(new Set(rankings).size).toBeGreaterThan(1);
    // Citation habits: ChatGPT-style links in the text, Claude-style a sources list.
    expect(texts.get('local-gpt')).toMatch(/\(\[[a-z0-9.-]+\]\(https:\/\//);
    expect(texts.get('local-claude')).toMatch(/\nSources:\n1\. \[/);
    expect(texts.get('local-perplexity')).toMatch(/\[\d\]/);
  });

  it('keeps a CRM question to CRMs: no accounting, email or other market’s brand', async () => {
    // The questions Lumen generates for a CRM brand; their generic words ("reliable",
    // "open-source", "for small businesses") also match other markets' pages.
    const others = new Map(
      catalogue
        .filter((m) => m.id !== 'crm')
        .flatMap((m) => m.brands.map((b) => [b.name, m.id] as const)),
    );
    const prompts = generatePrompts({
      keyword: 'CRM software',
      industry: 'SaaS',
      competitors: ['Relaymark'],
      count: 30,
    }).map((p) => p.text);
    const leaks: string[] = [];
    for (const prompt of prompts) {
      for (const persona of PERSONAS) {
        const { text } = await getEngine(persona.id, { env: {}, db: handle }).answer({ prompt });
        for (const [name, market] of others) {
          if (text.includes(name)) leaks.push(`${persona.id} · ${prompt} · ${name} (${market})`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('says so when nothing in the corpus answers the question', async () => {
    const engine = getEngine('local', { env: {}, db: handle });
    const result = await engine.answer({ prompt: 'xyzzyq plughwort frobnicate' });
    expect(result.citations).toEqual([]);
    expect(result.text).toMatch(/couldn't find sources/);
  });

  it('lets `local` answer as another persona through the model option', async () => {
    const engine = getEngine('local', { env: {}, db: handle });
    const result = await engine.answer({ prompt: 'best CRM for agencies', model: 'local-claude' });
    expect(result.servedModel).toBe('local-claude-1');
    expect(result.text).toContain('Sources:');
  });
});

describe('the loop: published content changes what the local engine answers', () => {
  const url = 'https://blog.zentrik.example/best-crm-for-startups';
  const prompt = 'What is the best CRM for startups?';

  afterAll(async () => {
    await deleteCorpusDocument(handle, url);
  });

  it('mentions and cites a brand once a page recommending it for the query is published', async () => {
    for (const persona of PERSONAS) {
      const before = await getEngine(persona.id, { env: {}, db: handle }).answer({ prompt });
      expect(before.text).not.toContain('Zentrik');
      expect(before.citations.map((c) => c.url)).not.toContain(url);
    }

    await ingestHtml(handle, {
      url,
      source: 'published',
      html: `<html><head><title>The best CRM for startups in 2026 | Zentrik blog</title>
        <meta property="article:published_time" content="2026-02-01T08:00:00Z"></head>
        <body><nav><a href="/">Home</a><a href="/pricing">Pricing</a></nav>
        <article>
          <h1>The best CRM for startups in 2026</h1>
          <p>We compared the CRMs that startups use most and ranked them for early-stage teams.</p>
          <h2>1. Zentrik CRM</h2>
          <p><strong>Zentrik CRM</strong> is the best CRM for startups because it takes ten minutes to set up, syncs email and is free for the first five users.</p>
          <h2>2. Northwind CRM</h2>
          <p>Northwind CRM is a good choice for small teams that want a visual pipeline.</p>
          <h2>Verdict</h2>
          <p>For most startups, Zentrik CRM is the CRM to beat in 2026.</p>
        </article>
        <footer>© 2026 Zentrik</footer></body></html>`,
    });

    for (const persona of PERSONAS) {
      const after = await getEngine(persona.id, { env: {}, db: handle }).answer({ prompt });
      expect(listedBrands(after.text), persona.id).toContain('Zentrik CRM');
      expect(
        after.citations.map((c) => c.url),
        persona.id,
      ).toContain(url);
    }
  });
});
