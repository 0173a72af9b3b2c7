export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

const AUTH_PATHS = ['/login', '/signup', '/auth/callback'];

/** Where to go after signing in: only same-origin app paths, never back to an auth screen. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  const path = raw.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.some((auth) => path === auth || path.startsWith(`${auth}/`))) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return raw;
}

// Social sign-in leaves the site, so the destination survives in sessionStorage.
const NEXT_KEY = 'lumen-auth-next';

export function rememberNextPath(next: string): void {
  try {
    sessionStorage.setItem(NEXT_KEY, safeNextPath(next));
  } catch {
    // Storage unavailable: the callback falls back to the dashboard.
  }
}

export function takeRememberedNextPath(): string {
  try {
    const value = sessionStorage.getItem(NEXT_KEY);
    sessionStorage.removeItem(NEXT_KEY);
    return safeNextPath(value);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}
