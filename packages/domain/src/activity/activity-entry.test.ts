import { describe, expect, it } from 'vitest';
import { changedFields, quoted } from './activity-entry';
import { personName } from './actor';

describe('changedFields', () => {
  it.each([
    [{ a: 1 }, { a: 1 }, {}],
    [{ a: 1 }, { a: 2 }, { a: { from: 1, to: 2 } }],
    [{}, { a: ['x'] }, { a: { from: null, to: ['x'] } }],
    [{ a: ['x', 'y'] }, { a: ['x', 'y'] }, {}],
  ])('%j → %j', (before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});

describe('personName', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'Ada Lovelace'],
    ['  ', 'ada@example.com', 'ada'],
    [null, 'ada@example.com', 'ada'],
    [null, null, 'Someone'],
  ])('%j, %j → %j', (display, email, expected) => {
    expect(personName(display, email)).toBe(expected);
  });

  it('never returns the email', () => {
    expect(personName(null, 'bob@corp.test')).not.toContain('@');
  });
});

describe('quoted', () => {
  it('shortens long names', () => {
    expect(quoted('a'.repeat(100), 10)).toBe(`“${'a'.repeat(9)}…”`);
    expect(quoted(' Acme  Inc ')).toBe('“Acme Inc”');
  });
});
