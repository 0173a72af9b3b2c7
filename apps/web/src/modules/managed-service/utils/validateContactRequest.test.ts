import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX, validateContactRequest } from './validateContactRequest';

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
  it('allows the message length the server stores (it refused 2001–5000 before)', () => {
    expect(MESSAGE_MAX).toBe(5000);
    expect(validateContactRequest({ ...valid, message: 'x'.repeat(5000) })).toEqual({});
  });
  it.each([
    [{ ...valid, name: '  ' }, { name: 'Tell us your name.' }],
    [{ ...valid, name: 'n'.repeat(101) }, { name: 'At most 100 characters.' }],
    [{ ...valid, email: 'ada' }, { email: 'Enter a valid email address.' }],
    [{ ...valid, message: 'hi' }, { message: 'Tell us a little more (at least 10 characters).' }],
    [{ ...valid, message: 'x'.repeat(5001) }, { message: 'At most 5000 characters.' }],
    [{ ...valid, company: 'c'.repeat(201) }, { company: 'At most 200 characters.' }],
  ])('%#', (draft, expected) => {
    expect(validateContactRequest(draft)).toEqual(expected);
  });
});
