import { describe, expect, it } from 'vitest';
import { parseRecipients, periodError, presetPeriod } from './reportPeriod';

describe('presetPeriod', () => {
  const now = new Date('2026-03-15T10:00:00Z');
  it.each([
    ['7', { from: '2026-03-09', to: '2026-03-15' }],
    ['30', { from: '2026-02-14', to: '2026-03-15' }],
    ['month', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('%s → %o', (preset, want) => expect(presetPeriod(preset, now)).toEqual(want));

  it('last calendar month across a year', () => {
    expect(presetPeriod('month', new Date('2026-01-03T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
});

describe('periodError and parseRecipients', () => {
  it('needs both days in order', () => {
    expect(periodError('', '2026-01-01')).toBe('Choose the first and the last day.');
    expect(periodError('2026-02-01', '2026-01-01')).toBe('The last day comes after the first.');
    expect(periodError('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('splits on commas, spaces and lines, deduplicated', () => {
    expect(parseRecipients('A@x.co, b@y.co\nc@z.co;  a@x.co ')).toEqual([
      'a@x.co',
      'b@y.co',
      'c@z.co',
    ]);
  });
});
