const DEFAULT_AFTER_SIGN_IN = '/dashboard';

const AUTH_PATHS = ['/login', '/signup', '/auth/callback'];

// Any fixed origin works: only whether the parsed URL stays on it matters.
const BASE = 'https://lumen.invalid';

/**
 * Where to go after signing in: only same-origin app paths, never back to an auth screen. The
 * path is parsed the way the browser will parse it (tabs and newlines dropped, backslashes as
 * slashes), so `/\t/evil.example` cannot turn into `//evil.example`.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw?.startsWith('/')) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== BASE) return DEFAULT_AFTER_SIGN_IN;
  const path = url.pathname;
  if (AUTH_PATHS.some((auth) => path === auth || path.startsWith(`${auth}/`))) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return `${url.pathname}${url.search}${url.hash}`;
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

/** The page that turns a quick check into a tracked brand (after sign-up or "Track this brand"). */
export function trackQuickScorePath(requestId: string): string {
  return `/campaigns/track/${encodeURIComponent(requestId)}`;
}

/** The free quick check, which needs no account: where a guest lands and what sign-in offers. */
export const QUICK_CHECK_PATH = '/visibility/quick-score';

/**
 * Where a signed-out visit to a signed-in page goes: the site root is a guest's landing, the quick
 * check; any other page is remembered and offered again after signing in.
 */
export function signedOutDestination(pathname: string, rest = ''): string {
  if (pathname === '/' || pathname === '') return QUICK_CHECK_PATH;
  // An invitation link is mostly opened by someone without an account yet.
  if (pathname.startsWith('/invite/')) {
    return `/signup?next=${encodeURIComponent(`${pathname}${rest}`)}`;
  }
  return `/login?next=${encodeURIComponent(`${pathname}${rest}`)}`;
}
