import { describe, expect, it, vi } from 'vitest';

describe('analytics without a PostHog key', () => {
  it('warns once and tracks nothing', async () => {
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const analytics = await import('./analytics');
    analytics.initAnalytics({ posthogKey: null, posthogHost: null });
    analytics.initAnalytics({ posthogKey: null, posthogHost: 'https://eu.i.posthog.com' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/PostHog/);
    // Nothing is loaded or sent: these are no-ops rather than errors.
    expect(() => {
      analytics.identify('u1');
      analytics.capture('user_signed_in', { method: 'supabase' });
      analytics.resetAnalytics();
    }).not.toThrow();
    warn.mockRestore();
  });
});
