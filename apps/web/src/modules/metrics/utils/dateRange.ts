import {
  addDays,
  type DayRange,
  rangeLength,
  type TrendInterval,
  todayIn,
} from '@lumen/domain/metrics/periods';
import { parseRange, type RangeDays } from './metricsView';

// The numbers pages' date range (docs/metrics.md, "Date range"): the last 7, 30 or 90 local days,
// or a custom from–to, kept in the URL (`?range=30` or `?range=custom&from=…&to=…`) so a link
// keeps what its sender saw.

/** The longest custom range: a year (leap day included); the API allows a little more. */
export const MAX_CUSTOM_DAYS = 366;

export type RangeChoice =
  | { kind: 'preset'; days: RangeDays }
  | { kind: 'custom'; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** What is wrong with a custom range, as a sentence for the form; null when it is fine. */
export function customRangeError(from: string, to: string, today: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Pick both a start and an end day.';
  if (from > to) return 'The start comes after the end.';
  if (to > today) return 'The end is in the future; pick today or earlier.';
  if (rangeLength({ from, to }) > MAX_CUSTOM_DAYS) {
    return `A range covers at most ${MAX_CUSTOM_DAYS} days.`;
  }
  return null;
}

/** The range in the URL; a custom range that is not valid (today in `timezone`) reads as 30 days. */
export function readRange(params: URLSearchParams, today: string): RangeChoice {
  if (params.get('range') === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (customRangeError(from, to, today) === null) return { kind: 'custom', from, to };
    return { kind: 'preset', days: 30 };
  }
  return { kind: 'preset', days: parseRange(params.get('range')) };
}

/** The URL search params with the range written in (and a stale from/to dropped). */
export function writeRange(params: URLSearchParams, choice: RangeChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  if (choice.kind === 'custom') {
    next.set('range', 'custom');
    next.set('from', choice.from);
    next.set('to', choice.to);
  } else {
    next.set('range', String(choice.days));
    next.delete('from');
    next.delete('to');
  }
  return next;
}

export type ResolvedRange = {
  filter: DayRange;
  /** Days in the range, both ends included. */
  days: number;
  interval: TrendInterval;
  today: string;
};

export function resolveRange(choice: RangeChoice, timezone: string, now?: Date): ResolvedRange {
  const today = todayIn(timezone, now);
  const filter =
    choice.kind === 'custom'
      ? { from: choice.from, to: choice.to }
      : { from: addDays(today, -(choice.days - 1)), to: today };
  const days = rangeLength(filter);
  // Daily points up to a month; longer ranges read better by week.
  return { filter, days, interval: days > 31 ? 'WEEK' : 'DAY', today };
}
