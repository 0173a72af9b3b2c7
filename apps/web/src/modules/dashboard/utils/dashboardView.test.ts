import { describe, expect, it } from 'vitest';
import { workspaceTotals } from './dashboardView';

describe('workspaceTotals', () => {
  it('sums answers and averages the scores of measured brands only', () => {
    expect(
      workspaceTotals([
        { metrics: { answers: 20, score: 46 } },
        { metrics: { answers: 10, score: 71 } },
        { metrics: { answers: 0, score: 0 } },
      ]),
    ).toEqual({ answers: 30, averageScore: 59, measured: 2 });
    expect(workspaceTotals([{ metrics: { answers: 0, score: 0 } }])).toEqual({
      answers: 0,
      averageScore: null,
      measured: 0,
    });
  });
});
