import type { TextSpan } from './highlightSegments';

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const EMPHASIS = /\*\*|__/g;
const HEADING = /^#{1,6}[ \t]+/gm;

const overlaps = (a: TextSpan, b: TextSpan) => a.start < b.end && b.start < a.end;

/**
 * Excerpts are markdown. This drops the syntax a reader should not see (bold markers, heading
 * hashes, link targets) and moves the highlight spans with the text, so they still cover exactly
 * the mention. A link whose target is itself a highlighted mention (the brand's own URL) is kept
 * whole.
 */
export function plainExcerpt(
  text: string,
  spans: readonly TextSpan[],
): { text: string; spans: TextSpan[] } {
  const plain = plainText(text, spans);
  const moved = spans.map(plain.move).filter((span) => span.end > span.start);
  return { text: plain.text, spans: moved };
}

/** The text without markdown syntax, and how to move a span of the original onto it. */
export function plainText(
  text: string,
  spans: readonly TextSpan[],
): { text: string; move: (span: TextSpan) => TextSpan } {
  const keep = new Array<boolean>(text.length).fill(true);
  const drop = (start: number, end: number) => {
    for (let i = start; i < end; i++) keep[i] = false;
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const labelEnd = start + 1 + (match[1]?.length ?? 0);
    const target = { start: labelEnd, end: start + match[0].length };
    if (spans.some((span) => overlaps(span, target))) continue;
    drop(start, start + 1);
    drop(target.start, target.end);
  }
  for (const pattern of [EMPHASIS, HEADING]) {
    for (const match of text.matchAll(pattern)) drop(match.index, match.index + match[0].length);
  }

  // before[i] = kept characters before offset i; it maps old offsets onto the new text.
  const before = new Array<number>(text.length + 1);
  let kept = '';
  for (let i = 0; i < text.length; i++) {
    before[i] = kept.length;
    if (keep[i]) kept += text[i];
  }
  before[text.length] = kept.length;
  const clamp = (x: number) => Math.max(0, Math.min(text.length, Math.floor(x)));
  return {
    text: kept,
    move: (span) => ({ start: before[clamp(span.start)] ?? 0, end: before[clamp(span.end)] ?? 0 }),
  };
}
