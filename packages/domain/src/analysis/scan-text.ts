import { isWordCharAt } from './text-normalize';

/**
 * One pass over folded text that every later stage shares: word tokens (maximal runs of letters
 * and digits) and sentence boundaries. A sentence ends at . ! ? followed by whitespace, or at a
 * line break: list items, table rows and headings are units of their own.
 */
export type TextScan = {
  words: string[];
  starts: number[];
  ends: number[];
  /** Folded offsets where sentences start; sentenceStarts[0] = 0. */
  sentenceStarts: number[];
  /** Index of the first token of each sentence (tokens.length for a sentence without words). */
  sentenceFirstToken: number[];
};

export function scanText(text: string): TextScan {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const sentenceStarts = [0];
  const sentenceFirstToken = [0];
  const n = text.length;
  let wordStart = -1;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    const word =
      c < 0x80
        ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)
        : isWordCharAt(text, i);
    if (word) {
      if (wordStart === -1) wordStart = i;
      continue;
    }
    if (wordStart !== -1) {
      words.push(text.slice(wordStart, i));
      starts.push(wordStart);
      ends.push(i);
      wordStart = -1;
    }
    if (c === 10 || ((c === 46 || c === 33 || c === 63) && isSpace(text.charCodeAt(i + 1)))) {
      sentenceStarts.push(i + 1);
      sentenceFirstToken.push(words.length);
    }
  }
  return { words, starts, ends, sentenceStarts, sentenceFirstToken };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
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
