import {
  type DayRange,
  lastDays,
  type TrendInterval,
  todayIn,
} from '@lumen/domain/metrics/periods';
import { formatDay, percent, sentimentWord, signed } from '../../../ui/format';

// Pure formatting for the numbers pages (docs/metrics.md): every rate as a percentage, every
// change with its verdict, every empty value said plainly.

export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

export function parseRange(value: string | null): RangeDays {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as RangeDays) : 30;
}

export function rangeFor(days: RangeDays, timezone: string, now?: Date): DayRange {
  return lastDays(todayIn(timezone, now), days);
}

/** Daily points up to a month; a quarter reads better by week. */
export function intervalFor(days: RangeDays): TrendInterval {
  return days > 30 ? 'WEEK' : 'DAY';
}

export type Verdict = 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE';
export type Tone = 'up' | 'down' | 'neutral';

export function verdictView(verdict: Verdict): { label: string; tone: Tone } {
  if (verdict === 'MOVED_UP') return { label: 'moved up', tone: 'up' };
  if (verdict === 'MOVED_DOWN') return { label: 'moved down', tone: 'down' };
  return { label: 'within noise', tone: 'neutral' };
}

/** Mention-rate points between two rates, rounded: 0.4 → 0.75 is "+35 pts". */
export function ratePoints(change: number): string {
  return signed(Math.round(change * 100), ' pts');
}

export function sentimentText(sentiment: number | null): string {
  if (sentiment === null) return 'not scored';
  return `${Math.round(sentiment)} · ${sentimentWord(sentiment)}`;
}

export function dayLabel(day: string, interval: TrendInterval = 'DAY'): string {
  const text = formatDay(day, 'en-GB');
  return interval === 'WEEK' ? `week of ${text}` : text;
}

type Change = { mentionRate: number; verdict: Verdict; previousMentionRate: { value: number } };

/**
 * One sentence on what happened to a mention rate: "Northwind CRM's mention rate on Local Claude
 * rose from 40 % to 75 %: moved."
 */
export function changeSentence(
  brand: string,
  engine: string | null,
  current: { mentionRate: { value: number } },
  change: Change,
): string {
  const before = percent(change.previousMentionRate.value);
  const after = percent(current.mentionRate.value);
  const where = engine ? ` on ${engine}` : '';
  const verb = change.mentionRate > 0 ? 'rose' : change.mentionRate < 0 ? 'fell' : 'held';
  const verdict = change.verdict === 'WITHIN_NOISE' ? 'within noise' : 'moved';
  const path = verb === 'held' ? `at ${after}` : `from ${before} to ${after}`;
  return `${brand}’s mention rate${where} ${verb} ${path}: ${verdict}.`;
}

type Moving = {
  mentionRate: { value: number };
  change: Change | null;
};

export type MovedBrand = Moving & {
  name: string;
  byEngine: (Moving & { label: string })[];
};

/**
 * "What moved since last week", in sentences: every mention rate that moved (overall or on one
 * engine), biggest first, then — when nothing moved — the largest change that stayed within noise,
 * so the reader knows it was looked at. At most `limit` sentences.
 */
export function whatMoved(
  brands: readonly MovedBrand[],
  limit = 6,
): {
  sentences: string[];
  movedCount: number;
} {
  const all = brands.flatMap((b) => [
    ...(b.change
      ? [
          {
            size: Math.abs(b.change.mentionRate),
            moved: b.change.verdict !== 'WITHIN_NOISE',
            text: changeSentence(b.name, null, b, b.change),
          },
        ]
      : []),
    ...b.byEngine.flatMap((e) =>
      e.change
        ? [
            {
              size: Math.abs(e.change.mentionRate),
              moved: e.change.verdict !== 'WITHIN_NOISE',
              text: changeSentence(b.name, e.label, e, e.change),
            },
          ]
        : [],
    ),
  ]);
  const moved = all.filter((x) => x.moved).sort((a, b) => b.size - a.size);
  if (moved.length > 0) {
    return { sentences: moved.slice(0, limit).map((x) => x.text), movedCount: moved.length };
  }
  const biggest = all.filter((x) => x.size > 0).sort((a, b) => b.size - a.size)[0];
  return { sentences: biggest ? [biggest.text] : [], movedCount: 0 };
}
