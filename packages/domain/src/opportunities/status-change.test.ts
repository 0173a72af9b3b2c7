import { describe, expect, it } from 'vitest';
import { checkOpportunityStatusChange, nextOpportunityStatuses } from './status-change';

describe('checkOpportunityStatusChange', () => {
  it.each([
    ['NEW', 'PLANNED', null, { ok: true, note: null }],
    ['PLANNED', 'IN_PROGRESS', '  starting  now ', { ok: true, note: 'starting now' }],
    ['NEW', 'DISMISSED', 'Not our market', { ok: true, note: 'Not our market' }],
    ['DISMISSED', 'NEW', null, { ok: true, note: null }],
  ] as const)('%s → %s allowed', (from, to, note, expected) => {
    expect(checkOpportunityStatusChange(from, to, note)).toEqual(expected);
  });

  it.each([
    ['NEW', 'PUBLISHED', 'status'],
    ['RESOLVED', 'PLANNED', 'status'],
    ['NEW', 'NEW', 'status'],
    ['NEW', 'DISMISSED', 'note'],
  ] as const)('%s → %s refused on %s', (from, to, field) => {
    const check = checkOpportunityStatusChange(from, to, to === 'DISMISSED' ? '   ' : null);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.field).toBe(field);
  });

  it('names where an illegal move could go instead', () => {
    const check = checkOpportunityStatusChange('NEW', 'PUBLISHED', null);
    expect(check).toEqual({
      ok: false,
      field: 'status',
      message:
        'An opportunity cannot move from New to Published; from New it can go to Planned, Resolved, Dismissed.',
    });
  });

  it('caps the note', () => {
    expect(checkOpportunityStatusChange('NEW', 'DISMISSED', 'x'.repeat(501)).ok).toBe(false);
  });

  it('next statuses follow the machine', () => {
    expect(nextOpportunityStatuses('PUBLISHED')).toEqual(['RESOLVED', 'DISMISSED']);
  });
});
