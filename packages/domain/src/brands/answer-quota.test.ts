import { describe, expect, it } from 'vitest';
import { decideAnswerQuota, isPaidEngine } from './answer-quota';
import { PLAN_LIMITS } from './plan-limits';

describe('isPaidEngine', () => {
  it.each([
    ['local', false],
    ['local-gpt', false],
    ['local-perplexity', false],
    ['openai', true],
    ['anthropic', true],
    ['openai-compatible', true],
  ])('%s → %s', (engine, paid) => expect(isPaidEngine(engine)).toBe(paid));
});

describe('decideAnswerQuota', () => {
  const limit = PLAN_LIMITS.free.answersPerMonth;
  it.each([
    // used, reserved, needed → allowed, remaining
    [0, 0, 0, true, limit],
    [0, 0, limit, true, limit],
    [limit - 10, 0, 10, true, 10],
    [limit - 10, 0, 11, false, 10],
    [limit - 30, 20, 11, false, 10],
    [limit + 5, 0, 0, true, 0],
    [limit + 5, 0, 1, false, 0],
  ])('used %i reserved %i needed %i → %s, %i left', (used, reserved, needed, allowed, left) => {
    const q = decideAnswerQuota({ plan: 'free', used, reserved, needed });
    expect(q.allowed).toBe(allowed);
    expect(q.remaining).toBe(left);
    expect(q.limit).toBe(limit);
  });

  it('says what the run needs and what remains', () => {
    const q = decideAnswerQuota({ plan: 'free', used: limit - 3, reserved: 0, needed: 8 });
    expect(q.message).toBe(
      `This run needs 8 paid answers but only 3 of the Free plan's ${limit} this month remain.`,
    );
  });

  it('names no plan on an instance that sells none', () => {
    const q = decideAnswerQuota({
      plan: 'pro',
      used: 0,
      reserved: 0,
      needed: 60_000,
      named: false,
    });
    expect(q.message).toBe(
      `This run needs 60000 paid answers but only ${PLAN_LIMITS.pro.answersPerMonth} of this workspace's ${PLAN_LIMITS.pro.answersPerMonth} this month remain.`,
    );
  });

  it('grows with the plan', () => {
    expect(PLAN_LIMITS.pro.answersPerMonth).toBeGreaterThan(PLAN_LIMITS.free.answersPerMonth);
    expect(PLAN_LIMITS.business.answersPerMonth).toBeGreaterThan(PLAN_LIMITS.pro.answersPerMonth);
  });
});
