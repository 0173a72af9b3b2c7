import { describe, expect, it } from 'vitest';
import { type PreviousRunForEvents, type RunForEvents, runEvents } from './evaluate-run';

const numbers = (answers: number, score: number, low: number, value: number, high: number) => ({
  answers,
  score,
  mentionRate: { low, value, high },
});

const previous: PreviousRunForEvents = {
  id: 'prev',
  trigger: 'SCHEDULED',
  metrics: {
    ...numbers(40, 20, 0.1, 0.2, 0.35),
    byEngine: { local: numbers(20, 20, 0.08, 0.2, 0.42), other: numbers(20, 20, 0.1, 0.2, 0.4) },
  },
};

const run = (over: Partial<RunForEvents> = {}): RunForEvents => ({
  id: 'run',
  brandId: 'brand',
  trigger: 'SCHEDULED',
  status: 'COMPLETED',
  total: 40,
  done: 40,
  failed: 0,
  error: null,
  metrics: {
    ...numbers(40, 70, 0.55, 0.7, 0.82),
    byEngine: { local: numbers(20, 90, 0.7, 0.9, 0.97), other: numbers(20, 30, 0.15, 0.3, 0.5) },
  },
  ...over,
});

const types = (r: RunForEvents, p: PreviousRunForEvents | null) =>
  runEvents(r, p).map((e) => `${e.type}@${(e.data as { engine?: string | null }).engine ?? '*'}`);

describe('runEvents', () => {
  it.each<[string, RunForEvents, PreviousRunForEvents | null, string[]]>([
    [
      'moves for the brand and the engine whose intervals separate',
      run(),
      previous,
      ['score.moved@*', 'mention_rate.moved@*', 'score.moved@local', 'mention_rate.moved@local'],
    ],
    [
      'nothing within noise',
      run({ metrics: { ...numbers(40, 25, 0.12, 0.25, 0.4) } }),
      previous,
      [],
    ],
    ['nothing without a previous run', run(), null, []],
    ['nothing for a targeted re-measure', run({ trigger: 'TARGETED' }), previous, []],
    [
      'a move down is a move',
      run({ metrics: numbers(40, 0, 0, 0, 0.09) }),
      previous,
      ['score.moved@*', 'mention_rate.moved@*'],
    ],
    ['a failed run', run({ status: 'FAILED', done: 0, failed: 40 }), previous, ['run.failed@*']],
    [
      'a partial run, still compared',
      run({ failed: 3, done: 37 }),
      previous,
      [
        'run.partial@*',
        'score.moved@*',
        'mention_rate.moved@*',
        'score.moved@local',
        'mention_rate.moved@local',
      ],
    ],
    ['a run still running', run({ status: 'RUNNING' }), previous, []],
  ])('%s', (_name, r, p, expected) => {
    expect(types(r, p)).toEqual(expected);
  });

  it('keys one event per rule, subject and run, and says why', () => {
    const [score] = runEvents(run(), previous);
    expect(score?.key).toBe('score.moved:brand:*:run');
    expect(score?.data).toMatchObject({ direction: 'UP', change: 50, previousRunId: 'prev' });
    expect(String(score?.data.why)).toContain('do not overlap');
  });
});
