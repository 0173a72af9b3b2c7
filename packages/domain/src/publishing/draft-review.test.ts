import { describe, expect, it } from 'vitest';
import type { DraftStatus } from '../status/draft-status';
import { type ReviewAction, reviewMove, statusAfterEdit } from './draft-review';

describe('statusAfterEdit', () => {
  it.each([
    ['DRAFT', 'DRAFT'],
    ['IN_REVIEW', 'IN_REVIEW'],
    ['APPROVED', 'DRAFT'],
    ['FAILED', 'DRAFT'],
    ['SCHEDULED', null],
    ['PUBLISHING', null],
    ['PUBLISHED', 'PUBLISHED'],
  ] as [DraftStatus, DraftStatus | null][])('%s → %s', (from, to) => {
    const check = statusAfterEdit(from);
    expect(check.ok ? check.to : null).toBe(to);
    if (!check.ok) expect(check.message.length).toBeGreaterThan(20);
  });
});

describe('reviewMove', () => {
  it.each([
    ['DRAFT', 'submit', 'IN_REVIEW'],
    ['IN_REVIEW', 'submit', null],
    ['APPROVED', 'submit', null],
    ['IN_REVIEW', 'approve', 'APPROVED'],
    ['DRAFT', 'approve', 'APPROVED'],
    ['APPROVED', 'approve', null],
    ['PUBLISHED', 'approve', null],
    ['FAILED', 'approve', null],
    ['IN_REVIEW', 'return', 'DRAFT'],
    ['DRAFT', 'return', null],
  ] as [DraftStatus, ReviewAction, DraftStatus | null][])('%s %s → %s', (from, action, to) => {
    const check = reviewMove(from, action);
    expect(check.ok ? check.to : null).toBe(to);
  });

  it('explains a refusal', () => {
    expect(reviewMove('APPROVED', 'approve')).toEqual({
      ok: false,
      message: 'This draft is already approved.',
    });
    expect(reviewMove('PUBLISHED', 'submit')).toEqual({
      ok: false,
      message: 'A draft that is published cannot be submitted for review.',
    });
  });
});
