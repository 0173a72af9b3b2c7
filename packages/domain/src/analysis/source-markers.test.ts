import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanUrl } from './citations';
import { chipSources, hasInlineMarker, numberedSources } from './source-markers';

// The rule as one multiline RegExp over the whole text: chipSources only tries it where a line
// opens with a label word (docs/analysis.md, "Speed"), and must find exactly the same lines.
const CHIPS_LINE =
  /^[ \t*_]*(?:sources?|quellen|fuentes|fonti|fontes|bronnen)[ \t*_]*:[ \t*_]*([^\n]+)$/gim;
const BARE_DOMAIN = /(?:^|[\s·•,|;])((?:[a-z0-9-]+\.)+[a-z]{2,})(?=$|[\s·•,|;)])/gi;
function wholeText(text: string): string[] {
  const out: string[] = [];
  for (const line of text.matchAll(CHIPS_LINE)) {
    for (const d of line[1]!.matchAll(BARE_DOMAIN)) out.push(`https://${d[1]!.toLowerCase()}`);
  }
  return out;
}

describe('chipSources', () => {
  it.each([
    ['plain line', 'Intro.\nSources: g2.com, capterra.com'],
    ['markdown and case', '  **QUELLEN**: foo.de · bar.de\nfuentes :  x.io | y.io)'],
    ['label mid-line is no chips line', 'See the sources: g2.com\nOur fonti: a.it'],
    [
      'CRLF, CR, U+2028 and U+2029 lines',
      'a\r\nsource: a.com\rFonti: b.it\u2028fontes: c.pt\u2029bronnen: d.nl',
    ],
    ['a label word inside the chips line', 'Sources: sources.com, fonti: x.it\nsources: y.io'],
    ['a label word without colon first', 'Sources and more\nsources: z.com'],
    ['a word that starts like a label', 'Sourcesfoo: a.com\nsourcery: b.com\nsource: c.com'],
    ['at the very end', 'text\n_sources_:'],
  ])('%s: the same domains as the whole-text rule', (_, text) => {
    expect(chipSources(text)).toEqual(wholeText(text));
  });

  it('reads each chips line once', () => {
    expect(chipSources('Sources: a.com\nSources: b.com, a.com')).toEqual([
      'https://a.com',
      'https://b.com',
      'https://a.com',
    ]);
  });
});

// numberedSources' sources list as one multiline RegExp over the whole text: it only tries the
// lines that open with "[" or a digit (docs/analysis.md, "Speed"), and must read the same ones.
const SOURCE_LINE =
  /^[ \t]*(?:\[(\d{1,3})\]:?|(\d{1,3})[.)])[ \t]+[^\n]*?(https?:\/\/[^\s<>"'«»“”]+)/gm;
function wholeTextSources(text: string): [number, string][] {
  const out = new Map<number, string>();
  for (const m of text.matchAll(SOURCE_LINE)) {
    const n = Number(m[1] ?? m[2]);
    if (!out.has(n)) out.set(n, cleanUrl(m[3]!));
  }
  return [...out];
}

describe('numberedSources', () => {
  it.each([
    [
      'bracketed, reference and numbered lines',
      'Text [1][2].\n[1] https://a.com/x\n[2]: https://b.com\n3. see https://c.com\n4) https://d.com',
    ],
    ['indented and at the very start', '[1] https://a.com\n  \t[2] Title https://b.com/p?q=1'],
    [
      'no blank after the number is no source line',
      '[1]https://a.com\n1.https://b.com\n2. https://c.com',
    ],
    ['a number mid-line is no source line', 'See [1] https://a.com\nand 2. https://b.com'],
    ['the first line of a number wins', '[1] https://a.com\n[1] https://b.com'],
    [
      'CRLF, CR, U+2028 and U+2029 lines',
      'x\r\n[1] https://a.com\r[2] https://b.com\u2028[3] https://c.com\u2029[4] https://d.com',
    ],
    ['a line without a URL', '[1] no link here\n[2] https://b.com\n1. plain'],
    ['ends on a blank line', 'Answer.\n\n1. https://a.com\n'],
  ])('%s: the same sources as the whole-text rule', (_, text) => {
    expect([...numberedSources(text, [])]).toEqual(wholeTextSources(text));
  });
});

// attachMarkers' own rule: a MARKER match anywhere with more than blanks before it on its line.
// hasInlineMarker tries each "[" by hand instead (docs/analysis.md, "Speed") and must agree.
const MARKER = /\[(\d{1,3})\](?![(:])/g;
function markerByRegExp(text: string): boolean {
  for (const m of text.matchAll(MARKER)) {
    const lineStart = Math.max(text.lastIndexOf('\n', m.index - 1) + 1, 0);
    if (!/^[ \t]*$/.test(text.slice(lineStart, m.index))) return true;
  }
  return false;
}

describe('hasInlineMarker', () => {
  it.each([
    ['a marker after text', 'Acme is fast [1].', true],
    ['markers at a line start are the sources list', '[1] https://a.com\n  [2]: x', false],
    ['a link and a reference definition', '[1](https://a.com) and x [2]: y', false],
    ['four digits, none, letters', 'a [1234] b [] c [a1] d [12a]', false],
    ['one to three digits', 'x [999]', true],
    ['a nested bracket', 'x [[1]]', true],
    ['at the very end', 'x [1]', true],
    ['an unclosed bracket at the end', 'x [12', false],
    ['none at all', 'Plain answer.', false],
  ])('%s', (_, text, expected) => {
    expect(hasInlineMarker(text)).toBe(expected);
    expect(markerByRegExp(text)).toBe(expected);
  });

  it('agrees with the RegExp rule on generated texts', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '1',
      '23',
      '4567',
      '(',
      ':',
      ' ',
      '\t',
      '\n',
      'a',
      '[1]',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(hasInlineMarker(text)).toBe(markerByRegExp(text));
      }),
      { numRuns: 2000 },
    );
  });
});
