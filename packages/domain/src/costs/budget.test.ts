import { describe, expect, it } from 'vitest';
import { dueBudgetThresholds, formatUsd, mayStartPaidAnswer, utcMonth } from './budget';

describe('mayStartPaidAnswer', () => {
  it.each([
    ['no budget', { budgetUsd: null, spentUsd: 99, reservedUsd: 9 }, 5, true],
    ['fits exactly', { budgetUsd: 1, spentUsd: 0.5, reservedUsd: 0.25 }, 0.25, true],
    ['does not fit', { budgetUsd: 1, spentUsd: 0.5, reservedUsd: 0.25 }, 0.26, false],
    ['reserved answers count', { budgetUsd: 1, spentUsd: 0, reservedUsd: 0.9 }, 0.2, false],
    [
      'at the budget, an unknown price still does not start',
      { budgetUsd: 1, spentUsd: 1, reservedUsd: 0 },
      0,
      false,
    ],
    [
      'below it, an unknown price starts',
      { budgetUsd: 1, spentUsd: 0.99, reservedUsd: 0 },
      0,
      true,
    ],
    ['a zero budget starts nothing', { budgetUsd: 0, spentUsd: 0, reservedUsd: 0 }, 0, false],
  ])('%s', (_name, state, estimate, expected) => {
    expect(mayStartPaidAnswer(state, estimate)).toBe(expected);
  });
});

describe('dueBudgetThresholds', () => {
  const base = { budgetUsd: 10, refused: false, warned: false, reached: false };
  it.each([
    ['below 80 %', { ...base, spentUsd: 7.99 }, []],
    ['at 80 %', { ...base, spentUsd: 8 }, ['warning']],
    ['warned already', { ...base, spentUsd: 9, warned: true }, []],
    ['at 100 %', { ...base, spentUsd: 10, warned: true }, ['reached']],
    ['past 100 % at once', { ...base, spentUsd: 10.5 }, ['warning', 'reached']],
    ['refused below 100 %', { ...base, spentUsd: 9.5, warned: true, refused: true }, ['reached']],
    ['both announced', { ...base, spentUsd: 11, warned: true, reached: true }, []],
    ['no budget', { ...base, budgetUsd: null, spentUsd: 1000 }, []],
  ])('%s', (_name, input, expected) => {
    expect(dueBudgetThresholds(input)).toEqual(expected);
  });
});

describe('formatting', () => {
  it.each([
    [0, '$0.00'],
    [0.84, '$0.84'],
    [12.5, '$12.50'],
    [0.0031, '$0.0031'],
  ])('%s → %s', (usd, text) => {
    expect(formatUsd(usd)).toBe(text);
  });

  it('names the UTC month', () => {
    expect(utcMonth(new Date('2026-11-30T23:30:00-02:00'))).toBe('2026-12');
  });
});
