import { describe, expect, it } from 'vitest';
import {
  budgetNotice,
  citationOwnerLabel,
  runDuration,
  runOutcome,
  runPercent,
  runStatusBadge,
  shouldToastFinishedRun,
  tintedSegments,
} from './runView';

const base = {
  status: 'RUNNING',
  total: 40,
  done: 10,
  failed: 0,
  error: null,
  score: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  startedAt: '2026-11-24T08:00:05.000Z',
  finishedAt: null,
};

describe('runPercent', () => {
  it.each([
    [{ ...base, status: 'QUEUED', done: 0 }, 0],
    [{ ...base, done: 10, failed: 2 }, 30],
    [{ ...base, total: 0, done: 0 }, 0],
    [{ ...base, done: 50 }, 100],
    [{ ...base, status: 'FAILED', done: 3 }, 100],
  ])('%o → %i', (run, want) => expect(runPercent(run)).toBe(want));
});

describe('runDuration', () => {
  const now = Date.parse('2026-11-24T08:01:17.000Z');
  it.each([
    [{ ...base, status: 'QUEUED', startedAt: null }, null],
    [{ ...base }, '1 min 12 s'],
    [{ ...base, finishedAt: '2026-11-24T08:00:50.000Z' }, '45 s'],
    [{ ...base, finishedAt: '2026-11-24T09:04:05.000Z' }, '1 h 4 min'],
    // A run cancelled before it started counts from its creation.
    [{ ...base, status: 'FAILED', startedAt: null, finishedAt: '2026-11-24T08:00:03.000Z' }, '3 s'],
  ])('%o → %s', (run, want) => expect(runDuration(run, now)).toBe(want));
});

describe('runStatusBadge and runOutcome', () => {
  it.each([
    [{ ...base, status: 'QUEUED' }, 'Queued', 'Waiting for a worker to pick it up.'],
    [{ ...base, failed: 1 }, 'Running', '10 of 40 answers in, 1 failed.'],
    [
      { ...base, status: 'COMPLETED', done: 40, score: 42 },
      'Completed',
      'Score 42 · 40 of 40 answers.',
    ],
    [
      { ...base, status: 'COMPLETED', done: 38, failed: 2, score: 40 },
      'Completed with failures',
      'Score 40 · 38 of 40 answers, 2 failed.',
    ],
    [
      { ...base, status: 'FAILED', error: 'Cancelled' },
      'Cancelled',
      'Cancelled after 10 of 40 answers.',
    ],
    [
      { ...base, status: 'FAILED', error: 'Every engine failed.' },
      'Failed',
      'Failed: Every engine failed.',
    ],
  ])('%o', (run, label, outcome) => {
    expect(runStatusBadge(run).label).toBe(label);
    expect(runOutcome(run)).toBe(outcome);
  });
});

describe('shouldToastFinishedRun', () => {
  it.each([
    ['/campaigns/b1', 'b1', false],
    ['/campaigns/b1/runs/r1', 'b1', false],
    ['/campaigns/b10', 'b1', true],
    ['/campaigns', 'b1', true],
    ['/dashboard', 'b1', true],
    ['/dashboard', null, true],
  ])('%s for brand %s → %s', (path, brand, want) =>
    expect(shouldToastFinishedRun(path, brand)).toBe(want),
  );
});

describe('tintedSegments', () => {
  const text = 'Acme beats Contoso and Fabrikam.';
  it('tints the brand 0, competitors by their order, others last; plain text untouched', () => {
    const got = tintedSegments(
      text,
      [
        { kind: 'COMPETITOR', entityId: 'c2', spans: [{ start: 11, end: 18 }] },
        { kind: 'BRAND', entityId: 'b', spans: [{ start: 0, end: 4 }] },
        { kind: 'DISCOVERED', entityId: null, spans: [{ start: 23, end: 31 }] },
      ],
      ['c1', 'c2'],
    );
    expect(got).toEqual([
      { text: 'Acme', start: 0, tint: 0 },
      { text: ' beats ', start: 4, tint: null },
      { text: 'Contoso', start: 11, tint: 2 },
      { text: ' and ', start: 18, tint: null },
      { text: 'Fabrikam', start: 23, tint: -1 },
      { text: '.', start: 31, tint: null },
    ]);
    expect(got.map((s) => s.text).join('')).toBe(text);
  });
  it('finds a discovered name from its first offset when it has no spans', () => {
    const got = tintedSegments(
      text,
      [
        { kind: 'DISCOVERED', entityName: 'fabrikam', firstOffset: 23, spans: [] },
        { kind: 'DISCOVERED', entityName: 'Nowhere', firstOffset: 0, spans: [] },
      ],
      [],
    );
    expect(got.filter((s) => s.tint !== null)).toEqual([{ text: 'Fabrikam', start: 23, tint: -1 }]);
  });
  it('drops markdown emphasis and moves the spans with the text', () => {
    const md = '1. **Acme** beats Contoso.';
    const got = tintedSegments(
      md,
      [
        { kind: 'BRAND', spans: [{ start: 5, end: 9 }] },
        { kind: 'COMPETITOR', entityId: 'c1', spans: [{ start: 18, end: 25 }] },
      ],
      ['c1'],
    );
    expect(got.map((s) => s.text).join('')).toBe('1. Acme beats Contoso.');
    expect(got.filter((s) => s.tint !== null)).toEqual([
      { text: 'Acme', start: 3, tint: 0 },
      { text: 'Contoso', start: 14, tint: 1 },
    ]);
  });
  it('survives spans out of range and overlapping', () => {
    const got = tintedSegments(
      text,
      [
        {
          kind: 'BRAND',
          spans: [
            { start: 0, end: 6 },
            { start: 2, end: 4 },
            { start: 90, end: 99 },
          ],
        },
      ],
      [],
    );
    expect(got.map((s) => s.text).join('')).toBe(text);
    expect(got[0]).toEqual({ text: 'Acme b', start: 0, tint: 0 });
  });
});

describe('citationOwnerLabel', () => {
  const names = new Map([['c1', 'Contoso']]);
  it.each([
    [{ owner: 'OWN', entityId: 'b' }, 'Your site'],
    [{ owner: 'COMPETITOR', entityId: 'c1' }, 'Contoso'],
    [{ owner: 'COMPETITOR', entityId: 'gone' }, 'Competitor'],
    [{ owner: 'THIRD_PARTY', entityId: null }, 'Third party'],
  ])('%o → %s', (c, want) => expect(citationOwnerLabel(c, names)).toBe(want));
});

describe('budgetNotice', () => {
  it.each([
    [{ status: 'COMPLETED', total: 40, budgetStopped: 0 }, null],
    [
      { status: 'RUNNING', total: 40, budgetStopped: 2 },
      'Budget reached: 2 answers not asked so far',
    ],
    [{ status: 'COMPLETED', total: 40, budgetStopped: 1 }, 'Budget reached: 1 answer not asked'],
    [{ status: 'FAILED', total: 40, budgetStopped: 40 }, 'Budget reached: 40 answers not asked'],
  ])('%o → %s', (run, title) => expect(budgetNotice(run)?.title ?? null).toBe(title));

  it('calls a completed run partial and a run with nothing answered stopped', () => {
    expect(budgetNotice({ status: 'COMPLETED', total: 40, budgetStopped: 12 })?.detail).toMatch(
      /^This run is partial: the monthly budget stopped 12 of its 40 queries/,
    );
    expect(budgetNotice({ status: 'FAILED', total: 4, budgetStopped: 4 })?.detail).toMatch(
      /^Nothing was answered/,
    );
  });
});

describe('runStatusBadge and the budget', () => {
  it.each([
    [{ status: 'COMPLETED', failed: 12, budgetStopped: 12 }, 'Partial: budget reached'],
    [{ status: 'FAILED', failed: 4, budgetStopped: 4 }, 'Stopped: budget reached'],
    [{ status: 'RUNNING', failed: 4, budgetStopped: 4 }, 'Running'],
    [{ status: 'COMPLETED', failed: 2, budgetStopped: 0 }, 'Completed with failures'],
  ])('%o → %s', (run, label) => expect(runStatusBadge(run).label).toBe(label));
});
