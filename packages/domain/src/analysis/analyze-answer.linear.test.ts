import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createAnalyzer, MAX_ANSWER_LENGTH } from './analyze-answer';

/**
 * Analysis must take time linear in the answer's length for any alias and any text
 * (docs/analysis.md, "Linear time"). No wall-clock budget here: each case analyses a text of n and
 * of 8n characters and compares the two CPU times. Linear work gives a ratio near 8; a quadratic
 * step gives 64 and a backtracking RegExp far more. The best of several runs is taken, and the
 * bound leaves a factor of three for caches and garbage collection on a busy machine.
 */
const SMALL = 12_500;
const LARGE = 100_000;
const MAX_RATIO = 24;
// Each case analyses a few MB of text; on a machine shared with parallel test files that takes
// longer than vitest's default 5 s. This is a hang guard, not a speed budget.
const TIMEOUT = 120_000;

function cpuNow(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/**
 * Ratio of the best CPU times of the large and the small text, measured in turns so a change in
 * the machine's load hits both alike. A busy machine (tests run in parallel) can still spoil one
 * measurement, so a ratio over the bound is measured again, up to three times: a real quadratic
 * step fails every time.
 */
function growth(entities: TrackedEntity[], makeText: (length: number) => string): number {
  const analyze = createAnalyzer(entities);
  const small = makeText(SMALL);
  const large = makeText(LARGE);
  // CPU time per analysis, over enough runs that the interval dwarfs the clock's granularity.
  const time = (text: string, runs: number) => {
    const start = cpuNow();
    for (let r = 0; r < runs; r++) analyze({ text, citations: [{ url: text }] });
    return (cpuNow() - start) / runs;
  };
  time(small, 2); // warm-up: compile before measuring
  let ratio = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && ratio >= MAX_RATIO; attempt++) {
    let a = Number.POSITIVE_INFINITY;
    let b = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 5; r++) {
      a = Math.min(a, time(small, LARGE / SMALL));
      b = Math.min(b, time(large, 1));
    }
    ratio = Math.min(ratio, b / Math.max(a, 1));
  }
  return ratio;
}

function entity(name: string, aliases: string[] = []): TrackedEntity[] {
  return [
    { id: 'brand', kind: 'brand', name, aliases, domains: ['acme.com'] },
    { id: 'rival', kind: 'competitor', name: 'Rival', aliases: ['Rival Pro'], domains: [] },
  ];
}

/** `unit` repeated to exactly `length` characters. */
function fill(unit: string, length: number): string {
  const safe = unit.length === 0 ? ' ' : unit;
  return safe.repeat(Math.ceil(length / safe.length)).slice(0, length);
}

const SEPARATORS = [' ', '*', '_', '~', '`', '-'];
const WORD_CHARS = ['a', 'b', 'c', 'x', '1'];
const aliasChar = fc.constantFrom(...SEPARATORS, ...WORD_CHARS, '.', '+', '&');
const alias = fc
  .array(aliasChar, { minLength: 1, maxLength: 40 })
  .map((chars) => `a${chars.join('')}`);
const piece = fc.oneof(
  fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 30 }).map((c) => c.join('')),
  fc.array(fc.constantFrom(...WORD_CHARS), { minLength: 1, maxLength: 6 }).map((c) => c.join('')),
  fc.constantFrom('.', '..', '-.', 'a.', '.com', 'https://', '](', '[', '\r', '\n- ', '\n1. '),
  fc.constantFrom('**', '__', 'Acme', 'acme.com', 'Rival Pro', '"', '. ', 'not ', 'great'),
);
const unit = fc.array(piece, { minLength: 1, maxLength: 20 }).map((p) => p.join(''));

describe('analysis time grows linearly with the answer', () => {
  it(
    'random aliases of separator and word characters, random repeated texts',
    () => {
      fc.assert(
        fc.property(alias, unit, (name, u) => {
          const words = name.replace(/[\s*_~`.+&-]+/g, ' ').trim();
          const ratio = growth(entity(name, [words]), (n) => fill(u, n));
          expect(ratio).toBeLessThan(MAX_RATIO);
        }),
        { numRuns: 12 },
      );
    },
    TIMEOUT,
  );

  it(
    'random aliases against one long run of a single character',
    () => {
      fc.assert(
        fc.property(
          alias,
          fc.constantFrom(...SEPARATORS, '.', '-.', 'a', 'a.', '*a'),
          (name, c) => {
            const words = name.split('');
            const head = `${words.join(' ')} `;
            const ratio = growth(entity(name), (n) => head + fill(c, n - head.length));
            expect(ratio).toBeLessThan(MAX_RATIO);
          },
        ),
        { numRuns: 12 },
      );
    },
    TIMEOUT,
  );

  // The shapes a security review timed: a 22-character brand of words and asterisks quoted back
  // with an industry of asterisks (76 s per answer), and 100 KB of dots (43 s).
  it.each([
    [
      'brand of words and asterisks, text of asterisks',
      'A * B * C * D * E * F *',
      (n: number) => `a ${fill('*', n - 2)}`,
    ],
    ['dots', 'Acme', (n: number) => fill('.', n)],
    ['dashes and dots', 'Acme', (n: number) => fill('-.', n)],
    ['overlapping aliases', 'Uber', (n: number) => fill('Uber Eats ', n)],
    ['markdown links', 'Acme', (n: number) => fill('[Acme](https://acme.com/x) ', n)],
    ['bold names and mentions', 'Acme', (n: number) => fill('**Zed** Acme. ', n)],
    [
      'list item of blanks before a carriage return',
      'Acme',
      (n: number) => `- ${fill(' ', n - 5)}\r x`,
    ],
    ['slashes in a citation', 'Acme', (n: number) => `https://x.com/${fill('/', n - 15)}a`],
  ])(
    '%s',
    (_shape, name, makeText) => {
      expect(growth(entity(name, ['Uber Eats']), makeText)).toBeLessThan(MAX_RATIO);
    },
    TIMEOUT,
  );

  it('answers are cut at the stated maximum before analysis', () => {
    const analyze = createAnalyzer(entity('Acme'));
    const text = `${'x '.repeat(MAX_ANSWER_LENGTH / 2)} Acme`;
    expect(analyze({ text, citations: [] }).mentions).toEqual([]);
    const inside = `Acme ${text}`;
    expect(analyze({ text: inside, citations: [] }).mentions.map((m) => m.entityId)).toEqual([
      'brand',
    ]);
  });
});
