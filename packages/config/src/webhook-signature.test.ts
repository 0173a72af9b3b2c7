import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from './webhook-signature';

const body = '{"id":"e1","type":"test.ping"}';

describe('webhook signature', () => {
  it('is HMAC-SHA256 of "t.body" in hex, as docs/webhooks.md says', () => {
    const header = signatureHeader(['whsec_a'], 1_700_000_000, body);
    const hex = createHmac('sha256', 'whsec_a').update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${hex}`);
  });

  it.each([
    ['the right secret, now', 'whsec_a', body, 1_700_000_000, true],
    ['either secret during a rotation', 'whsec_old', body, 1_700_000_100, true],
    ['another secret', 'whsec_b', body, 1_700_000_000, false],
    ['a changed body', 'whsec_a', `${body} `, 1_700_000_000, false],
    ['a replay after 5 minutes', 'whsec_a', body, 1_700_000_301, false],
  ])('%s → %s', (_name, secret, received, now, ok) => {
    const header = signatureHeader(['whsec_a', 'whsec_old'], 1_700_000_000, body);
    expect(verifySignature(header, secret, received, now)).toBe(ok);
  });

  it('makes a fresh secret each time', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});
