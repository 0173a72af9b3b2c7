// Nothing that signs someone in may leave the browser in analytics or error reports: PKCE codes
// and tokens arrive in the URL of /auth/callback (query or fragment). See docs/security.md.

const SENSITIVE =
  /^(code|token|token_hash|access_token|refresh_token|provider_token|provider_refresh_token|id_token|state|email|error_description)$/i;

/** The URL with sensitive query and fragment parameters removed; invalid input comes back empty. */
export function scrubUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw, 'http://relative.invalid');
  } catch {
    return '';
  }
  for (const key of [...url.searchParams.keys()]) {
    if (SENSITIVE.test(key)) url.searchParams.delete(key);
  }
  if (url.hash.includes('=')) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    for (const key of [...fragment.keys()]) if (SENSITIVE.test(key)) fragment.delete(key);
    const left = fragment.toString();
    url.hash = left ? `#${left}` : '';
  }
  const text = url.toString();
  return url.origin === 'http://relative.invalid'
    ? text.slice('http://relative.invalid'.length)
    : text;
}

const URL_PROPERTIES = [
  '$current_url',
  '$referrer',
  '$initial_current_url',
  '$initial_referrer',
  '$pathname',
  '$prev_pageview_pathname',
];

/** Scrubs every URL-valued property of an analytics event. */
export function scrubUrlProperties<T extends Record<string, unknown>>(properties: T): T {
  const copy: Record<string, unknown> = { ...properties };
  for (const key of URL_PROPERTIES) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = scrubUrl(value);
  }
  return copy as T;
}
