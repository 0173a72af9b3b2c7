import { describe, expect, it } from 'vitest';
import { posthogOptions } from './posthogOptions';

describe('posthog-js options', () => {
  const options = posthogOptions('https://eu.i.posthog.com');

  it('captures nothing on its own: no autocapture, clicks, heatmaps, errors or replays', () => {
    expect(options).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      autocapture: false,
      rageclick: false,
      capture_dead_clicks: false,
      capture_heatmaps: false,
      capture_exceptions: false,
      disable_session_recording: true,
    });
  });

  it('masks every element text and attribute if anything captures elements anyway', () => {
    expect(options.mask_all_text).toBe(true);
    expect(options.mask_all_element_attributes).toBe(true);
  });

  it('removes sign-in codes and tokens from URL properties', () => {
    const sent = options.before_send;
    if (typeof sent !== 'function') throw new Error('before_send is a function');
    const event = sent({
      uuid: 'e1',
      event: '$pageview',
      properties: { $current_url: 'https://lumen.test/auth/callback?code=secret-code&next=/' },
    } as Parameters<typeof sent>[0]);
    expect(JSON.stringify(event)).not.toContain('secret-code');
  });
});
