import { describe, expect, it } from 'vitest';
import { readStartErrors } from './serverError';

describe('readStartErrors', () => {
  it('maps BAD_USER_INPUT fields one to one', () => {
    expect(
      readStartErrors([
        {
          message: 'Check the highlighted fields.',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: {
              website: 'Enter a domain name, not an IP address.',
              'competitors.0.website': 'Enter a public domain, for example acme.com.',
            },
          },
        },
      ]),
    ).toEqual({
      kind: 'fields',
      fields: {
        website: 'Enter a domain name, not an IP address.',
        'competitors.0.website': 'Enter a public domain, for example acme.com.',
      },
    });
  });

  it('keeps the message at form level when BAD_USER_INPUT names no field', () => {
    expect(
      readStartErrors([{ message: 'Bad input.', extensions: { code: 'BAD_USER_INPUT' } }]),
    ).toEqual({ kind: 'fields', fields: { form: 'Bad input.' } });
  });

  it('ignores malformed field messages', () => {
    expect(
      readStartErrors([
        {
          message: 'Bad input.',
          extensions: { code: 'BAD_USER_INPUT', fields: { brandName: 3, industry: '' } },
        },
      ]),
    ).toEqual({ kind: 'fields', fields: { form: 'Bad input.' } });
  });

  it('adds the wait to RATE_LIMITED', () => {
    expect(
      readStartErrors([
        {
          message: 'You have run 5 quick checks this hour.',
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1500 },
        },
      ]),
    ).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 1500,
      message: 'You have run 5 quick checks this hour. You can run a new check in 25 minutes.',
    });
  });

  it('does not repeat a wait the server already states', () => {
    expect(
      readStartErrors([
        {
          message: 'You can run 5 quick checks an hour. Try again in 25 minutes.',
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1468 },
        },
      ]),
    ).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 1468,
      message: 'You can run 5 quick checks an hour. Try again in 25 minutes.',
    });
  });

  it('keeps the message alone when RATE_LIMITED has no wait', () => {
    expect(
      readStartErrors([{ message: 'Too many checks.', extensions: { code: 'RATE_LIMITED' } }]),
    ).toEqual({ kind: 'rateLimited', retryAfterSeconds: null, message: 'Too many checks.' });
  });

  it('passes any other error through', () => {
    expect(readStartErrors([{ message: 'Unexpected error.' }])).toEqual({
      kind: 'other',
      message: 'Unexpected error.',
    });
    expect(readStartErrors([])).toEqual({
      kind: 'other',
      message: 'The check could not be started. Please try again.',
    });
  });
});
