import { describe, expect, it } from 'vitest';
import { validateContactRequest } from './validateContactRequest';

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  company: '',
  message: 'We want more mentions in ChatGPT.',
};

describe('validateContactRequest', () => {
  it('accepts a complete request without a company', () => {
    expect(validateContactRequest(valid)).toEqual({});
  });
  it.each([
    [{ ...valid, name: '  ' }, { name: 'Tell us your name.' }],
    [{ ...valid, email: 'ada' }, { email: 'Enter a valid email address, like name@company.com.' }],
    [{ ...valid, message: 'hi' }, { message: 'Tell us a little more (at least 10 characters).' }],
    [{ ...valid, message: 'x'.repeat(2001) }, { message: 'Use at most 2000 characters.' }],
    [{ ...valid, company: 'c'.repeat(201) }, { company: 'Use at most 200 characters.' }],
  ])('%#', (draft, expected) => {
    expect(validateContactRequest(draft)).toEqual(expected);
  });
});
