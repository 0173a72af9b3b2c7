import { isWordCharAt } from './text-normalize';

/**
 * One pass over folded text that every later stage shares: word tokens (maximal runs of letters
 * and digits) and sentence boundaries. A sentence ends at . ! ? followed by whitespace, or at a
 * line break: list items, table rows and headings are units of their own.
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
  sentenceStarts: number[];
  /** Index of the first token of each sentence (count for a sentence without words). */
  sentenceFirstToken: number[];
};

export function scanText(text: string): TextScan {
  const n = text.length;
  const capacity = (n >> 1) + 1;
  const starts = new Int32Array(capacity);
  const ends = new Int32Array(capacity);
  const hashes = new Int32Array(capacity);
  const sentenceStarts = [0];
  const sentenceFirstToken = [0];
  let count = 0;
  let wordStart = -1;
  let hash = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    const word =
      c < 0x80
        ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)
        : isWordCharAt(text, i);
    if (word) {
      if (wordStart === -1) {
        wordStart = i;
        hash = 0;
      }
      hash = (Math.imul(hash, 31) + c) | 0;
      continue;
    }
    if (wordStart !== -1) {
      starts[count] = wordStart;
      ends[count] = i;
      hashes[count] = hash;
      count++;
      wordStart = -1;
    }
    if (c === 10 || ((c === 46 || c === 33 || c === 63) && isSpace(text.charCodeAt(i + 1)))) {
      sentenceStarts.push(i + 1);
      sentenceFirstToken.push(count);
    }
  }
  return { text, count, starts, ends, hashes, sentenceStarts, sentenceFirstToken };
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
  return scan.ends[i]! - start === word.length && scan.text.startsWith(word, start);
}

export function wordAt(scan: TextScan, i: number): string {
  return scan.text.slice(scan.starts[i]!, scan.ends[i]!);
}

/** Index of the sentence containing a folded offset (binary search). */
export function sentenceIndexAt(sentenceStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = sentenceStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((sentenceStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
