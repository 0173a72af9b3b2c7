import { sentenceIndexAt } from './scan-text';

const MAX_SNIPPET = 240;
const MESSY_SPACE = /\s\s|[\t\n\r\f\v\u00a0]/;

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
  const raw = text.slice(begin, end);
  // Sentences rarely hold runs of whitespace: only rewrite the ones that do.
  const body = (MESSY_SPACE.test(raw) ? raw.replace(/\s+/g, ' ') : raw).trim();
  return `${begin > from ? '…' : ''}${body}${end < to ? '…' : ''}`;
}
