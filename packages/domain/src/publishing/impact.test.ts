import { describe, expect, it } from 'vitest';
import { wilson } from '../metrics/wilson';
import { BASELINE_DAYS, MIN_ANSWERS_PER_SIDE } from './evidence';
import { computeImpact, type ImpactAnswer, type ImpactInput } from './impact';

const PUBLISHED = new Date('2026-03-10T12:00:00Z');
const INGESTED = new Date('2026-03-10T12:00:05Z');

/** One answer per run; day < 10 is before publishing, day ≥ 11 after. */
function answer(
  engine: string,
  day: number,
  mentioned: boolean,
  extra: Partial<ImpactAnswer> = {},
): ImpactAnswer {
  return {
    runId: `run-${String(day).padStart(2, '0')}`,
    runAt: new Date(`2026-03-${String(day).padStart(2, '0')}T08:00:00Z`),
    engine,
    mentioned,
    rank: mentioned ? 2 : null,
    withCitations: true,
    citesOwn: false,
    ...extra,
  };
}

function input(answers: ImpactAnswer[], overrides: Partial<ImpactInput> = {}): ImpactInput {
  return {
    publishedAt: PUBLISHED,
    ingestedAt: INGESTED,
    engines: ['local-gpt'],
    answers,
    ...overrides,
  };
}

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('computeImpact', () => {
  it('needs four answers a side because three can never separate the intervals', () => {
    expect(MIN_ANSWERS_PER_SIDE).toBe(4);
    // 0/3 against 3/3 still overlaps; 0/4 against 4/4 does not.
    expect(wilson(0, 3).high).toBeGreaterThan(wilson(3, 3).low);
    expect(wilson(0, 4).high).toBeLessThan(wilson(4, 4).low);
  });

  const table: {
    name: string;
    answers: ImpactAnswer[];
    overrides?: Partial<ImpactInput>;
    enoughData: boolean;
    reason: RegExp | null;
    verdict: string | null;
    before: { answers: number; value: number };
    after: { answers: number; value: number };
  }[] = [
    {
      name: 'absent in 5 runs, present in 4 after: moved up',
      answers: [
        ...days(5, 9).map((d) => answer('local-gpt', d, false)),
        ...days(11, 14).map((d) => answer('local-gpt', d, true)),
      ],
      enoughData: true,
      reason: null,
      verdict: 'MOVED_UP',
      before: { answers: 5, value: 0 },
      after: { answers: 4, value: 1 },
    },
    {
      name: 'present before, gone after: moved down',
      answers: [
        ...days(5, 9).map((d) => answer('local-gpt', d, true)),
        ...days(11, 15).map((d) => answer('local-gpt', d, false)),
      ],
      enoughData: true,
      reason: null,
      verdict: 'MOVED_DOWN',
      before: { answers: 5, value: 1 },
      after: { answers: 5, value: 0 },
    },
    {
      name: 'half and half on both sides: within noise',
      answers: [
        ...days(1, 4).map((d) => answer('local-gpt', d, d % 2 === 0)),
        ...days(11, 14).map((d) => answer('local-gpt', d, d % 2 === 1)),
      ],
      enoughData: true,
      reason: null,
      verdict: 'WITHIN_NOISE',
      before: { answers: 4, value: 0.5 },
      after: { answers: 4, value: 0.5 },
    },
    {
      name: 'every answer of the baseline window counts, not only the last runs',
      answers: [
        // Outside the window (more than BASELINE_DAYS before publishing): not counted.
        ...[1, 2, 3].map((d) =>
          answer('local-gpt', d, true, {
            runId: `old-${d}`,
            runAt: new Date(PUBLISHED.getTime() - (BASELINE_DAYS + d) * 86_400_000),
          }),
        ),
        ...days(1, 9).map((d) => answer('local-gpt', d, false)),
        ...days(11, 14).map((d) => answer('local-gpt', d, true)),
      ],
      enoughData: true,
      reason: null,
      verdict: 'MOVED_UP',
      before: { answers: 9, value: 0 },
      after: { answers: 4, value: 1 },
    },
    {
      name: 'one run after publishing: numbers shown, not enough data',
      answers: [
        ...days(5, 9).map((d) => answer('local-gpt', d, false)),
        answer('local-gpt', 11, true),
      ],
      enoughData: false,
      reason: /over every engine, 5 answers before publishing and 1 answer after.*fewer than 4/,
      verdict: 'WITHIN_NOISE',
      before: { answers: 5, value: 0 },
      after: { answers: 1, value: 1 },
    },
    {
      name: 'not measured in the baseline window',
      answers: days(11, 15).map((d) => answer('local-gpt', d, true)),
      enoughData: false,
      reason: /not measured in the 30 days before the page was published/,
      verdict: null,
      before: { answers: 0, value: 0 },
      after: { answers: 5, value: 1 },
    },
    {
      name: 'not read yet: nothing counts as after',
      answers: [
        ...days(5, 9).map((d) => answer('local-gpt', d, false)),
        ...days(11, 14).map((d) => answer('local-gpt', d, true)),
      ],
      overrides: { ingestedAt: null },
      enoughData: false,
      reason: /has not been read yet/,
      verdict: null,
      before: { answers: 5, value: 0 },
      after: { answers: 0, value: 0 },
    },
    {
      name: 'read, but no run since',
      answers: days(5, 9).map((d) => answer('local-gpt', d, false)),
      enoughData: false,
      reason: /have not been measured since the page was published/,
      verdict: null,
      before: { answers: 5, value: 0 },
      after: { answers: 0, value: 0 },
    },
    {
      name: 'a run between publishing and reading is neither before nor after',
      answers: [
        ...days(5, 9).map((d) => answer('local-gpt', d, false)),
        answer('local-gpt', 10, true, {
          runId: 'between',
          runAt: new Date('2026-03-10T12:00:02Z'),
        }),
      ],
      enoughData: false,
      reason: /have not been measured since/,
      verdict: null,
      before: { answers: 5, value: 0 },
      after: { answers: 0, value: 0 },
    },
  ];

  it.each(table)('$name', (row) => {
    const impact = computeImpact(input(row.answers, row.overrides));
    expect(impact.enoughData).toBe(row.enoughData);
    if (row.reason) expect(impact.reason).toMatch(row.reason);
    else expect(impact.reason).toBeNull();
    const [gpt] = impact.engines;
    expect(gpt?.engine).toBe('local-gpt');
    expect(gpt?.verdict).toBe(row.verdict);
    expect(gpt?.before.answers).toBe(row.before.answers);
    expect(gpt?.before.mentionRate.value).toBe(row.before.value);
    expect(gpt?.after.answers).toBe(row.after.answers);
    expect(gpt?.after.mentionRate.value).toBe(row.after.value);
  });

  it('gives each engine its own numbers, rank and citation rate, with Wilson intervals', () => {
    const impact = computeImpact(
      input(
        [
          ...days(5, 9).map((d) => answer('local-gpt', d, false)),
          ...days(11, 14).map((d) =>
            answer('local-gpt', d, true, { rank: d === 11 ? 1 : 3, citesOwn: d >= 13 }),
          ),
          ...days(5, 9).map((d) => answer('local-claude', d, true, { rank: 2 })),
          answer('local-claude', 11, true, { rank: 1, withCitations: false }),
        ],
        { engines: ['local-gpt', 'local-claude', 'local-gemini'] },
      ),
    );
    expect(impact.engines.map((e) => e.engine)).toEqual([
      'local-gpt',
      'local-claude',
      'local-gemini',
    ]);
    const [gpt, claude, gemini] = impact.engines;
    expect(gpt?.after.averageRank).toBe((1 + 3 + 3 + 3) / 4);
    expect(gpt?.before.averageRank).toBeNull();
    expect(gpt?.after.citationRate).toBe(0.5);
    expect(gpt?.after.mentionRate).toEqual({ value: 1, ...wilson(4, 4) });
    expect(gpt?.before.mentionRate).toEqual({ value: 0, ...wilson(0, 5) });
    expect(gpt?.before.runs).toBe(5);
    expect(claude?.after.citationRate).toBe(0);
    expect(claude?.verdict).toBe('WITHIN_NOISE');
    expect(gemini?.before.answers).toBe(0);
    expect(gemini?.verdict).toBeNull();
    expect(impact.enoughData).toBe(true);
  });

  it('the reported case: one answer per engine before, a re-measure after, judged over every engine', () => {
    const engines = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];
    const before = engines.map((e) => answer(e, 9, false));
    const remeasure = (day: number, samples: number, named: (e: string) => boolean) =>
      engines.flatMap((e) =>
        Array.from({ length: samples }, () => answer(e, day, named(e), { runId: `re-${day}` })),
      );
    // Per engine, 1 answer before can never part the intervals; over every engine, 4 can.
    const impact = computeImpact(input([...before, ...remeasure(11, 5, () => true)], { engines }));
    expect(impact.engines.every((e) => e.before.answers === 1 && e.after.answers === 5)).toBe(true);
    expect(impact.enoughData).toBe(true);
    expect(impact.evidence).toMatchObject({
      verdict: 'IMPROVED',
      before: { answers: 4, mentioned: 0 },
      after: { answers: 20, mentioned: 20 },
    });
    // Half the engines name the brand after: the same counts say "within noise".
    const half = computeImpact(
      input([...before, ...remeasure(11, 5, (e) => e.endsWith('gpt') || e.endsWith('claude'))], {
        engines,
      }),
    );
    expect(half.evidence.verdict).toBe('WITHIN_NOISE');
  });

  it('with too few answers before, says how many over every engine', () => {
    const impact = computeImpact(
      input(
        [
          ...days(5, 6).map((d) => answer('local-gpt', d, false)),
          ...days(11, 12).map((d) => answer('local-gpt', d, true)),
          answer('local-claude', 9, false),
          answer('local-claude', 11, true),
        ],
        { engines: ['local-claude', 'local-gpt'] },
      ),
    );
    expect(impact.evidence.verdict).toBe('NOT_ENOUGH_DATA');
    expect(impact.reason).toMatch(
      /^Not enough data yet: over every engine, 3 answers before publishing and 3 answers after/,
    );
  });

  it('says so when the brand has no engines', () => {
    const impact = computeImpact(input([], { engines: [] }));
    expect(impact).toMatchObject({
      evidence: { verdict: 'NOT_ENOUGH_DATA' },
      enoughData: false,
      reason: expect.stringMatching(/no engines/),
      engines: [],
    });
  });
});
