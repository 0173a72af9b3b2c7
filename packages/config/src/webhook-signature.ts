import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The webhook signature (docs/webhooks.md, "Signature"):
//   Lumen-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>[,v1=<…>]
// During the 24 h after a rotation there is one v1= per valid secret (newest first), as Stripe
// does, so a receiver that still knows only the old secret keeps accepting deliveries.

export const SIGNATURE_HEADER = 'Lumen-Signature';
/** A receiver refuses a signature older than this (docs/webhooks.md, "Replays"). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new secret: shown once, then only sealed (`whsec_` + 32 random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string) {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signatureOf(s, timestamp, body)}`)].join(
    ',',
  );
}

/** What a receiver does: true when a v1= matches under `secret` and t is recent. */
export function verifySignature(
  header: string,
  secret: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !v) return false;
    const given = Buffer.from(v, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
