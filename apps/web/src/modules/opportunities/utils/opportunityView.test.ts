import { describe, expect, it } from 'vitest';
import {
  allowedTargets,
  filterFromParams,
  keyboardTarget,
  openCount,
  paramsFromFilter,
} from './opportunityView';

describe('board moves', () => {
  it.each([
    ['NEW', 1, 'PLANNED'],
    ['NEW', -1, null],
    ['PLANNED', -1, 'NEW'],
    ['PLANNED', 1, 'IN_PROGRESS'],
    ['IN_PROGRESS', 1, 'PUBLISHED'],
    ['PUBLISHED', 1, 'RESOLVED'],
    ['PUBLISHED', -1, null],
    ['RESOLVED', 1, null],
    ['RESOLVED', -1, 'NEW'],
    ['DISMISSED', -1, 'NEW'],
  ] as const)('%s moved %i → %s', (from, direction, to) => {
    expect(keyboardTarget(from, direction)).toBe(to);
  });

  it('targets follow the state machine', () => {
    expect(allowedTargets('NEW')).toEqual(['PLANNED', 'RESOLVED', 'DISMISSED']);
  });
});

describe('list filter in the URL', () => {
  it('defaults to the open statuses and round-trips', () => {
    const filter = filterFromParams(new URLSearchParams(''));
    expect(filter.status).toEqual(['NEW', 'PLANNED', 'IN_PROGRESS']);
    expect(paramsFromFilter(filter).toString()).toBe('');
    const all = filterFromParams(new URLSearchParams('status=all&type=LOW_RANK,BOGUS&q=crm'));
    expect(all).toMatchObject({ status: [], type: ['LOW_RANK'], search: 'crm' });
    expect(paramsFromFilter(all).toString()).toBe('status=all&type=LOW_RANK&q=crm');
  });
});

it('counts the open ones (durations: ui/format.test.ts)', () => {
  expect(
    openCount([
      { status: 'NEW', count: 2 },
      { status: 'PLANNED', count: 1 },
      { status: 'RESOLVED', count: 9 },
    ]),
  ).toBe(3);
});
