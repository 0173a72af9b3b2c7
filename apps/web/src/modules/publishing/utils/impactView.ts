// Words and numbers of the closed-loop panels (docs/closed-loop.md).

import { percent, percentRange } from '../../../ui/format';

export type Verdict = 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE';
export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** "40 % (18–64 %)": the rate and its 95 % interval. */
export function rateWithInterval(r: { value: number; low: number; high: number }): string {
  return `${percent(r.value)} (${percentRange(r)})`;
}

export function verdictView(verdict: Verdict | null | undefined): { label: string; tone: Tone } {
  switch (verdict) {
    case 'MOVED_UP':
      return { label: 'Moved up', tone: 'success' };
    case 'MOVED_DOWN':
      return { label: 'Moved down', tone: 'danger' };
    case 'WITHIN_NOISE':
      return { label: 'Within noise', tone: 'neutral' };
    default:
      return { label: 'No comparison yet', tone: 'neutral' };
  }
}

export type EvidenceVerdict = 'IMPROVED' | 'WORSENED' | 'WITHIN_NOISE' | 'NOT_ENOUGH_DATA';

/** The evidence rule's verdict over every engine: the one the opportunity is resolved on. */
export function evidenceView(verdict: EvidenceVerdict): { label: string; tone: Tone } {
  switch (verdict) {
    case 'IMPROVED':
      return { label: 'Improved', tone: 'success' };
    case 'WORSENED':
      return { label: 'Worse', tone: 'danger' };
    case 'WITHIN_NOISE':
      return { label: 'Within noise', tone: 'neutral' };
    default:
      return { label: 'Not enough data yet', tone: 'neutral' };
  }
}

export type Segment = { text: string; mark: boolean };

/**
 * The text cut at the brand's spans, for highlighting. Spans are sorted, overlapping ones merged,
 * out-of-range ones clipped, so any server answer renders.
 */
export function highlight(
  text: string,
  spans: readonly { start: number; end: number }[],
): Segment[] {
  const sorted = spans
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(text.length, s.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let at = 0;
  for (const s of sorted) {
    if (s.end <= at) continue;
    const start = Math.max(s.start, at);
    if (start > at) out.push({ text: text.slice(at, start), mark: false });
    const last = out[out.length - 1];
    if (last?.mark && start === at) last.text += text.slice(start, s.end);
    else out.push({ text: text.slice(start, s.end), mark: true });
    at = s.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
