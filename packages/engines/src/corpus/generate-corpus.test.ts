import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue/all-markets';
import { generateCorpus } from './generate-corpus';

describe('generateCorpus', () => {
  const docs = generateCorpus();

  it('covers at least 5 markets, 25 brands and 300 documents of every kind', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(5);
    expect(catalogue.flatMap((m) => m.brands).length).toBeGreaterThanOrEqual(25);
    expect(docs.length).toBeGreaterThanOrEqual(300);
    const kinds = new Set(docs.map((d) => d.kind));
    for (const kind of ['listicle', 'review', 'comparison', 'forum', 'vendor', 'guide']) {
      expect(kinds).toContain(kind);
    }
    expect(new Set(docs.map((d) => d.url)).size).toBe(docs.length);
  });

  it('names every brand in several documents from several sites', () => {
    for (const market of catalogue) {
      for (const brand of market.brands) {
        const naming = docs.filter(
          (d) => d.body.includes(brand.name) || d.title.includes(brand.name),
        );
        expect(naming.length, brand.name).toBeGreaterThanOrEqual(5);
        expect(new Set(naming.map((d) => d.domain)).size, brand.name).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('is deterministic and dates documents inside the fixed window', () => {
    expect(generateCorpus()).toEqual(docs);
    for (const d of docs) {
      expect(d.publishedAt!.getTime()).toBeGreaterThanOrEqual(Date.UTC(2022, 2, 1));
      expect(d.publishedAt!.getTime()).toBeLessThanOrEqual(Date.UTC(2025, 8, 30));
      expect(d.source).toBe('seed');
      expect(d.domain).toBe(new URL(d.url).hostname);
    }
  });
});
