import { describe, expect, it } from 'vitest';
import {
  counter,
  draftActions,
  formFrom,
  isDirty,
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
