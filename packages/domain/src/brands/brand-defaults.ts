import { z } from 'zod';
import { CADENCES, isTimeZone } from './brand-input';
import { MAX_SAMPLES, MIN_SAMPLES } from './samples';

/**
 * What a workspace's new brands start with (Settings → Workspace, docs/brands.md "Defaults for
 * new brands"): the brand form is filled with these, and the person can change each before saving.
 * Engines the workspace can no longer ask are dropped by the form, not here.
 */
export const BrandDefaultsSchema = z.object({
  engines: z
    .array(z.string().trim().min(1).max(100))
    .max(20, 'At most 20 engines.')
    .transform((list) => [...new Set(list)]),
  samples: z
    .number()
    .int()
    .min(MIN_SAMPLES, `Samples: at least ${MIN_SAMPLES}.`)
    .max(MAX_SAMPLES, `Samples: at most ${MAX_SAMPLES} answers per prompt and engine.`),
  cadence: z.enum(CADENCES),
  hour: z.number().int().min(0, 'An hour from 0 to 23.').max(23, 'An hour from 0 to 23.'),
  weekday: z.number().int().min(0).max(6, 'A weekday from 0 (Sunday) to 6.'),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Choose a time zone such as Europe/Berlin or UTC.'),
  country: z
    .string()
    .trim()
    .max(60, 'Country: at most 60 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language code such as en or de-AT.'),
});

export type BrandDefaultsInput = z.input<typeof BrandDefaultsSchema>;
export type BrandDefaults = z.output<typeof BrandDefaultsSchema>;

/** Stored defaults read back: anything that no longer parses counts as none. */
export function readBrandDefaults(stored: unknown): BrandDefaults | null {
  if (stored === null || stored === undefined) return null;
  const parsed = BrandDefaultsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
