import { describe, expect, it } from 'vitest';
import { draftFrom, moveSection, toTemplateInput } from './templateDraft';

const faq = {
  __typename: 'Template' as const,
  id: 't1',
  name: 'FAQ page',
  kind: 'FAQ' as const,
  builtIn: true,
  instructions: 'Answer directly.',
  structure: [
    { __typename: 'TemplateSection' as const, heading: 'Overview', guidance: 'What it answers.' },
    { __typename: 'TemplateSection' as const, heading: 'Questions', guidance: '' },
  ],
};

describe('template draft', () => {
  it('starts a copy from a built-in template and turns back into the API input', () => {
    const draft = draftFrom(faq, true);
    expect(draft.name).toBe('FAQ page (copy)');
    expect(new Set(draft.sections.map((s) => s.key)).size).toBe(2);
    expect(toTemplateInput(draft)).toEqual({
      name: 'FAQ page (copy)',
      kind: 'FAQ',
      instructions: 'Answer directly.',
      structure: [
        { heading: 'Overview', guidance: 'What it answers.' },
        { heading: 'Questions', guidance: '' },
      ],
    });
    expect(draftFrom(faq, false).name).toBe('FAQ page');
  });

  it('moves a section within the list only', () => {
    expect(moveSection(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveSection(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveSection(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveSection(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
