import { describe, expect, it } from 'vitest';
import { nothingMovedText } from './report-view';

const period = {
  from: '2026-11-01',
  to: '2026-11-30',
  previousFrom: '2026-10-02',
  previousTo: '2026-10-31',
};
const kpisWith = (previousAnswers: number) =>
  ({ previous: { answers: previousAnswers } }) as Parameters<typeof nothingMovedText>[0]['kpis'];

describe('nothingMovedText', () => {
  it('says nothing moved beyond noise when there was a period to compare with', () => {
    expect(nothingMovedText({ kpis: kpisWith(40), period: period as never })).toBe(
      'Nothing moved beyond noise: every change in this period is inside the overlap of the two periods’ 95 % intervals.',
    );
  });

  it('says there was nothing to compare with when the period before has no answers', () => {
    expect(nothingMovedText({ kpis: kpisWith(0), period: period as never })).toBe(
      'Nothing to compare with yet: the period before (2 Oct 2026 – 31 Oct 2026) has no answers, so no change can be told apart from noise.',
    );
  });
});
