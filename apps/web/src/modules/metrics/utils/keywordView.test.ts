import { describe, expect, it } from 'vitest';
import { cellText, historyText } from './keywordView';

const base = {
  answerId: 'a',
  failed: false,
  mentioned: false,
  rank: null,
  cited: false,
  competitors: 0,
};

describe('keywordView', () => {
  it('says what a cell holds, short and in full', () => {
    expect(cellText({ ...base, answerId: null })).toEqual({
      short: 'not asked',
      extra: null,
      long: 'not asked in this run',
    });
    expect(cellText({ ...base, failed: true }).short).toBe('failed');
    expect(cellText({ ...base, mentioned: true, rank: 2, cited: true })).toEqual({
      short: 'Mentioned · #2',
      extra: 'cited',
      long: 'mentioned, rank 2, your domain cited',
    });
    expect(cellText({ ...base, cited: true, competitors: 2 })).toEqual({
      short: 'not mentioned',
      extra: 'cited · 2 competitors',
      long: 'not mentioned, your domain cited, 2 competitors named',
    });
  });

  it('sums a prompt’s history up in a line', () => {
    expect(historyText([])).toBe('no runs');
    expect(
      historyText([
        { answers: 2, mentioned: 0, averageRank: null },
        { answers: 2, mentioned: 2, averageRank: 1.5 },
      ]),
    ).toBe('2 runs · latest 2 of 2 (100\u00a0%), #1.5');
  });
});
