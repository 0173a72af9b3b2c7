// The callback URL is written by whoever sent the link: its error text is never shown as is
// (it could carry a phishing message on our page). Known codes get our own words.
const MESSAGES: Record<string, string> = {
  access_denied: 'Sign-in was cancelled.',
  provider_cancelled: 'Sign-in was cancelled.',
  bad_oauth_state: 'This sign-in link has expired. Start again from the sign-in page.',
  flow_state_expired: 'This sign-in link has expired. Start again from the sign-in page.',
  flow_state_not_found: 'This sign-in link has already been used or has expired.',
  otp_expired: 'This email link is invalid or has expired. Ask for a new one.',
};

const GENERIC = 'We could not complete your sign-in. Start again from the sign-in page.';

/** A fixed, user-safe message for an error in the callback URL, or null when there is none. */
export function callbackErrorMessage(search: string, hash: string): string | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const get = (key: string) => query.get(key) ?? fragment.get(key);
  if (!get('error') && !get('error_code') && !get('error_description')) return null;
  const code = get('error_code') ?? get('error') ?? '';
  return MESSAGES[code] ?? GENERIC;
}
