import { describe, expect, it } from 'vitest';
import { formatPoints, scoreBand, scoreTerms } from './scoreTerms';

const formula = {
  weights: [
    { name: 'Mention rate', key: 'mentionRate', weight: 0.4 },
    { name: 'Position-weighted mention rate', key: 'positionWeighted', weight: 0.3 },
    { name: 'Citation rate', key: 'citationRate', weight: 0.15 },
    { name: 'Share of voice', key: 'shareOfVoice', weight: 0.15 },
  ],
};

describe('scoreTerms', () => {
  it('gives each weighted term its points, adding up to the score before rounding', () => {
    const result = {
      score: 43,
      mentionRate: { value: 0.6 },
      positionWeighted: 0.35,
      citationRate: 0.2,
      shareOfVoice: 0.25,
    };
    const terms = scoreTerms(result, formula);
    expect(terms.map((t) => [t.key, t.value, Number(t.points.toFixed(4))])).toEqual([
      ['mentionRate', 0.6, 24],
      ['positionWeighted', 0.35, 10.5],
      ['citationRate', 0.2, 3],
      ['shareOfVoice', 0.25, 3.75],
    ]);
    const total = terms.reduce((sum, t) => sum + t.points, 0);
    expect(Math.round(total)).toBe(41);
  });

  it('is all zeros for a brand that is never named', () => {
    const zero = {
      score: 0,
      mentionRate: { value: 0 },
      positionWeighted: 0,
      citationRate: 0,
      shareOfVoice: 0,
    };
    expect(scoreTerms(zero, formula).map((t) => t.points)).toEqual([0, 0, 0, 0]);
  });

  it('clamps out-of-range metrics and skips unknown weights', () => {
    const result = {
      score: 70,
      mentionRate: { value: 1.3 },
      positionWeighted: Number.NaN,
      citationRate: -1,
      shareOfVoice: 1,
    };
    const terms = scoreTerms(result, {
      weights: [...formula.weights, { name: 'Sentiment', key: 'sentiment', weight: 0.1 }],
    });
    expect(terms.map((t) => [t.key, t.points])).toEqual([
      ['mentionRate', 40],
      ['positionWeighted', 0],
      ['citationRate', 0],
      ['shareOfVoice', 15],
    ]);
  });
});

describe('scoreBand', () => {
  it.each([
    [0, 'Not visible yet'],
    [1, 'Low visibility'],
    [24, 'Low visibility'],
    [25, 'Some visibility'],
    [50, 'Good visibility'],
    [75, 'Strong visibility'],
    [100, 'Strong visibility'],
  ])('%s → %s', (score, label) => {
    expect(scoreBand(score).label).toBe(label);
  });
});

describe('formatPoints', () => {
  it.each([
    [0, '0'],
    [24, '24'],
    [10.5, '10.5'],
    [3.75, '3.8'],
    [12.04, '12'],
  ])('%s → %s', (points, expected) => {
    expect(formatPoints(points)).toBe(expected);
  });
});
