import { z } from 'zod';
import { isDay, rangeLength } from './periods';

/** The longest range one request may ask for: a year and a bit, so the previous period fits too. */
export const MAX_RANGE_DAYS = 400;

const Day = z.string().refine(isDay, 'Use a calendar day as YYYY-MM-DD.');

/** The filter of every metrics field (docs/metrics.md, "Reading the numbers"). */
export const MetricsFilterSchema = z
  .object({
    from: Day,
    to: Day,
    engines: z.array(z.string().trim().min(1).max(64)).max(20).nullish(),
    keywordIds: z.array(z.uuid('Unknown keyword.')).max(100).nullish(),
    includeBranded: z.boolean().nullish(),
  })
  .refine((f) => f.from <= f.to, { path: ['to'], message: 'The end comes before the start.' })
  .refine((f) => f.from > f.to || rangeLength(f) <= MAX_RANGE_DAYS, {
    path: ['from'],
    message: `A range covers at most ${MAX_RANGE_DAYS} days.`,
  });

export type MetricsFilter = z.infer<typeof MetricsFilterSchema>;
