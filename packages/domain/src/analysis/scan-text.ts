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

/** Token buffers an analyzer reuses from one answer to the next (it analyses one at a time). */
export type ScanBuffers = { starts: Int32Array; ends: Int32Array; hashes: Int32Array };

// 1 for ASCII letters and digits.
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
}

function isWordAt(text: string, i: number, c: number): boolean {
  return c < 0x80 ? ASCII_WORD[c] === 1 : isWordCharAt(text, i);
}

/**
 * Scans text. With `buffers`, the token arrays are taken from (and grown into) them: the scan
 * is then only valid until the next scan with the same buffers.
 */
export function scanText(text: string, buffers?: ScanBuffers): TextScan {
  const n = text.length;
  const capacity = (n >> 1) + 1;
  let starts: Int32Array;
  let ends: Int32Array;
  let hashes: Int32Array;
  if (buffers && buffers.starts.length >= capacity) {
    ({ starts, ends, hashes } = buffers);
  } else {
    starts = new Int32Array(capacity);
    ends = new Int32Array(capacity);
    hashes = new Int32Array(capacity);
    if (buffers) {
      buffers.starts = starts;
      buffers.ends = ends;
      buffers.hashes = hashes;
    }
  }
  const sentenceStarts = [0];
  const sentenceFirstToken = [0];
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
    if (c === 10 || ((c === 46 || c === 33 || c === 63) && isSpace(text.charCodeAt(i + 1)))) {
      sentenceStarts.push(i + 1);
      sentenceFirstToken.push(count);
    }
    i++;
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
