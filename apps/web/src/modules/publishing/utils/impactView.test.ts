import { describe, expect, it } from 'vitest';
import { evidenceView, highlight, rateWithInterval, verdictView } from './impactView';

describe('impact view', () => {
  it('writes a rate with its interval', () => {
    expect(rateWithInterval({ value: 0.4, low: 0.1777, high: 0.6423 })).toBe(
      '40\u00a0% (18–64\u00a0%)',
    );
  });

  it('names each verdict, and says so when there is none', () => {
    expect(verdictView('MOVED_UP')).toEqual({ label: 'Moved up', tone: 'success' });
    expect(verdictView('MOVED_DOWN')).toEqual({ label: 'Moved down', tone: 'danger' });
    expect(verdictView('WITHIN_NOISE').label).toBe('Within noise');
    expect(verdictView(null).label).toBe('No comparison yet');
  });

  it('names the evidence verdict the opportunity is resolved on', () => {
    expect(evidenceView('IMPROVED')).toEqual({ label: 'Improved', tone: 'success' });
    expect(evidenceView('WORSENED')).toEqual({ label: 'Worse', tone: 'danger' });
    expect(evidenceView('WITHIN_NOISE').label).toBe('Within noise');
    expect(evidenceView('NOT_ENOUGH_DATA').label).toBe('Not enough data yet');
  });

  it.each([
    { spans: [], expected: [{ text: 'Acme and Acme', mark: false }] },
    {
      spans: [
        { start: 9, end: 13 },
        { start: 0, end: 4 },
      ],
      expected: [
        { text: 'Acme', mark: true },
        { text: ' and ', mark: false },
        { text: 'Acme', mark: true },
      ],
    },
    {
      // Overlapping and out-of-range spans still cover the text once.
      spans: [
        { start: 0, end: 6 },
        { start: 2, end: 8 },
        { start: 12, end: 99 },
      ],
      expected: [
        { text: 'Acme and', mark: true },
        { text: ' Acm', mark: false },
        { text: 'e', mark: true },
      ],
    },
  ])('highlights $spans', ({ spans, expected }) => {
    expect(highlight('Acme and Acme', spans)).toEqual(expected);
  });
});
