import type { JobStatus } from '@lumen/schema/generated/graphql';
import { describe, expect, it } from 'vitest';
import { pickLatest } from './pickLatest';

type Status = JobStatus;
const snap = (
  status: Status,
  progress: number,
  tag: string,
  expired = false,
  engines: { done: number; failed: number; total: number }[] = [],
) => ({ status, progress, expired, tag, result: null, engines });

describe('pickLatest', () => {
  it.each([
    ['only fetched', snap('RUNNING', 10, 'f'), undefined, 'f'],
    ['only pushed', undefined, snap('RUNNING', 10, 'p'), 'p'],
    ['pushed is further', snap('RUNNING', 10, 'f'), snap('RUNNING', 40, 'p'), 'p'],
    ['fetched is further (polling)', snap('RUNNING', 70, 'f'), snap('RUNNING', 40, 'p'), 'f'],
    ['a final state beats progress', snap('COMPLETED', 100, 'f'), snap('RUNNING', 100, 'p'), 'f'],
    ['failed beats running', snap('RUNNING', 90, 'f'), snap('FAILED', 20, 'p'), 'p'],
    [
      'expired beats everything',
      snap('COMPLETED', 100, 'f', true),
      snap('COMPLETED', 100, 'p'),
      'f',
    ],
    ['a tie goes to pushed', snap('RUNNING', 50, 'f'), snap('RUNNING', 50, 'p'), 'p'],
  ])('%s', (_name, fetched, pushed, expected) => {
    expect(pickLatest(fetched, pushed)?.tag).toBe(expected);
  });

  it('ranks by what the page shows, answers included', () => {
    // The server's percentage lags the answer counts when writes land out of order.
    const fetched = snap('RUNNING', 70, 'f', false, [{ done: 30, failed: 0, total: 40 }]);
    const pushed = snap('RUNNING', 71, 'p', false, [{ done: 29, failed: 0, total: 40 }]);
    expect(pickLatest(fetched, pushed)?.tag).toBe('f');
  });

  it('keeps an unknown id unknown', () => {
    expect(pickLatest(null, undefined)).toBeNull();
    expect(pickLatest(null, snap('RUNNING', 1, 'p'))).toBeNull();
    expect(pickLatest(undefined, undefined)).toBeUndefined();
  });
});
