/** "42 %" — rates arrive in [0, 1]; the product writes a thin space-free "42 %" everywhere. */
export function formatPercent(rate: number, digits = 0): string {
  if (!Number.isFinite(rate)) return '—';
  const clamped = Math.min(1, Math.max(0, rate));
  return `${(clamped * 100).toFixed(digits)} %`;
}

/** A 95 % interval as "31–54 %". */
export function formatInterval(low: number, high: number): string {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return '—';
  const lo = Math.round(Math.min(1, Math.max(0, low)) * 100);
  const hi = Math.round(Math.min(1, Math.max(0, high)) * 100);
  return `${lo}–${hi} %`;
}

/** Average rank among tracked brands; null means the brand was never named. */
export function formatRank(rank: number | null): string {
  if (rank === null || !Number.isFinite(rank)) return 'Not ranked';
  return `#${rank.toFixed(1).replace(/\.0$/, '')}`;
}

/**
 * Sentiment 0–100 with a word, since a bare number means little to a guest. null with mentions
 * means the answers were in a language Lumen does not score (docs/analysis.md): say so.
 */
export function describeSentiment(
  sentiment: number | null,
  mentioned = false,
): { value: string; label: string } {
  if (sentiment === null || !Number.isFinite(sentiment))
    return mentioned ? { value: '—', label: 'Not scored' } : { value: '—', label: 'No mentions' };
  const value = Math.round(sentiment);
  const label = value > 52.5 ? 'Positive' : value < 47.5 ? 'Negative' : 'Neutral';
  return { value: String(value), label };
}

/** "about 12 minutes" for a RATE_LIMITED wait. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** "21 Nov 2026" in the reader's locale. */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
