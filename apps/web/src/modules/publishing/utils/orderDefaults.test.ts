import { describe, expect, it } from 'vitest';
import { defaultSiteId, defaultTemplateId } from './orderDefaults';

const templates = [
  { id: 'listicle', kind: 'LISTICLE', builtIn: true },
  { id: 'faq', kind: 'FAQ', builtIn: true },
  { id: 'mine-faq', kind: 'FAQ', builtIn: false },
] as const;

describe('defaultTemplateId', () => {
  it.each([
    ['FAQ', 'faq'],
    ['LISTICLE', 'listicle'],
    ['GLOSSARY', 'listicle'],
    [null, 'listicle'],
  ] as const)('%s → %s', (kind, id) => expect(defaultTemplateId(templates, kind)).toBe(id));

  it('falls back to a custom template, or nothing', () => {
    expect(defaultTemplateId([templates[2]], 'LISTICLE')).toBe('mine-faq');
    expect(defaultTemplateId([], 'FAQ')).toBe('');
  });
});

describe('defaultSiteId', () => {
  it('prefers a connected site, else the first, else none', () => {
    expect(
      defaultSiteId([
        { id: 'a', status: 'FAILING' },
        { id: 'b', status: 'CONNECTED' },
      ]),
    ).toBe('b');
    expect(defaultSiteId([{ id: 'a', status: 'FAILING' }])).toBe('a');
    expect(defaultSiteId([])).toBe('');
  });
});
