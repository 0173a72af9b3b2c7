import { scanText, sentenceIndexAt } from './scan-text';
import { foldText, originalOffset } from './text-normalize';

const MAX_SNIPPET = 240;
// \s beyond ASCII space and the characters MESSY_SPACE lists.
const OTHER_SPACE = /[\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * What /\s\s|[\t\n\r\f\v\u00a0]/ finds: two whitespace characters in a row, or a tab, line
 * break, vertical tab, form feed or no-break space. A loop, since the RegExp tried its
 * alternation at every offset of every snippet (docs/analysis.md, "Speed").
 */
export function messySpace(s: string): boolean {
  let previous = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 9 && c <= 13) || c === 0xa0) return true;
    const space = c === 32 || (c >= 0x1680 && isOtherSpace(c));
    if (space && previous) return true;
    previous = space;
  }
  return false;
}

/** The characters OTHER_SPACE matches. */
function isOtherSpace(c: number): boolean {
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The sentence around a mention, whitespace collapsed, cut around the mention when long. */
export function snippetAround(text: string, starts: ArrayLike<number>, offset: number): string {
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
  // Sentences rarely hold runs of whitespace: only rewrite the ones that do. Trimming first is
  // the same (trim and \s agree on what a space is) and spares the rewrite for sentences whose
  // only messy space is the line break that ends them; a rewrite still turns lone exotic spaces
  // into ' ' when the untrimmed sentence was messy.
  const trimmed = raw.trim();
  const rewrite =
    messySpace(trimmed) ||
    (trimmed.length !== raw.length && OTHER_SPACE.test(trimmed) && messySpace(raw));
  const body = rewrite ? trimmed.replace(/\s+/g, ' ') : trimmed;
  return `${begin > from ? '…' : ''}${body}${end < to ? '…' : ''}`;
}

/**
 * The sentences of a text as the analyzer cuts them (docs/analysis.md, "Sentences"), trimmed,
 * empty ones left out. For tests and the alias tester; the analyzer itself keeps offsets only.
 */
export function splitSentences(text: string): string[] {
  const folded = foldText(text, true);
  const scan = scanText(folded.text, undefined, { text, map: folded.map });
  const out: string[] = [];
  const starts = scan.sentenceStarts;
  for (let i = 0; i < starts.length; i++) {
    const from = originalOffset(folded, starts[i]!, text.length);
    const to =
      i + 1 < starts.length ? originalOffset(folded, starts[i + 1]!, text.length) : text.length;
    const sentence = text.slice(from, to).trim();
    if (sentence !== '') out.push(sentence);
  }
  return out;
}

/**
 * The analyzer's sentences as [start, end) offsets into the original text (docs/analysis.md,
 * "Sentences"), whitespace-only ones left out. Linear in the text.
 */
export function sentenceRanges(text: string): [start: number, end: number][] {
  const folded = foldText(text, true);
  const scan = scanText(folded.text, undefined, { text, map: folded.map });
  const out: [number, number][] = [];
  const starts = scan.sentenceStarts;
  for (let i = 0; i < starts.length; i++) {
    const from = originalOffset(folded, starts[i]!, text.length);
    const to =
      i + 1 < starts.length ? originalOffset(folded, starts[i + 1]!, text.length) : text.length;
    if (text.slice(from, to).trim() !== '') out.push([from, to]);
  }
  return out;
}
