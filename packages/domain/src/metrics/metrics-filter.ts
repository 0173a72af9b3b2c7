import { z } from 'zod';
import { CountryCodeSchema, LanguageTagSchema } from '../places/place';
import { type DayRange, isDay, lastDays, rangeLength, todayIn } from './periods';

/** The longest range one request may ask for: a year and a bit, so the previous period fits too. */
export const MAX_RANGE_DAYS = 400;

const Day = z.string().refine(isDay, 'Use a calendar day as YYYY-MM-DD.');

/**
 * The filter of every metrics field (docs/metrics.md, "Reading the numbers"). The period is
 * either `from`–`to` (local days of the brand) or `lastDays`: the last n days up to the brand's
 * own today, so a page that shows brands in several timezones asks each for its own week.
 */
export const MetricsFilterSchema = z
  .object({
    from: Day.nullish(),
    to: Day.nullish(),
    lastDays: z
      .int('Give lastDays as a whole number of days.')
      .min(1, 'lastDays is at least 1.')
      .max(MAX_RANGE_DAYS, `A range covers at most ${MAX_RANGE_DAYS} days.`)
      .nullish(),
    engines: z.array(z.string().trim().min(1).max(64)).max(20).nullish(),
    keywordIds: z.array(z.uuid('Unknown keyword.')).max(100).nullish(),
    includeBranded: z.boolean().nullish(),
    // Answers asked for one country (an ISO code) and/or one language (its primary subtag: a
    // filter of de-AT reads every German answer) (docs/metrics.md, "Country and language").
    country: CountryCodeSchema.nullish(),
    language: LanguageTagSchema.transform((tag) => tag.split('-')[0] as string).nullish(),
  })
  .refine((f) => (f.lastDays == null) !== (f.from == null && f.to == null), {
    path: ['lastDays'],
    message: 'Give either from and to, or lastDays.',
  })
  .refine((f) => f.lastDays != null || (f.from != null && f.to != null), {
    path: ['to'],
    message: 'Give both from and to.',
  })
  .refine((f) => f.from == null || f.to == null || f.from <= f.to, {
    path: ['to'],
    message: 'The end comes before the start.',
  })
  .refine(
    (f) =>
      f.from == null ||
      f.to == null ||
      f.from > f.to ||
      rangeLength({ from: f.from, to: f.to }) <= MAX_RANGE_DAYS,
    { path: ['from'], message: `A range covers at most ${MAX_RANGE_DAYS} days.` },
  );

export type MetricsFilter = z.infer<typeof MetricsFilterSchema>;

/** The filter with its period as days of `timezone` (the brand's), `lastDays` ending at its today. */
export function resolvePeriod(
  f: MetricsFilter,
  timezone: string,
  now: Date = new Date(),
): MetricsFilter & DayRange {
  const range =
    f.lastDays != null
      ? lastDays(todayIn(timezone, now), f.lastDays)
      : { from: f.from as string, to: f.to as string };
  return { ...f, ...range };
}
