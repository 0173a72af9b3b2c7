import { describe, expect, it } from 'vitest';
import { runEngineProgress } from './run-progress';

const label = (e: string) => e.toUpperCase();

describe('runEngineProgress', () => {
  const cases = [
    {
      name: 'queued run: every brand engine at 0 of its share',
      input: { open: true, total: 20, brandEngines: ['a', 'b'], counts: [] },
      want: [
        { engine: 'a', done: 0, failed: 0, total: 10 },
        { engine: 'b', done: 0, failed: 0, total: 10 },
      ],
    },
    {
      name: 'running run: answered and failed counted per engine',
      input: {
        open: true,
        total: 20,
        brandEngines: ['a', 'b'],
        counts: [{ engine: 'b', done: 3, failed: 1, costUsd: 0.03, unpriced: 0 }],
      },
      want: [
        { engine: 'a', done: 0, failed: 0, total: 10 },
        { engine: 'b', done: 3, failed: 1, total: 10, costUsd: 0.03 },
      ],
    },
    {
      name: 'finished run: only engines that answered, in the brand order',
      input: {
        open: false,
        total: 20,
        brandEngines: ['b', 'a', 'c'],
        counts: [
          { engine: 'a', done: 9, failed: 1 },
          { engine: 'b', done: 10, failed: 0 },
        ],
      },
      want: [
        { engine: 'b', done: 10, failed: 0, total: 10 },
        { engine: 'a', done: 9, failed: 1, total: 10 },
      ],
    },
    {
      name: 'an engine removed from the brand still shows, and total never drops below answers',
      input: {
        open: true,
        total: 4,
        brandEngines: ['a'],
        counts: [{ engine: 'z', done: 3, failed: 0 }],
      },
      want: [
        { engine: 'a', done: 0, failed: 0, total: 2 },
        { engine: 'z', done: 3, failed: 0, total: 3 },
      ],
    },
    {
      name: 'no engines at all',
      input: { open: true, total: 0, brandEngines: [], counts: [] },
      want: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = runEngineProgress({ ...c.input, label });
      expect(got).toEqual(
        c.want.map((w) => ({ costUsd: 0, unpriced: 0, ...w, label: w.engine.toUpperCase() })),
      );
    });
  }
});
