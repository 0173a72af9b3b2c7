import { describe, expect, it } from 'vitest';
import { expiresAtFor, keyBadge, sortKeys } from './apiKeyView';

const now = new Date('2026-11-28T12:00:00Z');

describe('keyBadge', () => {
  const cases: [string, Parameters<typeof keyBadge>[0], string][] = [
    ['no expiry', { revokedAt: null, expiresAt: null }, 'Active'],
    ['expires later', { expiresAt: '2026-12-01T00:00:00Z' }, 'Active'],
    ['expired', { expiresAt: '2026-11-27T00:00:00Z' }, 'Expired'],
    ['revoked', { revokedAt: '2026-11-27T00:00:00Z' }, 'Revoked'],
    [
      'revoked after expiring',
      { revokedAt: '2026-11-27T00:00:00Z', expiresAt: '2026-11-26T00:00:00Z' },
      'Revoked',
    ],
  ];
  for (const [name, key, label] of cases) {
    it(`${name}: ${label}`, () => expect(keyBadge(key, now).label).toBe(label));
  }
});

describe('expiresAtFor', () => {
  it('never: null', () => expect(expiresAtFor('never', now)).toBeNull());
  it('30 days from now', () => expect(expiresAtFor('30', now)).toBe('2026-12-28T12:00:00.000Z'));
});

describe('sortKeys', () => {
  it('puts working keys first, newest first', () => {
    const keys = [
      { id: 'old', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'revoked', createdAt: '2026-11-01T00:00:00Z', revokedAt: '2026-11-02T00:00:00Z' },
      { id: 'new', createdAt: '2026-06-01T00:00:00Z' },
    ];
    expect(sortKeys(keys, now).map((k) => k.id)).toEqual(['new', 'old', 'revoked']);
  });
});
