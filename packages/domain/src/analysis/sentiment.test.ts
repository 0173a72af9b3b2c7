import { describe, expect, it } from 'vitest';
import { labelSentiment, sentenceSentiment, sentimentScore } from './sentiment';

describe('sentenceSentiment', () => {
  const cases = [
    ['HubSpot is the best free CRM, with excellent support.', 'positive'],
    ['Pipedrive is intuitive and reliable.', 'positive'],
    ['Salesforce can be expensive and complex for small teams.', 'negative'],
    ['Acme is not a good fit for enterprises.', 'negative'],
    ["Acme isn't reliable.", 'negative'],
    ['Acme is not bad at all.', 'positive'],
    ['Zoho was founded in 1996.', 'neutral'],
    ['Best for: small teams.', 'neutral'],
    ['Acme offers a free plan.', 'neutral'],
    ['The interface is clunky, but support is excellent.', 'positive'],
    ['Support is excellent, but the interface is clunky and buggy.', 'negative'],
    ['', 'neutral'],
  ] as const;
  for (const [sentence, label] of cases) {
    it(`${sentence || '(empty)'} → ${label}`, () => {
      expect(labelSentiment(sentenceSentiment(sentence))).toBe(label);
    });
  }

  it('boosters strengthen', () => {
    expect(sentenceSentiment('Acme is very good.')).toBeGreaterThan(
      sentenceSentiment('Acme is good.'),
    );
  });

  it('stays within [-1, 1]', () => {
    const s = sentenceSentiment('excellent '.repeat(200));
    expect(s).toBeLessThanOrEqual(1);
    expect(sentenceSentiment('terrible '.repeat(200))).toBeGreaterThanOrEqual(-1);
    expect(s).toBeGreaterThan(0.99);
  });
});

describe('labelSentiment and sentimentScore', () => {
  const labels = [
    [0.06, 'positive'],
    [0.05, 'neutral'],
    [0, 'neutral'],
    [-0.05, 'neutral'],
    [-0.06, 'negative'],
  ] as const;
  for (const [score, label] of labels) {
    it(`${score} → ${label}`, () => expect(labelSentiment(score)).toBe(label));
  }
  it('0–100 scale: 50 + 50 × mean', () => {
    expect(sentimentScore(0)).toBe(50);
    expect(sentimentScore(1)).toBe(100);
    expect(sentimentScore(-1)).toBe(0);
    expect(sentimentScore(0.2)).toBe(60);
  });
});
