import { describe, expect, it } from 'vitest';
import { CHANNEL_CHOICES, deliveryOutcome, emailChoices, toggle } from './channelView';

describe('deliveryOutcome', () => {
  it.each([
    [{ ok: true, statusCode: 200, durationMs: 35, response: 'ok' }, '200 in 35 ms', 'success'],
    [{ ok: false, statusCode: 500, durationMs: 12, response: 'boom' }, '500 in 12 ms', 'danger'],
    [
      { ok: false, statusCode: null, durationMs: 10_000, response: 'TIMEOUT: too slow' },
      'No answer (TIMEOUT)',
      'danger',
    ],
  ])('%j → %s', (delivery, label, tone) => {
    expect(deliveryOutcome(delivery)).toEqual({ label, tone });
  });
});

describe('toggle', () => {
  it('adds and removes', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('choices', () => {
  it('offers the digest to channels and the channel warning to owners only', () => {
    expect(CHANNEL_CHOICES.map((c) => c.type)).toContain('digest');
    expect(emailChoices(true).map((c) => c.type)).toContain('webhook.disabled');
    expect(emailChoices(false).map((c) => c.type)).not.toContain('webhook.disabled');
    expect(emailChoices(true).map((c) => c.type)).not.toContain('digest');
  });
});
