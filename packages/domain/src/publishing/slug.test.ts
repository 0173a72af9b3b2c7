import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Best CRM for small agencies?', 'best-crm-for-small-agencies'],
    [
      'Northwind CRM vs Contoso CRM: which fits a 5-person team',
      'northwind-crm-vs-contoso-crm-which-fits-a-5-person-team',
    ],
    ['Café & Crème — Übersicht für Großkunden', 'cafe-and-creme-ubersicht-fur-grosskunden'],
    ['  --Leading and trailing--  ', 'leading-and-trailing'],
    ['Æsir Øresund Œuvre', 'aesir-oresund-oeuvre'],
    ['日本語のみ', ''],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(SLUG_PATTERN);
  });

  it('cuts long titles at a word boundary, never mid-word or with a trailing hyphen', () => {
    const title = 'word '.repeat(60);
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith('word')).toBe(true);
  });

  it('cuts a single endless word at the limit', () => {
    expect(slugify('a'.repeat(300))).toBe('a'.repeat(SLUG_MAX));
  });
});
