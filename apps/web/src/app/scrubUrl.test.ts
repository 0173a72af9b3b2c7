import { describe, expect, it } from 'vitest';
import { scrubUrl, scrubUrlProperties } from './scrubUrl';

describe('scrubUrl', () => {
  it.each([
    ['https://app.example/auth/callback?code=abc123', 'https://app.example/auth/callback'],
    [
      'https://app.example/auth/callback#access_token=eyJ&refresh_token=r1&type=recovery',
      'https://app.example/auth/callback#type=recovery',
    ],
    ['https://app.example/analytics?range=30d', 'https://app.example/analytics?range=30d'],
    ['/auth/v1/verify?token=t&type=recovery', '/auth/v1/verify?type=recovery'],
    ['https://app.example/x?email=a%40b.co&tab=2', 'https://app.example/x?tab=2'],
    ['https://app.example/#section', 'https://app.example/#section'],
  ])('%s → %s', (raw, expected) => {
    expect(scrubUrl(raw)).toBe(expected);
  });

  it('scrubs every URL property of an analytics event and keeps the rest', () => {
    const scrubbed = scrubUrlProperties({
      $current_url: 'https://app.example/auth/callback?code=secret-code',
      $referrer: 'https://accounts.example/?token=t',
      plan: 'free',
    });
    expect(JSON.stringify(scrubbed)).not.toMatch(/secret-code|token=t/);
    expect(scrubbed.plan).toBe('free');
  });
});
