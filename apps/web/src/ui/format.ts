// Every number, date and duration the web app writes, in one place so each reads the same on
// every page. Pure and locale-aware where the reader's locale matters; a new format goes here,
// with its case in format.test.ts. Money is US dollars (the price table's, docs/engines.md).

/** A no-break space keeps a number and its unit on one line: "42 %". */
const NBSP = '\u00a0';

const clampRate = (rate: number) => Math.min(1, Math.max(0, rate));

/** "1 keyword", "3 keywords"; `many` for irregular plurals. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A count with thousands grouped the same way on every page: "12,480". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}

/** "42 %": rates arrive in [0, 1]; "—" for a missing one. */
export function percent(rate: number, digits = 0): string {
  if (!Number.isFinite(rate)) return '—';
  return `${(clampRate(rate) * 100).toFixed(digits)}${NBSP}%`;
}

/**
 * US dollars: "$0.84", "$1,250.00"; amounts under a cent keep four decimals ("$0.0031"), so one
 * answer's cost does not read as nothing; "$0.00" only for zero.
 */
export function usd(amount: number): string {
  if (!Number.isFinite(amount)) return '—';
  const abs = Math.abs(amount);
  const digits = abs > 0 && abs < 0.01 ? 4 : 2;
  return `${amount < 0 ? '−' : ''}$${abs.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
}

/** A total with the answers it could not price: "$1.20", "$1.20 + 3 answers without a price". */
export function costText(cost: { usd: number; unpricedAnswers: number }): string {
  const base = usd(cost.usd);
  if (cost.unpricedAnswers === 0) return base;
  return `${base} + ${plural(cost.unpricedAnswers, 'answer')} without a price`;
}

/** A 95 % interval as "31–54 %". */
export function percentRange({ low, high }: { low: number; high: number }): string {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return '—';
  const lo = Math.round(clampRate(low) * 100);
  const hi = Math.round(clampRate(high) * 100);
  return `${lo}–${hi}${NBSP}%`;
}

/** An average rank among the brands an answer names: "#1.5", "#2"; `none` when never named. */
export function rankText(rank: number | null | undefined, none = 'not mentioned'): string {
  if (rank === null || rank === undefined || !Number.isFinite(rank)) return none;
  return `#${rank.toFixed(1).replace(/\.0$/, '')}`;
}

/** A sentiment score (0–100, 50 neutral) in a word; a band of ±2.5 around 50 reads neutral. */
export function sentimentWord(score: number): 'positive' | 'negative' | 'neutral' {
  return score > 52.5 ? 'positive' : score < 47.5 ? 'negative' : 'neutral';
}

/** A change with its sign: "+3", "−2 pts", "±0". */
export function signed(n: number, unit = ''): string {
  if (n === 0) return `±0${unit}`;
  return `${n > 0 ? '+' : '−'}${Math.abs(n)}${unit}`;
}

/** How long an engine took to answer: "850 ms", "2.4 s". */
export function latency(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "about 12 minutes" for a RATE_LIMITED wait (rounded up, so the retry is not too early). */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

/** "3 h", "2.5 days": a median time to resolve. */
export function formatDuration(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  const days = hours / 24;
  return `${days < 10 ? days.toFixed(1) : Math.round(days)} days`;
}

// Dates have one style everywhere (docs/web.md, "Formatting"): the reader's locale with a short
// month name, never numbers alone ("11/21/2026" reads as two dates) nor ISO strings; times in
// hours and minutes. `locale` is for tests; pages leave it to the reader's browser.

/** "5 min ago", "3 h ago", "2 d ago", or the date ("21 Nov 2026") for older times. */
export function timeAgo(iso: string, now = Date.now(), locale?: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return formatDate(iso, locale);
}

/** "21 Nov 2026" in the reader's locale; "" for a date that does not parse. */
export function formatDate(iso: string | Date, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * "21 Nov 2026, 14:05" in the reader's locale: a moment someone acts on or looks up (a schedule,
 * an approval, a run). "" for a moment that does not parse.
 */
export function formatMoment(iso: string | Date, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "21 Nov, 14:05": a recent moment in a dense list, in the reader's locale. */
export function formatShortMoment(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A calendar day (YYYY-MM-DD, no time zone of its own) as "21 Nov". */
export function formatDay(day: string, locale?: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
