import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues, readGraphQLError } from './graphqlErrors';

const err = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, extensions: { code, ...extra } }],
});

describe('readGraphQLError', () => {
  it.each([
    [
      err('BAD_USER_INPUT', 'name: Enter a name', { fields: { name: 'Enter a name', x: 3 } }),
      {
        code: 'BAD_USER_INPUT',
        fields: { name: 'Enter a name' },
        message: 'Check the highlighted fields.',
        toast: null,
      },
    ],
    [
      err('BAD_USER_INPUT', 'Invalid input.'),
      {
        code: 'BAD_USER_INPUT',
        fields: {},
        message: 'Invalid input.',
        toast: { title: 'Invalid input.' },
      },
    ],
    [
      err('QUOTA_EXCEEDED', 'The Free plan allows 1 brand.'),
      {
        code: 'QUOTA_EXCEEDED',
        fields: {},
        message: 'The Free plan allows 1 brand.',
        toast: { title: 'Plan limit reached', description: 'The Free plan allows 1 brand.' },
      },
    ],
    [
      err('NOT_FOUND', 'Brand not found.'),
      {
        code: 'NOT_FOUND',
        fields: {},
        message: 'Brand not found.',
        toast: { title: 'Brand not found.' },
      },
    ],
    [
      err('LAST_OWNER', 'A workspace keeps at least one owner.'),
      {
        code: 'LAST_OWNER',
        fields: {},
        message: 'A workspace keeps at least one owner.',
        toast: { title: 'A workspace keeps at least one owner.' },
      },
    ],
    [
      err('REAUTHENTICATION_REQUIRED', 'Sign in again to delete your account.'),
      {
        code: 'REAUTHENTICATION_REQUIRED',
        fields: {},
        message: 'Sign in again to delete your account.',
        toast: { title: 'Sign in again to delete your account.' },
      },
    ],
    [
      err('INTERNAL_SERVER_ERROR', 'Unexpected error.'),
      {
        code: 'INTERNAL_SERVER_ERROR',
        fields: {},
        message: 'Something went wrong on our side. Try again in a moment.',
        toast: { title: 'Something went wrong on our side. Try again in a moment.' },
      },
    ],
  ])('maps %j', (input, expected) => {
    expect(readGraphQLError(input)).toEqual(expected);
  });

  it('treats anything without GraphQL errors as a network failure', () => {
    expect(readGraphQLError(new TypeError('Failed to fetch')).message).toMatch(/could not reach/);
    expect(readGraphQLError(err('UNAUTHENTICATED', 'x')).message).toMatch(/Sign in again/);
  });
});

describe('fieldErrorsFromIssues', () => {
  it('joins paths like the server and keeps the first message per field', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['competitors', 0, 'name'], message: 'a' },
        { path: ['competitors', 0, 'name'], message: 'b' },
        { path: [], message: 'c' },
      ]),
    ).toEqual({ 'competitors.0.name': 'a', form: 'c' });
  });
});
