import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, multiLine, singleLine } from '../validation/plain-text';
import { SLUG_MAX, SLUG_PATTERN } from './slug';

// What a person may save on a draft (docs/publishing.md, "Orders and drafts"). The web editor
// validates with this same schema and shows the same messages under each field.

export const DRAFT_LIMITS = {
  titleMax: 200,
  /** The body in UTF-8 bytes (200 KB): far above any article, far below what hurts. */
  bodyMaxBytes: 200 * 1024,
  excerptMax: 1000,
  /** What search engines show before cutting (the editor counts down from these). */
  metaTitleMax: 60,
  metaDescriptionMax: 160,
  termsMax: 50,
} as const;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const optionalText = (max: number, refine: (value: string) => boolean) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(refine, CONTROL_CHARACTERS_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));

const termIds = z
  .array(z.number().int('Not a WordPress term.').positive('Not a WordPress term.'))
  .max(DRAFT_LIMITS.termsMax, `At most ${DRAFT_LIMITS.termsMax}.`)
  .transform((ids) => [...new Set(ids)]);

/** A saved edit: every field is replaced. */
export const DraftInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the draft a title.')
    .max(DRAFT_LIMITS.titleMax, `At most ${DRAFT_LIMITS.titleMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  slug: z
    .string()
    .trim()
    .min(1, 'Give the draft a slug (the last part of its address).')
    .max(SLUG_MAX, `At most ${SLUG_MAX} characters.`)
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, e.g. best-crm-tools.'),
  body: z
    .string()
    .refine((body) => body.trim().length > 0, 'The draft has no text.')
    .refine(
      (body) => utf8Bytes(body) <= DRAFT_LIMITS.bodyMaxBytes,
      'The text is longer than 200 KB; split it into two pieces.',
    )
    .refine(multiLine, CONTROL_CHARACTERS_MESSAGE),
  excerpt: optionalText(DRAFT_LIMITS.excerptMax, multiLine),
  metaTitle: optionalText(DRAFT_LIMITS.metaTitleMax, singleLine),
  metaDescription: optionalText(DRAFT_LIMITS.metaDescriptionMax, singleLine),
  categories: termIds,
  tags: termIds,
});

export type DraftInput = z.infer<typeof DraftInputSchema>;
