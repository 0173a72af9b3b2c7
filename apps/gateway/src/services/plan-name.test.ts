import { describe, expect, it } from 'vitest';
import { planName } from './plan-name';

describe('planName', () => {
  it.each([
    ['free', true, 'Free'],
    ['pro', true, 'Pro'],
    ['business', true, 'Business'],
    // An instance that sells no plans names none: a new account is not told it is on "Pro".
    ['pro', false, null],
    ['free', false, null],
  ] as const)('%s with plans %s → %s', (plan, plans, name) => {
    expect(planName(plan, { PLANS: plans })).toBe(name);
  });
});
