import { describe, expect, it } from 'vitest';
import { DEFAULT_PERSONA_ID, findPersona, PERSONAS } from './personas';

describe('local personas', () => {
  it('are at least four, and differ in depth, recency weight and citation habit', () => {
    expect(PERSONAS.map((p) => p.id)).toEqual([
      'local-gpt',
      'local-claude',
      'local-gemini',
      'local-perplexity',
    ]);
    for (const field of ['depth', 'recencyWeight', 'citationStyle', 'maxCitations'] as const) {
      expect(new Set(PERSONAS.map((p) => p[field])).size, field).toBe(PERSONAS.length);
    }
  });

  it('resolve `local` to the default persona and accept served model names', () => {
    expect(findPersona('local')?.id).toBe(DEFAULT_PERSONA_ID);
    expect(findPersona('local-claude-1')?.id).toBe('local-claude');
    expect(findPersona('gpt-5')).toBeUndefined();
  });
});
