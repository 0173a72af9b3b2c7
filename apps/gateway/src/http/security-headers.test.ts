import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalSources, inlineScriptHashes, spaContentSecurityPolicy } from './security-headers';

const indexHtml = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');

describe('Content-Security-Policy of the SPA', () => {
  it('admits the inline theme script by its hash, and nothing inline else', () => {
    const hashes = inlineScriptHashes(indexHtml);
    expect(hashes).toHaveLength(1);
    const body = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';
    expect(body).toContain('lumen-theme');
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    const csp = spaContentSecurityPolicy({
      inlineScriptHashes: hashes,
      connectOrigins: [],
      scriptOrigins: [],
    });
    expect(csp).toContain(`script-src 'self' ${hashes[0]}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('names PostHog, Sentry and Supabase only when their keys are set', () => {
    expect(externalSources({ posthogHost: 'https://us.i.posthog.com' })).toEqual({
      connectOrigins: [],
      scriptOrigins: [],
    });
    const all = externalSources({
      supabaseUrl: 'https://abc.supabase.co/',
      posthogKey: 'phc_x',
      posthogHost: 'https://eu.i.posthog.com',
      sentryDsn: 'https://key@o1.ingest.sentry.io/42',
    });
    expect(all.connectOrigins).toEqual([
      'https://abc.supabase.co',
      'https://eu.i.posthog.com',
      'https://eu-assets.i.posthog.com',
      'https://o1.ingest.sentry.io',
    ]);
    expect(all.scriptOrigins).toEqual(['https://eu-assets.i.posthog.com']);
  });
});
