import type { JobStatus } from '@lumen/schema/generated/graphql';
import { describe, expect, it } from 'vitest';
import {
  describeSentiment,
  engineShare,
  isFinalStatus,
  isZeroVisibility,
  progressSummary,
  quickScoreView,
} from './quickScoreView';

type Status = JobStatus;

const score = (status: Status, extra: Partial<Parameters<typeof progressSummary>[0]> = {}) => ({
  status,
  expired: false,
  progress: 0,
  result: status === 'COMPLETED' ? { mentionRate: { value: 0.4 } } : null,
  engines: [],
  ...extra,
});

describe('quickScoreView', () => {
  it.each([
    ['nothing yet', undefined, false, 'loading'],
    ['a failed first request', undefined, true, 'error'],
    ['an unknown id', null, false, 'notFound'],
    ['queued', score('QUEUED'), false, 'progress'],
    ['running', score('RUNNING'), false, 'progress'],
    ['completed', score('COMPLETED'), false, 'completed'],
    ['completed without a result yet', score('COMPLETED', { result: null }), false, 'progress'],
    ['failed', score('FAILED'), false, 'failed'],
    ['expired', score('COMPLETED', { expired: true, result: null }), false, 'expired'],
    ['expired after failing', score('FAILED', { expired: true }), false, 'expired'],
    ['a later error with data', score('RUNNING'), true, 'progress'],
  ] as const)('%s → %s', (_name, value, error, expected) => {
    expect(quickScoreView({ score: value, loading: value === undefined, error })).toBe(expected);
  });
});

describe('isFinalStatus and isZeroVisibility', () => {
  it('knows the final statuses', () => {
    expect(
      ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'].map((s) => isFinalStatus(s as Status)),
    ).toEqual([false, false, true, true]);
  });

  it('flags a result with no mention at all', () => {
    expect(isZeroVisibility(score('COMPLETED', { result: { mentionRate: { value: 0 } } }))).toBe(
      true,
    );
    expect(isZeroVisibility(score('COMPLETED'))).toBe(false);
    expect(isZeroVisibility(score('RUNNING'))).toBe(false);
  });
});

describe('progressSummary', () => {
  it('counts answered and failed answers over all engines', () => {
    const summary = progressSummary(
      score('RUNNING', {
        progress: 10,
        engines: [
          { done: 10, failed: 0, total: 10 },
          { done: 4, failed: 1, total: 10 },
          { done: 0, failed: 0, total: 10 },
          { done: 2, failed: 0, total: 10 },
        ],
      }),
    );
    expect(summary).toEqual({ percent: 42, answered: 17, total: 40, engines: 4 });
  });

  it('never shows less than the server’s progress, and stays within 0–100', () => {
    expect(progressSummary(score('RUNNING', { progress: 95 })).percent).toBe(95);
    expect(progressSummary(score('RUNNING', { progress: 140 })).percent).toBe(100);
    expect(progressSummary(score('QUEUED')).percent).toBe(0);
  });
});

describe('engineShare', () => {
  it.each([
    [{ done: 0, failed: 0, total: 0 }, 0],
    [{ done: 5, failed: 0, total: 10 }, 0.5],
    [{ done: 9, failed: 1, total: 10 }, 1],
    [{ done: 12, failed: 0, total: 10 }, 1],
  ])('%o → %s', (engine, expected) => {
    expect(engineShare(engine)).toBe(expected);
  });
});

describe('describeSentiment', () => {
  it.each([
    [null, '—', 'No mentions'],
    [50, '50', 'Neutral'],
    [52, '52', 'Neutral'],
    [53, '53', 'Positive'],
    [47, '47', 'Negative'],
    [88.6, '89', 'Positive'],
  ])('%s → %s %s', (sentiment, value, label) => {
    expect(describeSentiment(sentiment)).toEqual({ value, label });
  });

  it('says "not scored" when the brand was named in a language without a lexicon', () => {
    expect(describeSentiment(null, true)).toEqual({ value: '—', label: 'Not scored' });
    expect(describeSentiment(61, true)).toEqual({ value: '61', label: 'Positive' });
  });
});
