import { describe, expect, it } from 'vitest';
import {
  BRAND_STATUSES,
  brandStatusOf,
  STORED_BRAND_STATUSES,
  storedBrandStatus,
} from './brand-status';
import * as draft from './draft-status';
import { canPublish, draftStatus } from './draft-status';
import { ingestStatus, OPEN_INGEST_STATUSES } from './ingest-status';
import { opportunityStatus } from './opportunity-status';
import { orderStatus } from './order-status';
import * as run from './run-status';
import { runStatus, statusAfterFailedAttempt } from './run-status';
import type { StateMachine } from './state-machine';

/** Every pair of statuses: the allowed ones listed, all others refused. */
function checkTable<S extends string>(machine: StateMachine<S>, allowed: [S, S][], finals: S[]) {
  const allowedKeys = new Set(allowed.map(([a, b]) => `${a}->${b}`));
  for (const from of machine.statuses) {
    for (const to of machine.statuses) {
      const key = `${from}->${to}`;
      it(`${key} ${allowedKeys.has(key) ? 'allowed' : 'refused'}`, () => {
        expect(machine.canTransition(from, to)).toBe(allowedKeys.has(key));
      });
    }
  }
  it('final statuses', () => {
    expect(machine.statuses.filter((s) => machine.isFinal(s))).toEqual(finals);
  });
}

describe('run / quick score status', () => {
  checkTable(
    runStatus,
    [
      ['QUEUED', 'RUNNING'],
      ['RUNNING', 'COMPLETED'],
      ['RUNNING', 'FAILED'],
      ['RUNNING', 'QUEUED'],
    ],
    ['COMPLETED', 'FAILED'],
  );
  const attempts = [
    { made: 1, max: 5, unrecoverable: false, status: 'QUEUED' },
    { made: 4, max: 5, unrecoverable: false, status: 'QUEUED' },
    { made: 5, max: 5, unrecoverable: false, status: 'FAILED' },
    { made: 1, max: 5, unrecoverable: true, status: 'FAILED' },
  ] as const;
  for (const a of attempts) {
    it(`attempt ${a.made}/${a.max}${a.unrecoverable ? ' unrecoverable' : ''} → ${a.status}`, () => {
      expect(statusAfterFailedAttempt(a.made, a.max, a.unrecoverable)).toBe(a.status);
    });
  }
});

describe('opportunity status', () => {
  checkTable(
    opportunityStatus,
    [
      ['NEW', 'PLANNED'],
      ['NEW', 'RESOLVED'],
      ['NEW', 'DISMISSED'],
      ['PLANNED', 'IN_PROGRESS'],
      ['PLANNED', 'NEW'],
      ['PLANNED', 'RESOLVED'],
      ['PLANNED', 'DISMISSED'],
      ['IN_PROGRESS', 'PUBLISHED'],
      ['IN_PROGRESS', 'PLANNED'],
      ['IN_PROGRESS', 'RESOLVED'],
      ['IN_PROGRESS', 'DISMISSED'],
      ['PUBLISHED', 'RESOLVED'],
      ['PUBLISHED', 'DISMISSED'],
      ['RESOLVED', 'NEW'],
      ['DISMISSED', 'NEW'],
    ],
    [],
  );
});

describe('order status', () => {
  checkTable(
    orderStatus,
    [
      ['QUEUED', 'GENERATING'],
      ['QUEUED', 'CANCELLED'],
      ['GENERATING', 'DRAFT_READY'],
      ['GENERATING', 'FAILED'],
      ['GENERATING', 'QUEUED'],
      ['GENERATING', 'CANCELLED'],
      ['FAILED', 'QUEUED'],
    ],
    ['DRAFT_READY', 'CANCELLED'],
  );
});

describe('draft status', () => {
  checkTable(
    draftStatus,
    [
      ['DRAFT', 'IN_REVIEW'],
      ['IN_REVIEW', 'APPROVED'],
      ['IN_REVIEW', 'DRAFT'],
      ['APPROVED', 'SCHEDULED'],
      ['APPROVED', 'PUBLISHING'],
      ['APPROVED', 'DRAFT'],
      ['SCHEDULED', 'PUBLISHING'],
      ['SCHEDULED', 'APPROVED'],
      ['SCHEDULED', 'FAILED'],
      ['PUBLISHING', 'PUBLISHED'],
      ['PUBLISHING', 'FAILED'],
      ['PUBLISHED', 'PUBLISHING'],
      ['FAILED', 'PUBLISHING'],
      ['FAILED', 'DRAFT'],
    ],
    [],
  );
  it('only approved, scheduled, failed or published (an update) drafts can be (re)published', () => {
    expect(draftStatus.statuses.filter(canPublish)).toEqual([
      'APPROVED',
      'SCHEDULED',
      'PUBLISHED',
      'FAILED',
    ]);
  });
  it('every status but PUBLISHED is open', () => {
    expect(draft.OPEN_DRAFT_STATUSES).toEqual([
      'DRAFT',
      'IN_REVIEW',
      'APPROVED',
      'SCHEDULED',
      'PUBLISHING',
      'FAILED',
    ]);
  });
});

describe('published item ingestion status', () => {
  checkTable(
    ingestStatus,
    [
      ['PENDING', 'READING'],
      ['PENDING', 'FAILED'],
      ['READING', 'READ'],
      ['READING', 'FAILED'],
      ['READING', 'PENDING'],
      ['READ', 'PENDING'],
      ['FAILED', 'PENDING'],
    ],
    [],
  );
  it('PENDING and READING are open', () => {
    expect(OPEN_INGEST_STATUSES).toEqual(['PENDING', 'READING']);
  });
});

describe('brand status', () => {
  it('maps the stored status to what a person sees and back', () => {
    expect(STORED_BRAND_STATUSES.map(brandStatusOf)).toEqual(['ACTIVE', 'PAUSED', 'ACTIVE']);
    expect(BRAND_STATUSES.map(storedBrandStatus)).toEqual(['active', 'paused']);
  });
});

describe('state machine helpers', () => {
  it('refuses unknown statuses without throwing', () => {
    expect(runStatus.isStatus('RUNNING')).toBe(true);
    expect(runStatus.isStatus('running')).toBe(false);
    expect(runStatus.isStatus(3)).toBe(false);
    expect(runStatus.canTransition('BOGUS' as never, 'RUNNING')).toBe(false);
    expect(runStatus.next('BOGUS' as never)).toEqual([]);
  });
  it('next lists the allowed targets', () => {
    expect(draftStatus.next('APPROVED')).toEqual(['SCHEDULED', 'PUBLISHING', 'DRAFT']);
  });
});

describe('per-file canTransition exports', () => {
  it('match the machines', () => {
    expect(run.canTransition('QUEUED', 'RUNNING')).toBe(true);
    expect(run.canTransition('COMPLETED', 'RUNNING')).toBe(false);
    expect(run.isFinal('FAILED')).toBe(true);
    expect(draft.canTransition('DRAFT', 'PUBLISHED')).toBe(false);
  });
});
