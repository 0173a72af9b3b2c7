import { describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS, TemplateInputSchema } from './template';

const valid = {
  name: '  Buyer’s guide ',
  kind: 'listicle',
  instructions: 'Lead with the verdict.\nCite sources.',
  structure: [
    { heading: ' Verdict ', guidance: 'Two sentences.' },
    { heading: 'Options', guidance: '' },
  ],
};

function fieldsOf(input: unknown): Record<string, string> {
  const result = TemplateInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('TemplateInputSchema', () => {
  it('trims text and keeps line breaks in instructions and guidance', () => {
    const parsed = TemplateInputSchema.parse(valid);
    expect(parsed.name).toBe('Buyer’s guide');
    expect(parsed.instructions).toBe('Lead with the verdict.\nCite sources.');
    expect(parsed.structure[0]).toEqual({ heading: 'Verdict', guidance: 'Two sentences.' });
  });

  it.each([
    [{ name: '   ' }, 'name', 'Name the template.'],
    [{ name: 'x'.repeat(TEMPLATE_LIMITS.nameMax + 1) }, 'name', 'At most 100 characters.'],
    [{ name: 'a\u0000b' }, 'name', 'Remove control characters (such as NUL) from this text.'],
    [{ kind: 'essay' }, 'kind', 'Choose a content kind.'],
    [{ structure: [] }, 'structure', 'Add at least one section.'],
    [
      { structure: [{ heading: ' ', guidance: '' }] },
      'structure.0.heading',
      'Give the section a heading.',
    ],
    [
      { structure: Array.from({ length: 21 }, () => ({ heading: 'h', guidance: '' })) },
      'structure',
      'At most 20 sections.',
    ],
    [
      { instructions: 'x'.repeat(TEMPLATE_LIMITS.instructionsMax + 1) },
      'instructions',
      'At most 4000 characters.',
    ],
  ])('%j → %s: %s', (patch, field, message) => {
    expect(fieldsOf({ ...valid, ...patch })[field]).toBe(message);
  });

  it('accepts every content kind', () => {
    for (const kind of ['listicle', 'comparison', 'faq', 'how-to', 'glossary']) {
      expect(TemplateInputSchema.safeParse({ ...valid, kind }).success).toBe(true);
    }
  });
});
