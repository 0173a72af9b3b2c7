import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// HTTP hardening for every response (see docs/security.md): the SPA's Content-Security-Policy
// admits only our own scripts, the inline theme script by hash, and the PostHog, Sentry and
// Supabase origins that are configured; everything is unframeable and nosniff.

export type CspSources = {
  /** sha256 hashes ('sha256-…') of the inline <script> blocks in the built index.html. */
  inlineScriptHashes: string[];
  /** Origins the SPA talks to besides its own (hosted Supabase, PostHog, Sentry). */
  connectOrigins: string[];
  /** Origins the SPA loads scripts from besides its own (PostHog's lazy-loaded extensions). */
  scriptOrigins: string[];
};

/** The hashes a CSP needs for every inline script (without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The external origins the SPA needs for the keys that are set, and nothing else. */
export function externalSources(config: {
  supabaseUrl?: string | undefined;
  posthogKey?: string | undefined;
  posthogHost?: string | undefined;
  sentryDsn?: string | undefined;
}): Pick<CspSources, 'connectOrigins' | 'scriptOrigins'> {
  const connect = new Set<string>();
  const script = new Set<string>();
  const origin = (raw: string) => {
    try {
      return new URL(raw).origin;
    } catch {
      return null;
    }
  };
  const supabase = config.supabaseUrl ? origin(config.supabaseUrl) : null;
  if (supabase) connect.add(supabase);
  if (config.posthogKey && config.posthogHost) {
    const host = origin(config.posthogHost);
    if (host) {
      connect.add(host);
      // PostHog Cloud serves its lazy-loaded scripts from a sibling "-assets" host.
      const assets = host.replace(
        /^https:\/\/(us|eu)\.i\.posthog\.com$/,
        'https://$1-assets.i.posthog.com',
      );
      if (assets !== host) {
        connect.add(assets);
        script.add(assets);
      } else {
        script.add(host);
      }
    }
  }
  if (config.sentryDsn) {
    const sentry = origin(config.sentryDsn);
    if (sentry) connect.add(sentry);
  }
  return { connectOrigins: [...connect], scriptOrigins: [...script] };
}

export function spaContentSecurityPolicy(sources: CspSources): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...sources.inlineScriptHashes, ...sources.scriptOrigins]],
    // React style attributes and the toaster's injected <style>; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...sources.connectOrigins]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

// bull-board's UI and GraphiQL (development only) bring their own inline code: framing and
// plugins are still refused there.
const MINIMAL_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

export function securityHeaders(options: {
  csp: () => string;
  /** HSTS only when the public URL is https: a plain-http localhost must stay reachable. */
  https: boolean;
  production: boolean;
}): MiddlewareHandler[] {
  return [
    secureHeaders({
      // A header a handler set itself (the stand-in page's own CSP) wins.
      overwrite: false,
      strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin',
    }),
    async (c, next) => {
      await next();
      if (c.res.headers.has('Content-Security-Policy')) return;
      const path = c.req.path;
      const own =
        path.startsWith('/admin') || (!options.production && path.startsWith('/graphql'))
          ? MINIMAL_CSP
          : options.csp();
      c.res.headers.set('Content-Security-Policy', own);
    },
  ];
}
