import { describe, expect, it } from 'vitest';
import { formatPlan, initialsOf } from './formatPlan';

describe('formatPlan', () => {
  it.each([
    ['PRO', 'Pro Plan'],
    ['free', 'Free Plan'],
    ['free_trial', 'Free Trial Plan'],
    ['Team plan', 'Team Plan'],
    ['BUSINESS', 'Business Plan'],
  ])('%j → %j', (plan, expected) => {
    expect(formatPlan(plan)).toBe(expected);
  });
});

describe('initialsOf', () => {
  it.each([
    ['ada.lovelace@example.com', 'AL'],
    ['grace@example.com', 'GR'],
    ['x@example.com', 'X'],
    ['@example.com', '?'],
  ])('%j → %j', (email, expected) => {
    expect(initialsOf(email)).toBe(expected);
  });
});
