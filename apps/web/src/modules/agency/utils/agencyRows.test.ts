import { describe, expect, it } from 'vitest';
import { agencyRows, changeSortValue, offersAgencyView, rowTarget } from './agencyRows';

const brand = (id: string, answers: number, change: unknown = null) => ({
  __typename: 'AgencyBrand' as const,
  id,
  name: `Brand ${id}`,
  workspaceId: 'w',
  from: '2026-11-01',
  to: '2026-11-07',
  openOpportunities: 2,
  metrics: { answers, score: 40, change: change as never },
});

describe('agencyRows', () => {
  it('has a row per brand and one for a workspace without brands', () => {
    const rows = agencyRows([
      { id: 'p', name: 'Mine', role: 'OWNER', personal: true, brands: [] },
      {
        id: 'c',
        name: 'Client',
        role: 'VIEWER',
        personal: false,
        brands: [brand('a', 10), brand('b', 0)],
      },
    ]);
    expect(rows.map((r) => [r.key, r.brand?.name ?? null, r.score, r.openOpportunities])).toEqual([
      ['p', null, null, null],
      ['c/a', 'Brand a', 40, 2],
      // Nothing measured: no score rather than a 0 that reads as measured.
      ['c/b', 'Brand b', null, 2],
    ]);
  });
});

describe('changeSortValue', () => {
  it.each([
    [null, null],
    [{ score: 7, mentionRate: 0.2, verdict: 'MOVED_UP' }, 7],
    [{ score: -5, mentionRate: -0.2, verdict: 'MOVED_DOWN' }, -5],
    // Within noise sorts as no change, whatever its points.
    [{ score: 9, mentionRate: 0.05, verdict: 'WITHIN_NOISE' }, 0],
  ] as const)('%j → %j', (change, value) => {
    expect(changeSortValue({ change })).toBe(value);
  });
});

describe('offersAgencyView and rowTarget', () => {
  it('offers the view from two workspaces on, and links a row into its brand', () => {
    expect(offersAgencyView(undefined)).toBe(false);
    expect(offersAgencyView([1])).toBe(false);
    expect(offersAgencyView([1, 2])).toBe(true);
    expect(rowTarget({ brand: { id: 'b1', name: 'B' } })).toBe('/campaigns/b1');
    expect(rowTarget({ brand: null })).toBe('/campaigns/create');
  });
});
