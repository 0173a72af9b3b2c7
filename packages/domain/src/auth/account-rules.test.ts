import { describe, expect, it } from 'vitest';
import { accountDeletionRefusal, DisplayNameSchema } from './account-rules';

const now = 1_800_000_000;
const base = {
  email: 'ada@example.com',
  confirmation: 'ada@example.com',
  authenticatedAt: now - 60,
  nowSeconds: now,
  soleOwnerOf: [] as string[],
};

describe('accountDeletionRefusal', () => {
  it('allows a confirmed, recent deletion that leaves no team without an owner', () => {
    expect(accountDeletionRefusal(base)).toBeNull();
    expect(accountDeletionRefusal({ ...base, confirmation: '  ADA@example.com ' })).toBeNull();
  });

  it.each([
    ['a wrong confirmation', { confirmation: 'ada@example.org' }, 'BAD_USER_INPUT'],
    ['no email on the account', { email: null }, 'BAD_USER_INPUT'],
    ['an old sign-in', { authenticatedAt: now - 601 }, 'REAUTHENTICATION_REQUIRED'],
    ['no sign-in time', { authenticatedAt: undefined }, 'REAUTHENTICATION_REQUIRED'],
    ['a team left without an owner', { soleOwnerOf: ['Acme team'] }, 'LAST_OWNER'],
  ] as const)('refuses %s', (_name, change, code) => {
    expect(accountDeletionRefusal({ ...base, ...change })?.code).toBe(code);
  });

  it('names the workspaces that need another owner', () => {
    const refusal = accountDeletionRefusal({ ...base, soleOwnerOf: ['Acme', 'Globex'] });
    expect(refusal?.message).toContain('“Acme”, “Globex”');
  });

  it('accepts a sign-in exactly 10 minutes old', () => {
    expect(accountDeletionRefusal({ ...base, authenticatedAt: now - 600 })).toBeNull();
  });
});

describe('DisplayNameSchema', () => {
  it.each([
    ['  Ada Lovelace ', 'Ada Lovelace'],
    ['', null],
    ['   ', null],
  ])('%j → %j', (input, output) => {
    expect(DisplayNameSchema.parse(input)).toBe(output);
  });

  it.each(['x'.repeat(81), 'two\nlines'])('refuses %j', (input) => {
    expect(DisplayNameSchema.safeParse(input).success).toBe(false);
  });
});
