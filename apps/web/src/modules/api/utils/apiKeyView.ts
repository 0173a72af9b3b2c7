import { apiKeyState } from '@lumen/domain/auth/api-keys';

// What the API keys list says about a key, and the expiry choices of the form (docs/api.md).

export type ApiKeyRow = {
  revokedAt?: string | null;
  expiresAt?: string | null;
  lastUsedAt?: string | null;
};

export type KeyBadge = {
  label: 'Active' | 'Expired' | 'Revoked';
  tone: 'success' | 'muted' | 'danger';
};

export function keyBadge(key: ApiKeyRow, now: Date): KeyBadge {
  const state = apiKeyState(
    {
      revokedAt: key.revokedAt ? new Date(key.revokedAt) : null,
      expiresAt: key.expiresAt ? new Date(key.expiresAt) : null,
    },
    now,
  );
  if (state === 'revoked') return { label: 'Revoked', tone: 'danger' };
  if (state === 'expired') return { label: 'Expired', tone: 'muted' };
  return { label: 'Active', tone: 'success' };
}

export const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In a year', days: 365 },
] as const;

export type ExpiryChoice = (typeof EXPIRY_OPTIONS)[number]['value'];

/** The expiry sent to createApiKey for a choice of the form; null: never. */
export function expiresAtFor(choice: ExpiryChoice, now: Date): string | null {
  const days = EXPIRY_OPTIONS.find((o) => o.value === choice)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** Revoked keys last: the ones that still work come first, newest first within each. */
export function sortKeys<T extends ApiKeyRow & { createdAt: string }>(
  keys: readonly T[],
  now: Date,
): T[] {
  const rank = (k: T) => (keyBadge(k, now).label === 'Active' ? 0 : 1);
  return [...keys].sort(
    (a, b) => rank(a) - rank(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}
