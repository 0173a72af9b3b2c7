import { z } from 'zod';
import { normalizeName } from '../analysis/text-normalize';
import { normalizeWebsite } from '../quick-score/quick-score-input';
import { CONTROL_CHARACTERS_MESSAGE, singleLine } from '../validation/plain-text';
import { MAX_SAMPLES, MIN_SAMPLES } from './samples';

/**
 * What one brand may hold. The API refuses more with BAD_USER_INPUT; plan limits (brands,
 * prompts across the workspace, engines, cadence) are separate: see `plan-limits.ts`.
 */
export const BRAND_LIMITS = {
  maxCompetitors: 20,
  maxKeywords: 50,
  maxPrompts: 500,
  maxAliases: 20,
  maxDomains: 10,
  nameMax: 100,
  aliasMax: 100,
  keywordMax: 100,
  promptMin: 3,
  promptMax: 500,
  descriptionMax: 1000,
  /** Generated prompts per keyword when a keyword is added. */
  promptsPerKeyword: 5,
} as const;

export const CADENCES = ['DAILY', 'WEEKLY', 'MANUAL'] as const;
export type Cadence = (typeof CADENCES)[number];

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}’s name.`)
    .max(BRAND_LIMITS.nameMax, `At most ${BRAND_LIMITS.nameMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE);

const domain = z.string().transform((value, ctx) => {
  const result = normalizeWebsite(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.domain;
});

/** Normalised, deduplicated domains: "https://www.acme.com/x" and "acme.com" are one. */
const domains = z
  .array(domain)
  .max(BRAND_LIMITS.maxDomains, `At most ${BRAND_LIMITS.maxDomains} domains.`)
  .transform((list) => [...new Set(list)]);

/** Trimmed aliases; empty lines dropped, duplicates (as the analyzer sees them) removed. */
const aliases = z
  .array(
    z.string().trim().max(BRAND_LIMITS.aliasMax, `At most ${BRAND_LIMITS.aliasMax} characters.`),
  )
  .max(BRAND_LIMITS.maxAliases, `At most ${BRAND_LIMITS.maxAliases} aliases.`)
  .transform((list) => dedupeBy(list.filter(Boolean), normalizeName));

/**
 * The name is an everyday word ("Harvest"): counted only in brand context (docs/analysis.md).
 * Left out (or null) on an update: unchanged.
 */
const commonWord = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);

/**
 * Answers asked of each prompt × engine per run (docs/metrics.md, "Samples"). Left out (or null):
 * 1 for a new brand, unchanged on an update.
 */
const samples = z
  .number()
  .int('Samples: a whole number from 1 to 5.')
  .min(MIN_SAMPLES, 'Samples: at least 1 answer per prompt and engine.')
  .max(MAX_SAMPLES, `Samples: at most ${MAX_SAMPLES} answers per prompt and engine.`)
  .nullish()
  .transform((v) => v ?? undefined);

export const TrackedCompetitorInputSchema = z.object({
  name: name('competitor'),
  domains: domains.default([]),
  aliases: aliases.default([]),
  commonWord,
});
export type TrackedCompetitorInput = z.input<typeof TrackedCompetitorInputSchema>;
export type ValidTrackedCompetitorInput = z.output<typeof TrackedCompetitorInputSchema>;

export const KeywordTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter a keyword.')
  .max(BRAND_LIMITS.keywordMax, `At most ${BRAND_LIMITS.keywordMax} characters.`);

export const KeywordTextsSchema = z
  .array(KeywordTextSchema)
  .min(1, 'Enter at least one keyword.')
  .max(BRAND_LIMITS.maxKeywords, `At most ${BRAND_LIMITS.maxKeywords} keywords per brand.`)
  .transform((list) => dedupeBy(list, normalizeName));

export const PromptTextSchema = z
  .string()
  .trim()
  .min(BRAND_LIMITS.promptMin, `A prompt needs at least ${BRAND_LIMITS.promptMin} characters.`)
  .max(BRAND_LIMITS.promptMax, `At most ${BRAND_LIMITS.promptMax} characters.`);

export const PromptTextsSchema = z
  .array(PromptTextSchema)
  .min(1, 'Enter at least one prompt.')
  .max(BRAND_LIMITS.maxPrompts, `At most ${BRAND_LIMITS.maxPrompts} prompts per brand.`);

export const ScheduleInputSchema = z
  .object({
    cadence: z.enum(CADENCES),
    hour: z.number().int().min(0, 'An hour from 0 to 23.').max(23, 'An hour from 0 to 23.'),
    weekday: z.number().int().min(0).max(6, 'A weekday from 0 (Sunday) to 6.').nullish(),
    timezone: z
      .string()
      .trim()
      .refine(isTimeZone, 'Choose a time zone such as Europe/Berlin or UTC.'),
  })
  .transform((s) => ({
    ...s,
    // A weekday only means something for a weekly run; Monday unless chosen.
    weekday: s.cadence === 'WEEKLY' ? (s.weekday ?? 1) : null,
  }));
export type ScheduleInput = z.input<typeof ScheduleInputSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const BrandInputSchema = z
  .object({
    name: name('brand'),
    domains: domains.default([]),
    aliases: aliases.default([]),
    commonWord,
    description: optionalText(BRAND_LIMITS.descriptionMax, 'Description'),
    industry: optionalText(100, 'Industry'),
    country: optionalText(60, 'Country'),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language code such as en or de-AT.')
      .default('en'),
    engines: z
      .array(z.string().trim().min(1))
      .min(1, 'Choose at least one engine.')
      .max(20)
      .transform((list) => [...new Set(list)]),
    samples,
    schedule: ScheduleInputSchema,
    competitors: z
      .array(TrackedCompetitorInputSchema)
      .max(
        BRAND_LIMITS.maxCompetitors,
        `At most ${BRAND_LIMITS.maxCompetitors} competitors per brand.`,
      )
      // Null: leave the brand's competitors as they are (an update that does not carry them).
      .nullish()
      .transform((v) => v ?? null),
    keywords: z
      .array(KeywordTextSchema)
      .max(BRAND_LIMITS.maxKeywords, `At most ${BRAND_LIMITS.maxKeywords} keywords per brand.`)
      .nullish()
      .transform((v) => (v ? dedupeBy(v, normalizeName) : null)),
  })
  .superRefine((brand, ctx) => {
    const entities: EntityNames[] = [
      { path: [], name: brand.name, aliases: brand.aliases, domains: brand.domains },
      ...(brand.competitors ?? []).map((c, i) => ({
        path: ['competitors', i],
        name: c.name,
        aliases: c.aliases,
        domains: c.domains,
      })),
    ];
    for (const conflict of findAliasConflicts(entities)) {
      ctx.addIssue({ code: 'custom', path: conflict.path, message: conflict.message });
    }
  });
export type BrandInput = z.input<typeof BrandInputSchema>;
export type ValidBrandInput = z.output<typeof BrandInputSchema>;

/** One tracked entity's names, with where it sits in the input (for field messages). */
export type EntityNames = {
  path: (string | number)[];
  name: string;
  aliases: readonly string[];
  domains: readonly string[];
};

export type AliasConflict = { path: (string | number)[]; message: string };

/**
 * Names, aliases and domains that two tracked entities share. The analyzer gives a shared alias
 * to one of them only, so every mention would be credited to the wrong one: refused instead.
 * Each conflict is reported on the later entity's field.
 */
export function findAliasConflicts(entities: readonly EntityNames[]): AliasConflict[] {
  const owners = new Map<string, { index: number; label: string }>();
  const conflicts: AliasConflict[] = [];
  entities.forEach((entity, index) => {
    const label = entity.name.trim() || 'another entity';
    const entries: [string, (string | number)[], string][] = [
      [normalizeName(entity.name), [...entity.path, 'name'], entity.name],
      ...entity.aliases.map((a, i): [string, (string | number)[], string] => [
        normalizeName(a),
        [...entity.path, 'aliases', i],
        a,
      ]),
      ...entity.domains.map((d, i): [string, (string | number)[], string] => [
        `domain:${d.toLowerCase()}`,
        [...entity.path, 'domains', i],
        d,
      ]),
    ];
    for (const [key, path, shown] of entries) {
      if (!key || key === 'domain:') continue;
      const owner = owners.get(key);
      if (owner && owner.index !== index) {
        conflicts.push({ path, message: `“${shown.trim()}” is already used by ${owner.label}.` });
      } else if (!owner) {
        owners.set(key, { index, label });
      }
    }
  });
  return conflicts;
}

export function isTimeZone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function dedupeBy<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item as T);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
