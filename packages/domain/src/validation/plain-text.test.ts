import { describe, expect, it } from 'vitest';
import { QuickScoreInputSchema } from '../quick-score/quick-score-input';
import { hasControlCharacters } from './plain-text';

describe('hasControlCharacters', () => {
  it.each([
    ['Acme CRM', false, false],
    ['Acme\u0000CRM', false, true],
    ['Acme\u0007', false, true],
    ['Acme\u007f', false, true],
    ['line one\nline two\ttab', true, false],
    ['line one\nline two', false, true],
    ['nul\u0000in a message', true, true],
    ['Café Ünïcode — “quotes”', false, false],
  ])('%j (multiline %s) → %s', (text, multiline, expected) => {
    expect(hasControlCharacters(text, { multiline })).toBe(expected);
  });

  it('the quick-score schema refuses a NUL byte in any text field', () => {
    const base = { brandName: 'Acme', website: 'acme.com', industry: 'CRM software' };
    for (const input of [
      { ...base, brandName: 'Ac\u0000me' },
      { ...base, industry: 'CRM\u0000' },
      { ...base, country: 'Ger\u0000many' },
      { ...base, competitors: [{ name: 'Riv\u0000al' }] },
    ]) {
      const result = QuickScoreInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/control characters/);
    }
    expect(QuickScoreInputSchema.safeParse(base).success).toBe(true);
  });
});
