import { describe, expect, it } from 'vitest';
import {
  csvUrl,
  EMPTY_FILTER,
  type EntryLike,
  filterVariables,
  KIND_GROUPS,
  matchesFilter,
  mergeEntries,
  subjectLink,
} from './activityView';

const entry = (patch: Partial<EntryLike> = {}): EntryLike => ({
  kind: 'brand.created',
  level: 'INFO',
  brandId: 'b1',
  subjectType: 'brand',
  subjectId: 'b1',
  createdAt: '2026-11-20T10:00:00.000Z',
  actor: { id: 'u1' },
  ...patch,
});

describe('filterVariables', () => {
  it('leaves empty choices out', () => {
    expect(filterVariables(EMPTY_FILTER)).toEqual({});
  });

  it('turns days into instants, the last day included', () => {
    const vars = filterVariables({ ...EMPTY_FILTER, from: '2026-11-20', to: '2026-11-20' });
    expect(new Date(vars.from!).getTime()).toBe(new Date(2026, 10, 20).getTime());
    expect(new Date(vars.to!).getTime()).toBe(new Date(2026, 10, 21).getTime());
  });

  it('sends one kind, level, person and brand', () => {
    expect(
      filterVariables({
        ...EMPTY_FILTER,
        kind: 'member.joined',
        level: 'ERROR',
        actorId: 'u1',
        brandId: 'b1',
      }),
    ).toEqual({ kinds: ['member.joined'], levels: ['ERROR'], actorId: 'u1', brandId: 'b1' });
  });
});

describe('matchesFilter', () => {
  it.each([
    [{}, true],
    [{ kind: 'brand.created' }, true],
    [{ kind: 'member.joined' }, false],
    [{ level: 'ERROR' as const }, false],
    [{ actorId: 'u2' }, false],
    [{ brandId: 'b1' }, true],
    [{ brandId: 'b2' }, false],
  ])('%j → %s', (patch, expected) => {
    expect(matchesFilter(entry(), { ...EMPTY_FILTER, ...patch })).toBe(expected);
  });

  it('keeps a live entry out of a range that ended before it', () => {
    expect(matchesFilter(entry(), { ...EMPTY_FILTER, to: '2026-11-01' })).toBe(false);
  });
});

describe('subjectLink', () => {
  it.each([
    [entry(), '/campaigns/b1'],
    [entry({ kind: 'brand.deleted' }), null],
    [entry({ subjectType: 'keyword', subjectId: 'k1' }), '/campaigns/b1/keywords/k1'],
    [entry({ subjectType: 'run', subjectId: 'r1' }), '/campaigns/b1/runs/r1'],
    [entry({ subjectType: 'draft', subjectId: 'd1' }), '/publishing/drafts/d1'],
    [entry({ subjectType: 'member', subjectId: 'u1' }), '/settings/members'],
    [entry({ subjectType: 'workspace' }), '/settings/workspace'],
    [entry({ subjectType: 'something-new' }), null],
  ])('%j → %s', (e, expected) => {
    expect(subjectLink(e)).toBe(expected);
  });
});

describe('csvUrl', () => {
  it('carries the same filter', () => {
    expect(csvUrl(EMPTY_FILTER)).toBe('/export/activity.csv');
    expect(csvUrl({ ...EMPTY_FILTER, kind: 'brand.created', level: 'WARNING' })).toBe(
      '/export/activity.csv?kinds=brand.created&levels=WARNING',
    );
  });
});

describe('mergeEntries', () => {
  it('puts live entries first, each id once', () => {
    expect(
      mergeEntries([{ id: 'c' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }]).map((e) => e.id),
    ).toEqual(['c', 'b', 'a']);
  });
});

describe('KIND_GROUPS', () => {
  it('offers each kind once', () => {
    const kinds = KIND_GROUPS.flatMap((g) => g.kinds.map((k) => k.value));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds.every((k) => /^[a-z_]+\.[a-z_]+$/.test(k))).toBe(true);
  });
});
