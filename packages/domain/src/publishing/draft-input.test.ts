import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, DraftInputSchema } from './draft-input';

const valid = {
  title: '  Best CRM for small agencies ',
  slug: 'best-crm-for-small-agencies',
  body: '## The short answer\n\nNorthwind CRM is built for agencies.',
  excerpt: '  ',
  metaTitle: 'Best CRM for small agencies',
  metaDescription: null,
  categories: [3, 3, 7],
  tags: [],
};

function fieldsOf(input: unknown): Record<string, string> {
  const result = DraftInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const i of result.error.issues) fields[i.path.join('.')] ??= i.message;
  return fields;
}

describe('DraftInputSchema', () => {
  it('trims, turns blank optional text into null and drops repeated terms', () => {
    const parsed = DraftInputSchema.parse(valid);
    expect(parsed.title).toBe('Best CRM for small agencies');
    expect(parsed.excerpt).toBeNull();
    expect(parsed.metaDescription).toBeNull();
    expect(parsed.categories).toEqual([3, 7]);
  });

  it('accepts a body of exactly 200 KB and a meta title of exactly 60', () => {
    const body = 'a'.repeat(DRAFT_LIMITS.bodyMaxBytes);
    expect(fieldsOf({ ...valid, body, metaTitle: 'm'.repeat(60) })).toEqual({});
  });

  it.each([
    [{ title: ' ' }, 'title', 'Give the draft a title.'],
    [{ title: 't'.repeat(201) }, 'title', 'At most 200 characters.'],
    [{ title: 'a\u0000b' }, 'title', 'Remove control characters (such as NUL) from this text.'],
    [
      { slug: 'Best CRM' },
      'slug',
      'Use lower-case letters, digits and single hyphens, e.g. best-crm-tools.',
    ],
    [
      { slug: 'double--hyphen' },
      'slug',
      'Use lower-case letters, digits and single hyphens, e.g. best-crm-tools.',
    ],
    [{ slug: '' }, 'slug', 'Give the draft a slug (the last part of its address).'],
    [{ slug: 'a'.repeat(101) }, 'slug', 'At most 100 characters.'],
    [{ body: '  \n ' }, 'body', 'The draft has no text.'],
    // 2-byte characters: under 200 K characters, over 200 KB.
    [
      { body: 'é'.repeat(DRAFT_LIMITS.bodyMaxBytes / 2 + 1) },
      'body',
      'The text is longer than 200 KB; split it into two pieces.',
    ],
    [{ metaTitle: 'm'.repeat(61) }, 'metaTitle', 'At most 60 characters.'],
    [{ metaDescription: 'd'.repeat(161) }, 'metaDescription', 'At most 160 characters.'],
    [{ excerpt: 'e'.repeat(1001) }, 'excerpt', 'At most 1000 characters.'],
    [{ categories: [0] }, 'categories.0', 'Not a WordPress term.'],
    [{ tags: Array.from({ length: 51 }, (_, i) => i + 1) }, 'tags', 'At most 50.'],
  ])('case %#', (patch, field, message) => {
    expect(fieldsOf({ ...valid, ...patch })[field]).toBe(message);
  });
});
