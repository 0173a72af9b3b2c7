import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, singleLine } from '../validation/plain-text';

/** Limits of the public quick check (docs/security.md); the web form and the API share them. */
export const QUICK_SCORE_LIMITS = {
  maxCompetitors: 3,
  perHour: 5,
  perDay: 20,
  dedupeHours: 24,
  retentionDays: 30,
  prompts: 10,
} as const;

/**
 * The quick check asks its questions in English (generate-prompts.ts templates): the analyzer's
 * language hint for answers too short to tell their own language (docs/analysis.md).
 */
export const QUICK_SCORE_PROMPT_LANGUAGE = 'en';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const RESERVED_TLDS = new Set([
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'test',
  'invalid',
  'example',
  'onion',
]);

/**
 * Turns what a person types as a website ("acme.com", "https://www.acme.com/pricing?x=1") into
 * its domain ("acme.com"), or explains why it is not a public domain.
 */
export function normalizeWebsite(
  input: string,
): { ok: true; domain: string } | { ok: false; message: string } {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: 'Enter your website, for example acme.com.' };
  if (raw.length > 2048) return { ok: false, message: 'That address is too long.' };
  let host: string;
  try {
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
    if (hasScheme && !/^https?:\/\//i.test(raw)) {
      return { ok: false, message: 'Use a web address starting with http:// or https://.' };
    }
    const url = new URL(hasScheme ? raw : `https://${raw}`);
    if (url.username || url.password)
      return { ok: false, message: 'Leave out user names and passwords.' };
    host = url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return { ok: false, message: 'Enter a valid website, for example acme.com.' };
  }
  if (host.startsWith('[') || host.includes(':') || IPV4.test(host)) {
    return { ok: false, message: 'Enter a domain name, not an IP address.' };
  }
  host = host.replace(/^www\./, '');
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^[a-z][a-z0-9-]*$/.test(tld)) {
    return { ok: false, message: 'Enter a public domain, for example acme.com.' };
  }
  if (RESERVED_TLDS.has(tld) || host === 'localhost') {
    return {
      ok: false,
      message: 'Enter a public domain; local and private names cannot be checked.',
    };
  }
  return { ok: true, domain: host };
}

const website = z.string().transform((value, ctx) => {
  const result = normalizeWebsite(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.domain;
});

const optionalWebsite = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const result = normalizeWebsite(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.domain;
  });

export const QuickScoreInputSchema = z.object({
  brandName: z
    .string()
    .trim()
    .min(1, 'Enter your brand name.')
    .max(100, 'Brand name: at most 100 characters.')
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  website,
  industry: z
    .string()
    .trim()
    .min(2, 'Industry: at least 2 characters, for example "CRM software".')
    .max(100, 'Industry: at most 100 characters.')
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  country: z
    .string()
    .trim()
    .max(60, 'Country: at most 60 characters.')
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null)),
  competitors: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, 'Enter the competitor’s name.')
          .max(100, 'At most 100 characters.')
          .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
        website: optionalWebsite,
      }),
    )
    .max(
      QUICK_SCORE_LIMITS.maxCompetitors,
      `At most ${QUICK_SCORE_LIMITS.maxCompetitors} competitors.`,
    )
    .nullish()
    .transform((v) => v ?? []),
});

export type QuickScoreInput = z.input<typeof QuickScoreInputSchema>;
export type ValidQuickScoreInput = z.output<typeof QuickScoreInputSchema>;
