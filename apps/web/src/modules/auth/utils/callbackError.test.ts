import { describe, expect, it } from 'vitest';
import { callbackErrorMessage } from './callbackError';

describe('callbackErrorMessage', () => {
  it('shows fixed words, never the text from the URL', () => {
    const phishing = '?error=server_error&error_description=Call+%2B1-555-0100+to+restore+access';
    const message = callbackErrorMessage(phishing, '');
    expect(message).not.toMatch(/555|restore/);
    expect(message).toMatch(/could not complete your sign-in/);
  });

  it.each([
    ['?error=access_denied&error_code=provider_cancelled&error_description=x', '', /cancelled/],
    ['?error=invalid_request&error_code=bad_oauth_state', '', /expired/],
    ['', '#error=access_denied&error_code=otp_expired&error_description=y', /email link/],
  ])('maps %s%s to our own message', (search, hash, expected) => {
    expect(callbackErrorMessage(search, hash)).toMatch(expected);
  });

  it('says nothing when there is no error', () => {
    expect(callbackErrorMessage('?code=abc', '')).toBeNull();
  });
});
