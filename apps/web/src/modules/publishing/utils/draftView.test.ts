import { describe, expect, it } from 'vitest';
import {
  briefNotice,
  counter,
  draftActions,
  formFrom,
  isDirty,
  placeholderView,
  validateDraftForm,
  writerLabel,
} from './draftView';

const draft = {
  title: 'Best CRM for agencies',
  slug: 'best-crm-for-agencies',
  body: '## Intro\n\nText.',
  excerpt: null,
  metaTitle: 'Best CRM',
  metaDescription: null,
  categories: [3, 1],
  tags: [],
};

describe('draft form', () => {
  it('is not dirty as loaded, nor when only the order of terms changes', () => {
    const saved = formFrom(draft);
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty({ ...saved, categories: [1, 3] }, saved)).toBe(false);
    expect(isDirty({ ...saved, body: `${saved.body}!` }, saved)).toBe(true);
  });

  it('validates with the server’s schema and its messages', () => {
    const result = validateDraftForm({
      ...formFrom(draft),
      slug: 'Bad Slug',
      metaTitle: 'm'.repeat(61),
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        slug: 'Use lower-case letters, digits and single hyphens, e.g. best-crm-tools.',
        metaTitle: 'At most 60 characters.',
      },
    });
    expect(validateDraftForm(formFrom(draft)).ok).toBe(true);
  });

  it.each([
    ['Best CRM', 60, { text: '8 / 60', over: false }],
    ['x'.repeat(161), 160, { text: '161 / 160', over: true }],
  ])('counts %j against %i', (value, max, expected) => {
    expect(counter(value, max)).toEqual(expected);
  });

  it('names the writer and the actions of each status', () => {
    expect(writerLabel('composer')).toBe('Lumen composer (no AI provider)');
    expect(writerLabel('openai')).toBe('openai');
    expect(draftActions('IN_REVIEW')).toEqual({
      canEdit: true,
      canSubmit: false,
      canApprove: true,
      canReturn: true,
    });
    expect(draftActions('PUBLISHING').canEdit).toBe(false);
  });
});

describe('placeholders in the editor', () => {
  const body =
    '## Pricing\n\n[[Fill in: the prices of A and B]]\n\n## FAQ\n\n[[Fill in: your refund policy]]';

  it('lists what is left as it is typed, and blocks review on what is saved', () => {
    const view = placeholderView(body, body);
    expect(view.items.map((p) => [p.section, p.what])).toEqual([
      ['Pricing', 'the prices of A and B'],
      ['FAQ', 'your refund policy'],
    ]);
    expect(view.reviewBlocked).toMatch(
      /^This draft still has 2 placeholders to fill in \(“Pricing”, “FAQ”\)/,
    );
    // Filled in the form but not saved yet: the list is empty, review still waits for the save.
    const filled = body.replace(/\[\[Fill in:[^\]]*\]\]/g, 'From 12 € a seat.');
    expect(placeholderView(filled, body)).toMatchObject({
      items: [],
      reviewBlocked: expect.any(String),
    });
    expect(placeholderView(filled, filled)).toEqual({ items: [], reviewBlocked: null });
  });

  it('says plainly that a composer draft is a brief, and nothing for a provider’s draft', () => {
    expect(briefNotice('composer')).toMatch(/^This draft is a brief to complete\./);
    expect(briefNotice('openai:gpt-4o')).toBeNull();
    expect(briefNotice(null)).toBeNull();
  });
});
