export type Span = { start: number; end: number };

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const EMPHASIS = /\*\*|__/g;
const HEADING = /^#{1,6}[ \t]+/gm;

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * An answer is markdown: drops the syntax a reader should not see (bold markers, heading hashes,
 * link targets unless a mention is in them) and returns how to move a span of the original onto
 * the plain text. The quick check's `plainExcerpt` does the same for its excerpts; this copy
 * keeps the signed-in pages out of the public quick-check bundle, which is at its size budget.
 */
export function plainText(text: string, spans: readonly Span[]) {
  const keep = new Array<boolean>(text.length).fill(true);
  const drop = (start: number, end: number) => {
    for (let i = start; i < end; i++) keep[i] = false;
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const target = { start: start + 1 + (match[1]?.length ?? 0), end: start + match[0].length };
    if (spans.some((span) => overlaps(span, target))) continue;
    drop(start, start + 1);
    drop(target.start, target.end);
  }
  for (const pattern of [EMPHASIS, HEADING]) {
    for (const match of text.matchAll(pattern)) drop(match.index, match.index + match[0].length);
  }
  // before[i] = kept characters before offset i: it maps old offsets onto the plain text.
  const before = new Array<number>(text.length + 1);
  let kept = '';
  for (let i = 0; i < text.length; i++) {
    before[i] = kept.length;
    if (keep[i]) kept += text[i];
  }
  before[text.length] = kept.length;
  const at = (x: number) => before[Math.max(0, Math.min(text.length, Math.floor(x)))] ?? 0;
  return { text: kept, move: (span: Span): Span => ({ start: at(span.start), end: at(span.end) }) };
}

/**
 * Cuts `text` at [start, end) spans (UTF-16 code units), clamped, sorted and merged so a bad or
 * overlapping span never duplicates or drops characters.
 */
export function splitAtSpans(
  text: string,
  spans: readonly Span[],
): { text: string; start: number; highlighted: boolean }[] {
  const clean = spans
    .map((s) => ({
      start: Math.max(0, Math.min(text.length, s.start)),
      end: Math.max(0, Math.min(text.length, s.end)),
    }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of clean) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const out: { text: string; start: number; highlighted: boolean }[] = [];
  let cursor = 0;
  for (const span of merged) {
    if (span.start > cursor) {
      out.push({ text: text.slice(cursor, span.start), start: cursor, highlighted: false });
    }
    out.push({ text: text.slice(span.start, span.end), start: span.start, highlighted: true });
    cursor = span.end;
  }
  if (cursor < text.length)
    out.push({ text: text.slice(cursor), start: cursor, highlighted: false });
  return out;
}
