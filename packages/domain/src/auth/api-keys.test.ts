import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  apiKeyInputSchema,
  apiKeyPrefix,
  apiKeyState,
  base62,
  crc32,
  formatApiKey,
  looksLikeApiKey,
  parseApiKey,
  rateLimitHeaders,
} from './api-keys';
import { teamAllows } from './membership-rules';

const bytes = (fill: (i: number) => number) =>
  new Uint8Array(Array.from({ length: 32 }, (_, i) => fill(i)));
const ZEROS = bytes(() => 0);
const ONES = bytes(() => 255);
const COUNT = bytes((i) => i);

describe('base62', () => {
  const cases: [number[], number, string][] = [
    [[0], 1, '0'],
    [[61], 1, 'z'],
    [[62], 2, '10'],
    [[1, 0], 3, '048'], // 256 = 4·62 + 8
    [[255, 255, 255, 255], 6, '4gfFC3'], // 2^32 − 1
  ];
  for (const [input, width, out] of cases) {
    it(`${input.join(',')} → ${out}`, () => expect(base62(new Uint8Array(input), width)).toBe(out));
  }
  it('fits 32 bytes of 0xff in 43 characters', () => {
    expect(base62(ONES, 43)).toHaveLength(43);
  });
});

describe('crc32', () => {
  it('matches the IEEE check value', () => expect(crc32('123456789')).toBe(0xcbf43926));
  it('is 0 for the empty string', () => expect(crc32('')).toBe(0));
});

describe('formatApiKey / parseApiKey', () => {
  for (const [name, random] of [
    ['zeros', ZEROS],
    ['0xff', ONES],
    ['counting', COUNT],
  ] as const) {
    it(`round-trips ${name}`, () => {
      const key = formatApiKey(random);
      expect(key).toMatch(/^lumen_sk_[0-9A-Za-z]{49}$/);
      expect(key).toHaveLength(API_KEY_LENGTH);
      expect(parseApiKey(key)).toEqual({ secret: key, prefix: key.slice(0, 17) });
    });
  }

  it('is deterministic for the same bytes and differs for others', () => {
    expect(formatApiKey(COUNT)).toBe(formatApiKey(bytes((i) => i)));
    expect(formatApiKey(COUNT)).not.toBe(formatApiKey(ZEROS));
  });

  it('refuses anything but 32 bytes', () => {
    expect(() => formatApiKey(new Uint8Array(31))).toThrow(/32 random bytes/);
  });

  const key = formatApiKey(COUNT);
  const flip = (s: string, at: number) =>
    s.slice(0, at) + (s[at] === 'a' ? 'b' : 'a') + s.slice(at + 1);
  const refused: [string, string][] = [
    ['empty', ''],
    ['another prefix', key.replace('lumen_sk_', 'lumen_pk_')],
    ['one character short', key.slice(0, -1)],
    ['one character long', `${key}0`],
    ['a character outside base62', `${key.slice(0, 20)}-${key.slice(21)}`],
    ['a typo in the random part', flip(key, 20)],
    ['a typo in the checksum', flip(key, key.length - 1)],
    ['surrounding space', ` ${key}`],
  ];
  for (const [name, token] of refused) {
    it(`refuses ${name}`, () => expect(parseApiKey(token)).toBeNull());
  }

  it('tells a key-like token from a user token', () => {
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey('lumen_sk_typo')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJFUzI1NiJ9.x.y')).toBe(false);
  });

  it('shows the prefix and 8 characters, never the rest', () => {
    expect(apiKeyPrefix(key)).toBe(key.slice(0, 17));
    expect(apiKeyPrefix(key)).toMatch(/^lumen_sk_[0-9A-Za-z]{8}$/);
  });
});

describe('apiKeyState', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const earlier = new Date('2026-11-28T11:59:59Z');
  const later = new Date('2026-11-28T12:00:01Z');
  const cases: [string, { revokedAt: Date | null; expiresAt: Date | null }, string][] = [
    ['no expiry', { revokedAt: null, expiresAt: null }, 'active'],
    ['expires later', { revokedAt: null, expiresAt: later }, 'active'],
    ['expires now', { revokedAt: null, expiresAt: now }, 'expired'],
    ['expired', { revokedAt: null, expiresAt: earlier }, 'expired'],
    ['revoked', { revokedAt: earlier, expiresAt: null }, 'revoked'],
    ['revoked and expired', { revokedAt: earlier, expiresAt: earlier }, 'revoked'],
  ];
  for (const [name, key, state] of cases) {
    it(`${name}: ${state}`, () => expect(apiKeyState(key, now)).toBe(state));
  }
});

describe('apiKeyInputSchema', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const parse = (input: unknown) => apiKeyInputSchema(now).safeParse(input);
  it('accepts a name, a role and no expiry', () => {
    expect(parse({ name: ' CI ', role: 'viewer' })).toMatchObject({
      success: true,
      data: { name: 'CI', role: 'viewer' },
    });
  });
  it('accepts a future expiry', () => {
    expect(parse({ name: 'x', role: 'admin', expiresAt: new Date('2027-01-01') }).success).toBe(
      true,
    );
  });
  const refusals: [string, unknown, string][] = [
    ['an empty name', { name: '  ', role: 'member' }, 'Enter a name.'],
    ['a long name', { name: 'x'.repeat(81), role: 'member' }, 'At most 80 characters.'],
    ['the owner role', { name: 'x', role: 'owner' }, 'A key is a viewer, a member or an admin.'],
    [
      'a past expiry',
      { name: 'x', role: 'member', expiresAt: now },
      'Choose a time in the future.',
    ],
  ];
  for (const [name, input, message] of refusals) {
    it(`refuses ${name}`, () => {
      const result = parse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    });
  }
});

describe('who manages keys', () => {
  it('owners and admins, not members or viewers', () => {
    expect(
      (['owner', 'admin', 'member', 'viewer'] as const).map((r) => teamAllows(r, 'manageApiKeys')),
    ).toEqual([true, true, false, false]);
  });
});

describe('rateLimitHeaders', () => {
  it('counts down within the window', () => {
    expect(rateLimitHeaders({ limit: 600, used: 1, resetSeconds: 59.2 })).toEqual({
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': '599',
      'RateLimit-Reset': '60',
    });
  });
  it('reaches zero at the limit without Retry-After', () => {
    expect(rateLimitHeaders({ limit: 2, used: 2, resetSeconds: 10 })).toEqual({
      'RateLimit-Limit': '2',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '10',
    });
  });
  it('adds Retry-After past the limit', () => {
    expect(rateLimitHeaders({ limit: 2, used: 3, resetSeconds: 0 })).toEqual({
      'RateLimit-Limit': '2',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '1',
      'Retry-After': '1',
    });
  });
});
