import { z } from 'zod';
import type { WorkspaceRole } from './workspace-roles';

/**
 * Workspace API keys (docs/security.md, "API keys"): `lumen_sk_` + 32 random bytes in base62
 * (43 characters) + a 6-character base62 CRC-32 of those 43, so a secret scanner (or this code)
 * tells a real key from a typo without asking the database. Pure: the caller brings the random
 * bytes and hashes the secret.
 */
export const API_KEY_PREFIX = 'lumen_sk_';
export const API_KEY_RANDOM_BYTES = 32;
const BODY_LENGTH = 43; // ceil(256 / log2(62))
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
export const API_KEY_LENGTH = API_KEY_PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH;
/** What the list shows: the prefix and the first characters of the random part. */
const SHOWN_BODY = 8;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

/** Big-endian bytes → base62, left-padded with '0' to `width`. */
export function base62(bytes: Uint8Array, width: number): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function checksumOf(body: string): string {
  const n = crc32(body);
  return base62(new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]), 6);
}

/** A new secret from 32 random bytes (the gateway's `crypto.randomBytes`). */
export function formatApiKey(random: Uint8Array): string {
  if (random.length !== API_KEY_RANDOM_BYTES) {
    throw new Error(`an API key needs ${API_KEY_RANDOM_BYTES} random bytes`);
  }
  const body = base62(random, BODY_LENGTH);
  return `${API_KEY_PREFIX}${body}${checksumOf(body)}`;
}

/** Anything that starts like a key is treated as one (and refused as one when it is not). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The secret when its shape and checksum hold, else null (no database read for a typo). */
export function parseApiKey(token: string): { secret: string; prefix: string } | null {
  if (!SHAPE.test(token)) return null;
  const body = token.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH);
  const checksum = token.slice(API_KEY_PREFIX.length + BODY_LENGTH);
  if (checksumOf(body) !== checksum) return null;
  return { secret: token, prefix: apiKeyPrefix(token) };
}

/** The part of a key that may be shown again: `lumen_sk_` and 8 characters. */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + SHOWN_BODY);
}

/** Roles a key may have: never owner (an owner's decisions stay with a person). */
export const API_KEY_ROLES = [
  'admin',
  'member',
  'viewer',
] as const satisfies readonly WorkspaceRole[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const API_KEY_NAME_MAX = 80;

/** The input of `createApiKey`, for the API and the settings form alike. */
export function apiKeyInputSchema(now: Date) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name.')
      .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
    role: z.enum(API_KEY_ROLES, { message: 'A key is a viewer, a member or an admin.' }),
    expiresAt: z
      .date()
      .nullable()
      .optional()
      .refine((d) => d == null || d.getTime() > now.getTime(), 'Choose a time in the future.'),
  });
}
export type ApiKeyInput = z.infer<ReturnType<typeof apiKeyInputSchema>>;

export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** Whether a key may be used at `now`. A revoked key stays revoked whatever its expiry says. */
export function apiKeyState(
  key: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The standard rate-limit headers (IETF draft `RateLimit-*`) for one fixed window. */
export function rateLimitHeaders(input: {
  limit: number;
  used: number;
  resetSeconds: number;
}): Record<string, string> {
  const reset = String(Math.max(1, Math.ceil(input.resetSeconds)));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(input.limit),
    'RateLimit-Remaining': String(Math.max(0, input.limit - input.used)),
    'RateLimit-Reset': reset,
  };
  if (input.used > input.limit) headers['Retry-After'] = reset;
  return headers;
}
