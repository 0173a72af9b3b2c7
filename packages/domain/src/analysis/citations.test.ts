import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';
import { cleanUrl, sameAsMainHost, unwrapAmp } from './citations';

const ENTITIES: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: [], domains: ['acme.com'] },
  { id: 'hub', kind: 'competitor', name: 'HubSpot', aliases: [], domains: ['hubspot.com'] },
];
const analyze = createAnalyzer(ENTITIES);

/** Citations of an answer's text (inline links) as [url, domain, owner]. */
function inline(text: string) {
  return analyze({ text, citations: [] }).citations.map((c) => [c.url, c.domain, c.owner]);
}
function listed(urls: string[]) {
  return analyze({ text: '', citations: urls.map((url) => ({ url })) }).citations.map((c) => [
    c.url,
    c.domain,
    c.owner,
  ]);
}

const WIKI = 'https://en.wikipedia.org/wiki/Harvest_(software)';

describe('citations in every shape', () => {
  it.each([
    ['en: balanced parentheses stay', `See ${WIKI} for the history.`, WIKI],
    ['en: inside parentheses, the closing one goes', `(source: ${WIKI})`, WIKI],
    ['en: markdown link target with parentheses', `[Harvest](${WIKI}) is a tool.`, WIKI],
    ['en: angle brackets', 'Read <https://acme.com/guide> first.', 'https://acme.com/guide'],
    ['en: straight quotes', 'The page "https://acme.com/guide" says so.', 'https://acme.com/guide'],
    ['en: curly quotes', 'The page “https://acme.com/guide” says so.', 'https://acme.com/guide'],
    ['en: trailing full stop', 'Pricing: https://acme.com/pricing.', 'https://acme.com/pricing'],
    ['en: trailing ellipsis', 'More at https://acme.com/blog…', 'https://acme.com/blog'],
    [
      'de: low-high quotes',
      'Siehe „https://acme.com/de/preise“ dazu.',
      'https://acme.com/de/preise',
    ],
    ['de: trailing comma and colon', 'Quelle https://acme.com/de, dann:', 'https://acme.com/de'],
    ['fr: guillemets with spaces', 'Voir « https://acme.com/fr » ici.', 'https://acme.com/fr'],
    ['fr: guillemets without spaces', 'Voir «https://acme.com/fr».', 'https://acme.com/fr'],
    [
      'es: guillemets',
      'Según «https://acme.com/es/precios», cuesta poco.',
      'https://acme.com/es/precios',
    ],
    ['it: single guillemets', 'Fonte ‹https://acme.com/it›.', 'https://acme.com/it'],
    ['pt: quotes and a question mark', 'Viu “https://acme.com/pt”?', 'https://acme.com/pt'],
    ['nl: single curly quotes', 'Zie ‘https://acme.com/nl’.', 'https://acme.com/nl'],
    ['ja: corner brackets', '詳細は「https://acme.com/ja」を参照。', 'https://acme.com/ja'],
    ['ja: ideographic full stop', '詳細は https://acme.com/ja。', 'https://acme.com/ja'],
  ])('%s', (_name, text, url) => {
    expect(inline(text).map(([u]) => u)).toEqual([url]);
  });

  it('listed citations lose their wrapper and trailing punctuation too', () => {
    expect(
      listed([
        '<https://acme.com/a>',
        '«https://hubspot.com/b».',
        `"${WIKI}"`,
        ' https://x.org/c) ',
      ]),
    ).toEqual([
      ['https://acme.com/a', 'acme.com', 'own'],
      ['https://hubspot.com/b', 'hubspot.com', 'competitor'],
      [WIKI, 'en.wikipedia.org', 'third_party'],
      ['https://x.org/c', 'x.org', 'third_party'],
    ]);
  });

  it('tracking parameters are removed before deduplication', () => {
    expect(
      listed([
        'https://acme.com/blog?utm_source=chatgpt.com',
        'https://acme.com/blog?gclid=1&_ga=2',
        'https://acme.com/blog?si=abc',
        'https://acme.com/blog?page=2&fbclid=x',
      ]).map(([u]) => u),
    ).toEqual([
      'https://acme.com/blog?utm_source=chatgpt.com',
      'https://acme.com/blog?page=2&fbclid=x',
    ]);
  });

  it('AMP caches and AMP or mobile versions are the page itself, owned by its main host', () => {
    expect(
      listed([
        'https://acme-com.cdn.ampproject.org/c/s/acme.com/blog/crm',
        'https://www.google.com/amp/s/acme.com/blog/crm',
        'https://m.acme.com/blog/crm',
        'https://acme.com/blog/crm/amp',
        'https://amp.hubspot.com/pricing?amp=1',
        'https://hubspot.com/pricing',
      ]),
    ).toEqual([
      ['https://acme.com/blog/crm', 'acme.com', 'own'],
      ['https://amp.hubspot.com/pricing?amp=1', 'amp.hubspot.com', 'competitor'],
    ]);
  });

  it("a competitor's domain inside another site's path is not its citation", () => {
    const text =
      'Compare at https://www.g2.com/compare/hubspot.com-vs-acme.com and https://web.archive.org/web/2024/https://hubspot.com/pricing.';
    const result = analyze({ text, citations: [{ url: 'https://capterra.com/p/hubspot.com/' }] });
    expect(result.citations.map((c) => [c.domain, c.owner])).toEqual([
      ['capterra.com', 'third_party'],
      ['g2.com', 'third_party'],
      ['web.archive.org', 'third_party'],
    ]);
    expect(result.mentions).toEqual([]);
  });

  it('the helpers on their own', () => {
    expect(cleanUrl(' („https://acme.com/x_(y)“). ')).toBe('https://acme.com/x_(y)');
    expect(unwrapAmp('http://acme-com.cdn.ampproject.org/v/acme.com/x')).toBe('http://acme.com/x');
    expect(unwrapAmp('https://acme.com/amp')).toBe('https://acme.com/amp');
    expect(sameAsMainHost('mobile.acme.com/x?amp&page=2')).toBe('acme.com/x?page=2');
  });
});
