export type Span = { start: number; end: number };

/**
 * A window of an answer around the first highlighted span, with the spans moved into it, so a
 * page shows where a competitor is named instead of the whole answer. Cuts at word boundaries
 * and marks the cuts with an ellipsis.
 */
export function excerptAround(
  text: string,
  spans: readonly Span[],
  radius = 180,
): { text: string; spans: Span[] } {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const first = sorted[0];
  if (!first) return { text: text.slice(0, radius * 2), spans: [] };
  let start = Math.max(0, first.start - radius);
  let end = Math.min(text.length, first.end + radius);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first.start) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first.end) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${text.slice(start, end)}${suffix}`,
    spans: sorted
      .filter((s) => s.start >= start && s.end <= end)
      .map((s) => ({ start: s.start + shift, end: s.end + shift })),
  };
}
