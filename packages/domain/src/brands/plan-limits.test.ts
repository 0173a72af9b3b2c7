import { describe, expect, it } from 'vitest';
import { checkQuota, PLAN_LIMITS, type Plan, type QuotaUsage } from './plan-limits';

describe('checkQuota', () => {
  const cases: [Plan, QuotaUsage, string | null, string | null][] = [
    ['free', { brands: 1 }, null, null],
    ['free', { brands: 2 }, 'brands', 'The Free plan allows 1 brand.'],
    ['pro', { brands: 10, prompts: 500, engines: 6, cadence: 'DAILY' }, null, null],
    ['pro', { brands: 11 }, 'brands', 'The Pro plan allows 10 brands.'],
    [
      'pro',
      { prompts: 501 },
      'prompts',
      'The Pro plan allows 500 active prompts across all brands.',
    ],
    ['pro', { engines: 7 }, 'engines', 'The Pro plan allows 6 engines per brand.'],
    ['free', { cadence: 'DAILY' }, 'cadence', 'The Free plan allows weekly or manual runs.'],
    ['free', { cadence: 'WEEKLY', engines: 2, prompts: 25 }, null, null],
    ['business', { brands: 100, prompts: 5000 }, null, null],
    [
      'business',
      { prompts: 5001 },
      'prompts',
      'The Business plan allows 5000 active prompts across all brands.',
    ],
  ];
  it.each(cases)('%s %j → %s', (plan, usage, resource, message) => {
    const violation = checkQuota(plan, usage);
    expect(violation?.resource ?? null).toBe(resource);
    expect(violation?.message ?? null).toBe(message);
  });

  it('names no plan on an instance that sells none', () => {
    expect(checkQuota('pro', { brands: 11 }, { named: false })?.message).toBe(
      'This workspace allows 10 brands.',
    );
    expect(checkQuota('pro', { prompts: 501 }, { named: false })?.message).toBe(
      'This workspace allows 500 active prompts across all brands.',
    );
    expect(checkQuota('free', { cadence: 'DAILY' }, { named: false })?.message).toBe(
      'This workspace allows weekly or manual runs.',
    );
  });

  it('grows with the plan', () => {
    const plans: Plan[] = ['free', 'pro', 'business'];
    for (let i = 1; i < plans.length; i++) {
      const lower = PLAN_LIMITS[plans[i - 1]!];
      const higher = PLAN_LIMITS[plans[i]!];
      expect(higher.brands).toBeGreaterThan(lower.brands);
      expect(higher.prompts).toBeGreaterThan(lower.prompts);
      expect(higher.engines).toBeGreaterThanOrEqual(lower.engines);
      expect(higher.cadences.length).toBeGreaterThanOrEqual(lower.cadences.length);
    }
  });
});
