import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainScore, formulaText, SCORE_WEIGHTS, visibilityScore } from './score';

describe('visibilityScore', () => {
  const cases = [
    { name: 'nothing', mr: 0, pw: 0, cr: 0, sov: 0, score: 0 },
    { name: 'everything', mr: 1, pw: 1, cr: 1, sov: 1, score: 100 },
    { name: 'mentioned everywhere, always third', mr: 1, pw: 1 / 3, cr: 0, sov: 0.25, score: 54 },
    { name: 'only citations', mr: 0, pw: 0, cr: 1, sov: 0, score: 15 },
    { name: 'half of everything', mr: 0.5, pw: 0.5, cr: 0.5, sov: 0.5, score: 50 },
    { name: 'exact half point rounds up', mr: 0.5, pw: 0.25, cr: 0, sov: 0.5, score: 35 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(
        visibilityScore({
          mentionRate: c.mr,
          positionWeighted: c.pw,
          citationRate: c.cr,
          shareOfVoice: c.sov,
        }),
      ).toBe(c.score);
    });
  }

  it('weights add up to 1 and match the formula text', () => {
    const sum = Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 10);
    expect(formulaText).toContain('0.40 × mention rate');
    expect(formulaText).toContain('0.30 × position-weighted');
    expect(formulaText).toContain('0.15 × citation rate');
    expect(formulaText).toContain('0.15 × share of voice');
  });

  it('explains each term with its points', () => {
    const e = explainScore({
      mentionRate: 0.5,
      positionWeighted: 0.25,
      citationRate: 0.2,
      shareOfVoice: 0.4,
    });
    expect(e.score).toBe(37);
    expect(e.terms.map((t) => [t.key, Math.round(t.points * 100) / 100])).toEqual([
      ['mentionRate', 20],
      ['positionWeighted', 7.5],
      ['citationRate', 3],
      ['shareOfVoice', 6],
    ]);
    expect(e.text).toBe('37 = round(0.40 × 50 % + 0.30 × 25 % + 0.15 × 20 % + 0.15 × 40 %)');
  });

  it('is always an integer in [0, 100], even for out-of-range inputs', () => {
    const x = fc.oneof(fc.double(), fc.double({ min: 0, max: 1 }));
    fc.assert(
      fc.property(x, x, x, x, (mr, pw, cr, sov) => {
        const s = visibilityScore({
          mentionRate: mr,
          positionWeighted: pw,
          citationRate: cr,
          shareOfVoice: sov,
        });
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }),
    );
  });
});
