import { ABBREVIATIONS, NUMBER_ABBREVIATIONS } from './abbreviations';
import { isWordCharAt } from './text-normalize';

/**
 * One pass over folded text that every later stage shares: word tokens (maximal runs of letters
 * and digits) and sentence boundaries. The sentence rules are in docs/analysis.md: a line break
 * ends a sentence (list items, table rows and headings are units of their own); . ! ? end one
 * when whitespace follows, except after abbreviations and initials, or when the next word starts
 * in lower case.
 *
 * Tokens are offsets plus a hash, not strings: slicing every word of every answer was the largest
 * cost of the analysis. Lookups go through `WordTable` (word-table.ts), which verifies the text on a hash hit.
 */
export type TextScan = {
  /** The scanned (folded) text. */
  text: string;
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  /** Folded offsets where sentences start; sentenceStarts[0] = 0. */
  sentenceStarts: Int32Array;
  /** Index of the first token of each sentence (count for a sentence without words). */
  sentenceFirstToken: Int32Array;
  /** Whether the text holds an opening quote mark (" “ „ « ‹): quoted-titles.ts runs only then. */
  quotes: boolean;
};

/** Arrays an analyzer reuses from one answer to the next (it analyses one at a time). */
export type ScanBuffers = {
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  sentences?: Int32Array;
  sentenceTokens?: Int32Array;
};

/**
 * The text the folded text came from, to see letter case (folded text is lower case): `map` is
 * the folded → original offset map, null for the identity.
 */
export type CaseSource = { text: string; map: Int32Array | null };

// 1 for ASCII letters and digits.
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
}

function isWordAt(text: string, i: number, c: number): boolean {
  return c < 0x80 ? ASCII_WORD[c] === 1 : isWordCharAt(text, i);
}

const LOWER = /^\p{Ll}$/u;

/** Hashes (hashWord) of every abbreviation, to skip the string lookup for ordinary words. */
const ABBREVIATION_HASHES: ReadonlySet<number> = new Set(
  [...ABBREVIATIONS, ...NUMBER_ABBREVIATIONS].map((w) => hashWord(w)),
);

function reuse(buffer: Int32Array | undefined, capacity: number): Int32Array {
  return buffer && buffer.length >= capacity ? buffer : new Int32Array(capacity);
}

/**
 * Scans text. With `buffers`, the arrays are taken from (and grown into) them: the scan is then
 * only valid until the next scan with the same buffers.
 */
export function scanText(text: string, buffers?: ScanBuffers, caseSource?: CaseSource): TextScan {
  const n = text.length;
  const capacity = (n >> 1) + 1;
  const starts = reuse(buffers?.starts, capacity);
  const ends = reuse(buffers?.ends, capacity);
  const hashes = reuse(buffers?.hashes, capacity);
  const sentences = reuse(buffers?.sentences, n + 2);
  const sentenceTokens = reuse(buffers?.sentenceTokens, n + 2);
  if (buffers) {
    buffers.starts = starts;
    buffers.ends = ends;
    buffers.hashes = hashes;
    buffers.sentences = sentences;
    buffers.sentenceTokens = sentenceTokens;
  }
  // Abbreviation lookups during the scan read the tokens found so far through this object.
  const scan: TextScan = {
    text,
    count: 0,
    starts,
    ends,
    hashes,
    sentenceStarts: sentences,
    sentenceFirstToken: sentenceTokens,
    quotes: false,
  };
  let quotes = false;
  let sentenceCount = 1;
  let count = 0;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (isWordAt(text, i, c)) {
      const wordStart = i;
      let hash = c;
      for (;;) {
        i++;
        if (i === n) break;
        c = text.charCodeAt(i);
        if (!isWordAt(text, i, c)) break;
        hash = (Math.imul(hash, 31) + c) | 0;
      }
      starts[count] = wordStart;
      ends[count] = i;
      hashes[count] = hash;
      count++;
      if (i === n) break;
    }
    let next = -1;
    if (c === 10) next = i + 1;
    else if (c === 34 || c === 0x201c || c === 0x201e || c === 0xab || c === 0x2039) quotes = true;
    else if (c === 46 || c === 33 || c === 63) {
      next = sentenceEnd(text, i, c, count, scan, caseSource);
      if (next > i + 1) i = next - 1;
    }
    if (next !== -1) {
      sentences[sentenceCount] = next;
      sentenceTokens[sentenceCount] = count;
      sentenceCount++;
    }
    i++;
  }
  sentences[0] = 0;
  sentenceTokens[0] = 0;
  scan.count = count;
  scan.quotes = quotes;
  scan.sentenceStarts = sentences.subarray(0, sentenceCount);
  scan.sentenceFirstToken = sentenceTokens.subarray(0, sentenceCount);
  return scan;
}

/** Closing marks that stay with the sentence they end: "**Great.**", "(see below.)", quotes. */
function isCloser(c: number): boolean {
  return c === 42 || c === 95 || c === 41 || c === 34 || c === 39 || c === 93 || c === 96;
}

/**
 * Where the next sentence starts when the mark at i ends one, or -1. `count` tokens are known,
 * the last one possibly ending at i.
 */
function sentenceEnd(
  text: string,
  i: number,
  mark: number,
  count: number,
  scan: TextScan,
  caseSource: CaseSource | undefined,
): number {
  let j = i + 1;
  while (j < text.length && isCloser(text.charCodeAt(j))) j++;
  if (j >= text.length || !isSpace(text.charCodeAt(j))) return -1;
  if (mark !== 46) return j;
  let k = j;
  while (k < text.length && isSpace(text.charCodeAt(k)) && text.charCodeAt(k) !== 10) k++;
  const last = count - 1;
  if (last >= 0 && scan.ends[last] === i) {
    // Initials and one-letter abbreviations: "J. Smith", "e.g.", "z. B.", "p. ex.".
    if (scan.ends[last]! - scan.starts[last]! === 1 && !isDigit(text.charCodeAt(i - 1))) return -1;
    // Most words before a full stop are no abbreviation: their hash says so without a slice.
    const hash = scan.hashes[last]!;
    if (ABBREVIATION_HASHES.has(hash)) {
      const word = text.slice(scan.starts[last]!, i);
      if (ABBREVIATIONS.has(word)) return -1;
      if (NUMBER_ABBREVIATIONS.has(word) && isDigit(text.charCodeAt(k))) return -1;
    }
    if (isDigit(text.charCodeAt(i - 1)) && startsLine(text, scan.starts[last]!)) return -1;
  }
  // A sentence does not start in lower case: "… Acme Inc. is …", "etc. and".
  if (k < text.length && isLowerAt(text, k, caseSource)) return -1;
  return j;
}

/** Only blanks or "#" between the line start and i: "1." there is a list marker. */
function startsLine(text: string, i: number): boolean {
  let k = i - 1;
  while (
    k >= 0 &&
    (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 35)
  )
    k--;
  return k < 0 || text.charCodeAt(k) === 10;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLowerAt(text: string, k: number, caseSource: CaseSource | undefined): boolean {
  if (!caseSource) return false;
  const at = caseSource.map === null ? k : (caseSource.map[k] ?? -1);
  const c = caseSource.text.charCodeAt(at);
  if (c < 0x80) return c >= 97 && c <= 122;
  if (!isWordCharAt(text, k)) return false;
  const cp = caseSource.text.codePointAt(at);
  return cp !== undefined && LOWER.test(String.fromCodePoint(cp));
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}

/** The same hash the scanner computes for a token. */
export function hashWord(word: string): number {
  let hash = 0;
  for (let i = 0; i < word.length; i++) hash = (Math.imul(hash, 31) + word.charCodeAt(i)) | 0;
  return hash;
}

/** Whether token i is exactly `word`. */
export function tokenIs(scan: TextScan, i: number, word: string): boolean {
  const start = scan.starts[i]!;
  const n = word.length;
  if (scan.ends[i]! - start !== n) return false;
  // Words are short: comparing char codes beats calling startsWith.
  const text = scan.text;
  for (let k = 0; k < n; k++) if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}

export function wordAt(scan: TextScan, i: number): string {
  return scan.text.slice(scan.starts[i]!, scan.ends[i]!);
}

/** Index of the sentence containing a folded offset (binary search). */
export function sentenceIndexAt(sentenceStarts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = sentenceStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((sentenceStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
