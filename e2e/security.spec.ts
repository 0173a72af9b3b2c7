import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFreshUser } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { visible } from './support/expect';

// The built SPA runs under the gateway's Content-Security-Policy without a single violation:
// the inline theme script is admitted by its hash, everything else comes from our origin.
let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

const RECORD_VIOLATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
};

describe('Content-Security-Policy in the browser', () => {
  it('runs the theme script and the app with no violation, signed out and in', async () => {
    const { context, page } = await session.newPage();
    await context.addInitScript(RECORD_VIOLATIONS);
    await context.addInitScript(() => localStorage.setItem('lumen-theme', 'light'));
    const response = await page.goto('/visibility/quick-score');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    await visible(page.getByRole('heading').first());
    // The inline script ran before paint: the light theme is on.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await signInFreshUser(page);
    await page.goto('/dashboard');
    await visible(page.getByRole('heading').first());
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
  });
});
