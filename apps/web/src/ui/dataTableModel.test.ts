import { describe, expect, it } from 'vitest';
import { nextSort, paginate, sortRows } from './dataTableModel';

describe('sortRows', () => {
  const rows = [
    { n: 'beta', s: 2 },
    { n: 'Alpha', s: null },
    { n: 'gamma', s: 10 },
  ];
  it('sorts numbers and strings, nulls last both ways', () => {
    expect(sortRows(rows, { key: 's', direction: 'asc' }, (r) => r.s).map((r) => r.n)).toEqual([
      'beta',
      'gamma',
      'Alpha',
    ]);
    expect(sortRows(rows, { key: 's', direction: 'desc' }, (r) => r.s).map((r) => r.n)).toEqual([
      'gamma',
      'beta',
      'Alpha',
    ]);
    expect(sortRows(rows, { key: 'n', direction: 'asc' }, (r) => r.n).map((r) => r.n)).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
  });
  it('keeps the order without a sort', () => {
    expect(sortRows(rows, null, undefined)).toEqual(rows);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  it.each([
    [0, { page: 0, pages: 3, from: 1, to: 10 }],
    [2, { page: 2, pages: 3, from: 21, to: 23 }],
    [9, { page: 2, pages: 3, from: 21, to: 23 }],
    [-1, { page: 0, pages: 3, from: 1, to: 10 }],
  ])('page %i', (page, expected) => {
    expect(paginate(rows, page, 10)).toMatchObject(expected);
  });
  it('has one empty page for no rows', () => {
    expect(paginate([], 0, 10)).toEqual({ rows: [], page: 0, pages: 1, from: 0, to: 0 });
  });
});

describe('nextSort', () => {
  it('cycles asc, desc, off', () => {
    const asc = nextSort(null, 'name');
    const desc = nextSort(asc, 'name');
    expect([asc, desc, nextSort(desc, 'name')]).toEqual([
      { key: 'name', direction: 'asc' },
      { key: 'name', direction: 'desc' },
      null,
    ]);
  });
});
