import { describe, expect, it } from 'vitest';
import { createAnalytics, guestDistinctId } from './analytics';

describe('createAnalytics', () => {
  it('is a no-op without a key: nothing is loaded, captured or sent', async () => {
    const analytics = await createAnalytics({ key: undefined, host: 'http://127.0.0.1:9' });
    expect(analytics.enabled).toBe(false);
    expect(() => analytics.capture('user-1', 'brand_created', { engines: 2 })).not.toThrow();
    await expect(analytics.shutdown()).resolves.toBeUndefined();
  });
});

describe('guestDistinctId', () => {
  const hash = 'a3f1'.repeat(16);

  it('is stable for one guest and differs between guests', () => {
    expect(guestDistinctId(hash)).toBe(guestDistinctId(hash));
    expect(guestDistinctId(hash)).not.toBe(guestDistinctId('b'.repeat(64)));
  });

  it('does not carry the stored address hash', () => {
    const id = guestDistinctId(hash);
    expect(id).toMatch(/^guest_[0-9a-f]{32}$/);
    expect(hash).not.toContain(id.slice('guest_'.length, 'guest_'.length + 8));
  });
});
