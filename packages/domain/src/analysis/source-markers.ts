import type { AnalyzedCitation, Citation } from '../entities/types';
import { cleanUrl } from './citations';

/**
 * Engine formats that cite by number (docs/analysis.md, "Engine formats"): Perplexity-style
 * "[1][2]" markers that point into the answer's listed citations or into a sources list at the
 * end of the text ("[1] https://…", "1. https://…", "[1]: https://…" reference definitions).
 */

// "[12]" not followed by "(" (a markdown link) or ":" (a reference definition).
const MARKER = /\[(\d{1,3})\](?![(:])/g;
// A source line: "[1] …url…", "[1]: url", "1. url", "1) url".
const SOURCE_LINE =
  /^[ \t]*(?:\[(\d{1,3})\]:?|(\d{1,3})[.)])[ \t]+[^\n]*?(https?:\/\/[^\s<>"'«»“”]+)/gm;
// AI-Overview chips: a "Sources:" line of bare domains, in the seven scored languages.
const CHIPS_LINE =
  /^[ \t*_]*(?:sources?|quellen|fuentes|fonti|fontes|bronnen)[ \t*_]*:[ \t*_]*([^\n]+)$/gim;
const BARE_DOMAIN = /(?:^|[\s·•,|;])((?:[a-z0-9-]+\.)+[a-z]{2,})(?=$|[\s·•,|;)])/gi;

/** The URL each number points to: the sources list in the text first, else the listed one. */
export function numberedSources(text: string, listed: readonly Citation[]): Map<number, string> {
  const sources = new Map<number, string>();
  if (text.indexOf('[') === -1 && text.indexOf('http') === -1) return sources;
  if (onlyNewlines(text)) {
    // The same matches as SOURCE_LINE over the whole text, tried only at the start of lines
    // that open with "[" or a digit (docs/analysis.md, "Speed"). A match never reaches past its
    // line's "\n", so trying each line on its own finds them all, in order.
    for (let start = 0; start !== -1; ) {
      let at = start;
      for (let c = text.charCodeAt(at); c === 32 || c === 9; c = text.charCodeAt(++at));
      const first = text.charCodeAt(at);
      if (first === 91 || (first >= 48 && first <= 57)) {
        SOURCE_LINE_AT.lastIndex = start;
        const m = SOURCE_LINE_AT.exec(text);
        if (m !== null) {
          const n = Number(m[1] ?? m[2]);
          if (!sources.has(n)) sources.set(n, cleanUrl(m[3]!));
        }
      }
      const next = text.indexOf('\n', at);
      start = next === -1 ? -1 : next + 1;
    }
  } else {
    for (const m of text.matchAll(SOURCE_LINE)) {
      const n = Number(m[1] ?? m[2]);
      if (!sources.has(n)) sources.set(n, cleanUrl(m[3]!));
    }
  }
  listed.forEach((c, i) => {
    if (!sources.has(i + 1) && c && typeof c.url === 'string') sources.set(i + 1, c.url);
  });
  return sources;
}

// The label words alone, and CHIPS_LINE anchored where it is tried (sticky).
const CHIPS_WORD = /sources?|quellen|fuentes|fonti|fontes|bronnen/gi;
const CHIPS_LINE_AT = new RegExp(CHIPS_LINE.source, 'imy');

const SOURCE_LINE_AT = new RegExp(SOURCE_LINE.source, 'my');

/**
 * Whether "\n" is the text's only line terminator for a multiline ^ (no \r, U+2028, U+2029):
 * then lines start at 0 and after each "\n", found by indexOf.
 */
function onlyNewlines(text: string): boolean {
  return (
    text.indexOf('\r') === -1 && text.indexOf('\u2028') === -1 && text.indexOf('\u2029') === -1
  );
}

/** Whether c ends a line for a multiline ^ (\n, \r, U+2028, U+2029). */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * Bare domains on a "Sources:" chips line, as citations ("https://g2.com"). The same matches as
 * CHIPS_LINE over the whole text, but tried only at the start of lines whose first word is a
 * label: a multiline ^ made the engine try every offset of the answer (it showed in the
 * benchmark, docs/analysis.md "Speed").
 */
export function chipSources(text: string): string[] {
  const out: string[] = [];
  if (onlyNewlines(text)) {
    // Lines start at 0 and after each "\n": try the lines whose first word (after blanks and
    // markdown) starts like a label. A chips line ends at its "\n", so lines never overlap.
    for (let start = 0; start !== -1; ) {
      let at = start;
      for (
        let c = text.charCodeAt(at);
        c === 32 || c === 9 || c === 42 || c === 95;
        c = text.charCodeAt(++at)
      );
      const first = text.charCodeAt(at) | 0x20; // ASCII lower case
      if (first === 115 || first === 113 || first === 102 || first === 98) {
        CHIPS_LINE_AT.lastIndex = start;
        const line = CHIPS_LINE_AT.exec(text);
        if (line !== null) {
          for (const d of line[1]!.matchAll(BARE_DOMAIN))
            out.push(`https://${d[1]!.toLowerCase()}`);
        }
      }
      const next = text.indexOf('\n', at);
      start = next === -1 ? -1 : next + 1;
    }
    return out;
  }
  CHIPS_WORD.lastIndex = 0;
  let from = 0; // end of the last chips line: the next match starts after it
  for (let m = CHIPS_WORD.exec(text); m !== null; m = CHIPS_WORD.exec(text)) {
    let lineStart = m.index;
    for (;;) {
      const c = text.charCodeAt(lineStart - 1);
      if (c !== 32 && c !== 9 && c !== 42 && c !== 95) break;
      lineStart--;
    }
    if (lineStart < from) continue;
    if (lineStart > 0 && !isLineTerminator(text.charCodeAt(lineStart - 1))) continue;
    CHIPS_LINE_AT.lastIndex = lineStart;
    const line = CHIPS_LINE_AT.exec(text);
    if (line === null) continue;
    from = lineStart + line[0].length;
    if (CHIPS_WORD.lastIndex < from) CHIPS_WORD.lastIndex = from;
    for (const d of line[1]!.matchAll(BARE_DOMAIN)) out.push(`https://${d[1]!.toLowerCase()}`);
  }
  return out;
}

/**
 * Marks each citation with the offsets of the markers citing it. A marker on a source line
 * itself ("[1] https://…") is the list, not a citation of it.
 */
export function attachMarkers(
  text: string,
  sources: ReadonlyMap<number, string>,
  citations: AnalyzedCitation[],
  keyOf: (url: string) => string,
): void {
  if (sources.size === 0) return;
  const byKey = new Map<string, AnalyzedCitation>();
  for (const c of citations) byKey.set(keyOf(c.url), c);
  // Markers repeat the same few numbers: each source's key is computed once.
  const keys = new Map<string, string>();
  for (const m of text.matchAll(MARKER)) {
    const at = m.index;
    if (onlyBlanksBefore(text, at)) continue;
    const url = sources.get(Number(m[1]));
    let key: string | undefined;
    if (url !== undefined) {
      key = keys.get(url);
      if (key === undefined) {
        key = keyOf(url);
        keys.set(url, key);
      }
    }
    const citation = key === undefined ? undefined : byKey.get(key);
    if (!citation) continue;
    citation.markers ??= [];
    citation.markers.push(at);
  }
}

/**
 * Whether the text holds a marker `attachMarkers` looks up: a match of MARKER ("[12]", not a
 * link or a reference definition) with more than blanks before it on its line. Without one, the
 * sources list and the citation keys are not needed (docs/analysis.md, "Speed"). MARKER's
 * matches start at a "[" and hold no other, so trying every "[" finds them all.
 */
export function hasInlineMarker(text: string): boolean {
  for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', open + 1)) {
    let k = open + 1;
    while (k - open <= 4 && isDigit(text.charCodeAt(k))) k++;
    const digits = k - open - 1;
    if (digits < 1 || digits > 3 || text.charCodeAt(k) !== 93) continue;
    const next = text.charCodeAt(k + 1);
    if (next === 40 || next === 58) continue;
    if (!onlyBlanksBefore(text, open)) return true;
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Only spaces and tabs between the start of at's line and at. */
function onlyBlanksBefore(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
