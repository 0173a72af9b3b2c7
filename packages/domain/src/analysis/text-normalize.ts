/**
 * Folding for matching: NFKC/NFKD compatibility forms, diacritics removed, typographic quotes and
 * dashes unified, optionally lower-cased. Every folded UTF-16 unit remembers the index of the
 * original code point it came from, so matches found in folded text map back to exact offsets.
 */

export type FoldedText = {
  text: string;
  /**
   * map[i] = index in the original text of the code point that produced folded unit i;
   * null when folding kept every offset (the common case), so the map is the identity.
   */
  map: Int32Array | null;
};

/** Index in the original text of folded unit i (folded length maps to the original length). */
export function originalOffset(folded: FoldedText, i: number, originalLength: number): number {
  if (folded.map === null) return Math.min(i, originalLength);
  return folded.map[i] ?? originalLength;
}

const MARKS = /\p{M}/gu;

// Engines write typographic punctuation; users type ASCII. Unify them so "McDonald’s" and
// "Coca–Cola" match aliases typed with ' and -.
const PUNCT: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

const lowerCache = new Map<number, string>();
const casedCache = new Map<number, string>();

function foldCodePointUncached(cp: number, lower: boolean): string {
  const ch = String.fromCodePoint(cp);
  const punct = PUNCT[ch];
  if (punct !== undefined) return punct;
  let s = ch.normalize('NFKD').replace(MARKS, '');
  // Lower-casing can produce new combining marks (İ → i̇), so strip again afterwards.
  if (lower) s = s.toLowerCase().normalize('NFKD').replace(MARKS, '');
  return s;
}

function foldCodePoint(cp: number, lower: boolean): string {
  const cache = lower ? lowerCache : casedCache;
  let s = cache.get(cp);
  if (s === undefined) {
    s = foldCodePointUncached(cp, lower);
    if (cache.size < 50_000) cache.set(cp, s);
  }
  return s;
}

// Without the u flag: V8 scans this four times faster. Surrogate pairs are handled by hand.
const NON_ASCII = /[\u0080-\uffff]/g;

/** Folds text and keeps the folded → original offset map. */
export function foldText(text: string, lower = true): FoldedText {
  // Fast path: native lower-casing, then fold the few non-ASCII characters (’ – é) in place. When
  // every one folds to the same number of units the offsets are unchanged and no map is needed.
  const base = lower ? text.toLowerCase() : text;
  if (base.length === text.length) {
    let sameLength = true;
    const folded = base.replace(NON_ASCII, (ch: string, offset: number) => {
      const c = ch.charCodeAt(0);
      if (c >= 0xd800 && c <= 0xdfff) {
        // A pair folds as one code point, emitted at its high half; the low half is then empty.
        const next = base.charCodeAt(offset + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const f = foldCodePoint(base.codePointAt(offset) ?? c, lower);
          if (f.length !== 2) sameLength = false;
          return f;
        }
        const prev = base.charCodeAt(offset - 1);
        if (c >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff) return '';
        return ch;
      }
      const f = foldCodePoint(c, lower);
      if (f.length !== 1) sameLength = false;
      return f;
    });
    if (sameLength) return { text: folded, map: null };
  }
  return foldTextWithMap(text, lower);
}

function foldTextWithMap(text: string, lower: boolean): FoldedText {
  const n = text.length;
  let map: Int32Array = new Int32Array(n + 8);
  let out = '';
  let j = 0;
  let i = 0;
  while (i < n) {
    // ASCII runs are the common case: copy them in one slice.
    let k = i;
    while (k < n && text.charCodeAt(k) < 0x80) k++;
    if (k > i) {
      const run = text.slice(i, k);
      out += lower ? run.toLowerCase() : run;
      if (j + (k - i) + 1 > map.length) map = grow(map, j + (k - i) + 1);
      for (let p = i; p < k; p++) map[j++] = p;
      i = k;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const folded = foldCodePoint(cp, lower);
    out += folded;
    if (j + folded.length + 1 > map.length) map = grow(map, j + folded.length + 1);
    for (let q = 0; q < folded.length; q++) map[j++] = i;
    i += width;
  }
  return { text: out, map: map.subarray(0, j) };
}

function grow(map: Int32Array, min: number): Int32Array {
  const next = new Int32Array(Math.max(min, map.length * 2));
  next.set(map);
  return next;
}

/** Folds a short string (an alias or a name) without keeping offsets. */
export function foldString(s: string, lower = true): string {
  return foldText(s, lower).text;
}

/** Folded, trimmed, whitespace-collapsed form used to compare names. */
export function normalizeName(s: string): string {
  return foldString(s).replace(/\s+/g, ' ').trim();
}

/** Maps a folded [start, end) range back to the original text. */
export function toOriginalRange(
  original: string,
  folded: FoldedText,
  start: number,
  end: number,
): [number, number] {
  const from = originalOffset(folded, start, original.length);
  const lastSource = end > start ? originalOffset(folded, end - 1, original.length) : from;
  const code = original.charCodeAt(lastSource);
  const width =
    code >= 0xd800 && code <= 0xdbff && isLowSurrogate(original, lastSource + 1) ? 2 : 1;
  let to = Math.min(original.length, lastSource + width);
  // Combining marks folded away ("e" + U+0301) still belong to the matched word.
  while (to < original.length && original.charCodeAt(to) >= 0x300 && MARK.test(original[to]!)) to++;
  return [from, to];
}

const MARK = /^\p{M}$/u;

function isLowSurrogate(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Letters and digits form words; everything else (markdown, punctuation, space) separates them. */
export function isWordCharAt(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 0x80) {
    return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  }
  // Surrogate halves: test the whole code point.
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
    return WORD_CHAR.test(String.fromCodePoint(s.codePointAt(i - 1) ?? c));
  }
  return WORD_CHAR.test(String.fromCodePoint(s.codePointAt(i) ?? c));
}
