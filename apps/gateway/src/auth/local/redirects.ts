import type { Context } from 'hono';
import type { LocalAuthDeps } from './deps';

/**
 * redirect_to is honoured only for the site's own origin (PUBLIC_URL) or an explicitly allowed
 * origin; anything else falls back to the site URL (no open redirect). The Host header plays no
 * part: a client can put anything there.
 */
export function safeRedirect(_c: Context, deps: LocalAuthDeps, raw: string | undefined): string {
  if (!raw) return deps.siteUrl;
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return deps.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return deps.siteUrl;
  const allowed = new Set([new URL(deps.siteUrl).origin, ...deps.allowedRedirectOrigins]);
  return allowed.has(target.origin) ? target.toString() : deps.siteUrl;
}

/** Appends query parameters (PKCE code, errors) to a redirect target. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

/** Puts tokens in the fragment, as GoTrue's implicit flow does: never sent to a server. */
export function withFragment(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  target.hash = new URLSearchParams(params).toString();
  return target.toString();
}
