/**
 * A brand's status as stored: `active` (measured on its schedule), `paused` (kept, not measured),
 * `archived` (hidden everywhere; nothing sets it through the API today). The database enum is
 * built from this list.
 */
export const STORED_BRAND_STATUSES = ['active', 'paused', 'archived'] as const;
export type StoredBrandStatus = (typeof STORED_BRAND_STATUSES)[number];

/** What a person sees and sets (GraphQL `BrandStatus`): an archived brand is never read. */
export const BRAND_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type BrandStatus = (typeof BRAND_STATUSES)[number];

export function brandStatusOf(stored: StoredBrandStatus): BrandStatus {
  return stored === 'paused' ? 'PAUSED' : 'ACTIVE';
}

export function storedBrandStatus(status: BrandStatus): StoredBrandStatus {
  return status === 'PAUSED' ? 'paused' : 'active';
}
