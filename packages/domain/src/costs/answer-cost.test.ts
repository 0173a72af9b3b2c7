import { describe, expect, it } from 'vitest';
import { answerCostUsd, estimateRunCost, typicalAnswerCostUsd } from './answer-cost';

const gpt5mini = { inputPerMTok: 0.25, outputPerMTok: 2, perSearchCall: 0.01 };

describe('answerCostUsd', () => {
  it.each([
    // 1 200 × 0.25 / 1e6 = 0.0003; 800 × 2 / 1e6 = 0.0016; 1 search = 0.01 → 0.0119
    [
      'tokens and one search',
      { inputTokens: 1200, outputTokens: 800, searchCalls: 1 },
      gpt5mini,
      0.0119,
    ],
    // 1 000 000 × 3 / 1e6 = 3; 200 000 × 15 / 1e6 = 3 → 6
    [
      'a million input tokens',
      { inputTokens: 1_000_000, outputTokens: 200_000 },
      { inputPerMTok: 3, outputPerMTok: 15 },
      6,
    ],
    // Perplexity sonar: 26 × 1 + 48 × 1 = 74 µ$ + 5 / 1000 request fee = 0.005074
    [
      'a request fee',
      { inputTokens: 26, outputTokens: 48 },
      { inputPerMTok: 1, outputPerMTok: 1, perRequest: 0.005 },
      0.005074,
    ],
    // 3 × 0.15 = 0.45 µ$: kept, not rounded to 0
    [
      'a few tokens of a cheap model',
      { inputTokens: 3, outputTokens: 0 },
      { inputPerMTok: 0.15, outputPerMTok: 0.6 },
      0.00000045,
    ],
    // Two searches at $10 per 1 000 = 0.02; tokens 0
    ['searches only', { inputTokens: 0, outputTokens: 0, searchCalls: 2 }, gpt5mini, 0.02],
    // A SERP request: a flat fee, no tokens needed
    ['a SERP request', null, { inputPerMTok: 0, outputPerMTok: 0, perRequest: 0.015 }, 0.015],
    [
      'a free engine',
      { inputTokens: 900, outputTokens: 400 },
      { inputPerMTok: 0, outputPerMTok: 0 },
      0,
    ],
  ])('%s', (_name, usage, price, expected) => {
    expect(answerCostUsd(usage, price)).toBe(expected);
  });

  it('is unknown (null), not zero, without a price', () => {
    expect(answerCostUsd({ inputTokens: 10, outputTokens: 10 }, null)).toBeNull();
  });

  it('is unknown when the provider did not report the tokens a rate needs', () => {
    expect(answerCostUsd(null, gpt5mini)).toBeNull();
    expect(answerCostUsd({ inputTokens: 10 }, gpt5mini)).toBeNull();
  });
});

describe('estimates', () => {
  it('prices the typical answer (1 500 in, 700 out, one search)', () => {
    // 1 500 × 0.25 = 375 µ$; 700 × 2 = 1 400 µ$; search 0.01 → 0.011775
    expect(typicalAnswerCostUsd(gpt5mini)).toBe(0.011775);
  });

  it('adds prompts × samples per engine; an unknown price is named, not counted as free', () => {
    const estimate = estimateRunCost([
      { engine: 'openai', answers: 60, answerCostUsd: 0.011775 },
      { engine: 'local-gpt', answers: 60, answerCostUsd: 0 },
      { engine: 'openai-compatible', answers: 60, answerCostUsd: null },
    ]);
    expect(estimate.answers).toBe(180);
    expect(estimate.costUsd).toBe(0.7065); // 60 × 0.011775
    expect(estimate.unpricedEngines).toEqual(['openai-compatible']);
    expect(estimate.byEngine.map((e) => e.costUsd)).toEqual([0.7065, 0, null]);
  });
});
