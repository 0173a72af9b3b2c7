import type { Span } from '../entities/types';

/** Opening quote → its closing quote(s): English, German, French/Spanish, and straight quotes. */
const CLOSERS: Record<string, string> = {
  '“': '”',
  '„': '“”',
  '«': '»',
  '‹': '›',
  '"': '"',
};
const OPENERS = /["“„«‹]/g;
/** Longest quotation taken for a title; longer quotes are speech or passages. */
const MAX_TITLE = 150;
const LETTER_OR_DIGIT = /[\p{Lu}\p{Lt}\p{N}]/u;

/**
 * Spans of quoted titles ("I read “The best crm for small teams”, it was awful"), whose words
 * carry no sentiment (docs/analysis.md, "Sentiment"). A quotation counts as a title when it is
 * on one line, at most 150 characters, of at least two words, starts with a capital letter or
 * a digit, and does not end like a sentence ('.', '!', ';' or ':' inside the quotes):
 * - “The best crm for small teams”, „Die besten CRM“, « Les meilleurs outils », "Top 10 CRMs" → titles;
 * - “excellent” (one word), “Acme is excellent.” (a quoted sentence) → judgements, scored.
 * One pass over the text: each opening quote looks ahead at most MAX_TITLE characters.
 */
export function quotedTitles(text: string): Span[] {
  const out: Span[] = [];
  OPENERS.lastIndex = 0;
  for (let m = OPENERS.exec(text); m !== null; m = OPENERS.exec(text)) {
    const open = m.index;
    const closers = CLOSERS[m[0]]!;
    const limit = Math.min(text.length, open + 2 + MAX_TITLE);
    let close = -1;
    for (let j = open + 1; j < limit; j++) {
      const c = text[j]!;
      if (c === '\n' || c === '\r') break;
      if (closers.includes(c)) {
        close = j;
        break;
      }
    }
    if (close === -1) continue;
    if (isTitle(text, open + 1, close)) out.push([open, close + 1]);
    // Straight quotes pair up in order; a closing quote never opens the next quotation.
    OPENERS.lastIndex = close + 1;
  }
  return out;
}

function isTitle(text: string, from: number, to: number): boolean {
  let start = from;
  let end = to;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  if (end - start < 3) return false;
  if (!LETTER_OR_DIGIT.test(text[start]!)) return false;
  const last = text[end - 1]!;
  if (last === '.' || last === '!' || last === ';' || last === ':') return false;
  return text.indexOf(' ', start) !== -1 && text.indexOf(' ', start) < end;
}
