/**
 * Sentence boundaries for sentiment and snippets. A sentence ends at . ! ? followed by
 * whitespace, or at a line break: list items, table rows and headings are units of their own.
 */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      starts.push(i + 1);
    } else if ((c === 46 || c === 33 || c === 63) && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next === 32 || next === 9 || next === 13) starts.push(i + 1);
    }
  }
  return starts;
}

/** Index of the sentence that contains offset (binary search over sentence starts). */
export function sentenceIndexAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function sentenceAt(text: string, starts: readonly number[], index: number): string {
  return text.slice(starts[index] ?? 0, starts[index + 1] ?? text.length);
}

const MAX_SNIPPET = 240;

/** The sentence around a mention, whitespace collapsed, cut around the mention when long. */
export function snippetAround(text: string, starts: readonly number[], offset: number): string {
  const index = sentenceIndexAt(starts, offset);
  const from = starts[index] ?? 0;
  const to = starts[index + 1] ?? text.length;
  let begin = from;
  let end = to;
  if (end - begin > MAX_SNIPPET) {
    begin = Math.max(from, offset - MAX_SNIPPET / 3);
    end = Math.min(to, begin + MAX_SNIPPET);
  }
  const body = text.slice(begin, end).replace(/\s+/g, ' ').trim();
  return `${begin > from ? '…' : ''}${body}${end < to ? '…' : ''}`;
}
