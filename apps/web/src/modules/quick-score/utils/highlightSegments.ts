export type TextSpan = { start: number; end: number };
export type Segment = { text: string; highlighted: boolean; start: number };

/**
 * Splits `text` into plain and highlighted runs from [start, end) spans in UTF-16 code units.
 * Spans arrive from the server; they are clamped, sorted and merged here so that a bad or
 * overlapping span can never duplicate or drop characters.
 */
export function splitByHighlights(text: string, spans: readonly TextSpan[]): Segment[] {
  const clean = spans
    .map((span) => ({
      start: Math.max(0, Math.min(text.length, Math.floor(span.start))),
      end: Math.max(0, Math.min(text.length, Math.floor(span.end))),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);

  const merged: TextSpan[] = [];
  for (const span of clean) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }

  const segments: Segment[] = [];
  let cursor = 0;
  for (const span of merged) {
    if (span.start > cursor) {
      segments.push({ text: text.slice(cursor, span.start), highlighted: false, start: cursor });
    }
    segments.push({ text: text.slice(span.start, span.end), highlighted: true, start: span.start });
    cursor = span.end;
  }
  if (cursor < text.length) {
    segments.push({ text: text.slice(cursor), highlighted: false, start: cursor });
  }
  return segments;
}
