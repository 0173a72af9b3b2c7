import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validatePassword,
  validateSignIn,
  validateSignUp,
} from './validateCredentials';

describe('validateEmail', () => {
  it.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['ada', 'Enter a valid email address, like name@company.com.'],
    ['ada@', 'Enter a valid email address, like name@company.com.'],
    ['ada@example', 'Enter a valid email address, like name@company.com.'],
    ['ada lovelace@example.com', 'Enter a valid email address, like name@company.com.'],
    ['ada@example.com', undefined],
    [' ada@example.co.uk ', undefined],
  ])('%j → %j', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });
});

describe('validatePassword', () => {
  it.each([
    ['', 'Enter your password.'],
    ['1234567', 'Use at least 8 characters.'],
    ['12345678', undefined],
  ])('%j → %j', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });
});

describe('validateSignIn', () => {
  it('accepts any non-empty password so old accounts can still sign in', () => {
    expect(validateSignIn({ email: 'a@b.co', password: 'short' })).toEqual({});
  });
  it('reports both fields', () => {
    expect(validateSignIn({ email: 'x', password: '' })).toEqual({
      email: 'Enter a valid email address, like name@company.com.',
      password: 'Enter your password.',
    });
  });
});

describe('validateSignUp', () => {
  it.each([
    [{ email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough' }, {}],
    [
      { email: 'a@b.co', password: 'longenough', confirmPassword: 'different1' },
      { confirmPassword: 'The passwords do not match.' },
    ],
    [
      { email: 'a@b.co', password: 'short', confirmPassword: 'short' },
      { password: 'Use at least 8 characters.' },
    ],
    [
      { email: '', password: '', confirmPassword: '' },
      {
        email: 'Enter your email address.',
        password: 'Enter your password.',
        confirmPassword: 'Confirm your password.',
      },
    ],
  ])('%j → %j', (input, expected) => {
    expect(validateSignUp(input)).toEqual(expected);
  });
});
