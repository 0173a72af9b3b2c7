import { describe, expect, it } from 'vitest';
import {
  cadenceLabel,
  deletionSummary,
  engineAllowance,
  SAMPLE_CHOICES,
  samplesHelp,
} from './brandFormat';

describe('brand formatting', () => {
  it.each([
    [{ cadence: 'DAILY', hour: 7, timezone: 'UTC' }, 'Daily 07:00'],
    [{ cadence: 'WEEKLY', hour: 18, weekday: 3, timezone: 'UTC' }, 'Weekly, Wed 18:00'],
    [{ cadence: 'MANUAL', hour: 0, timezone: 'UTC' }, 'Manual'],
  ])('%j → %s', (schedule, label) => {
    expect(cadenceLabel(schedule)).toBe(label);
  });
  it('names what a deletion takes with it', () => {
    expect(
      deletionSummary({ competitors: [1], keywords: [1, 2], promptCount: 10, latestRun: {} }),
    ).toBe('1 competitor, 2 keywords, 10 prompts and every run with its answers');
  });
});

describe('engineAllowance', () => {
  it.each([
    [{ planName: 'Free', engines: 2 }, 'Your Free plan allows 2 engines per brand.'],
    [{ planName: 'Pro', engines: 1 }, 'Your Pro plan allows 1 engine per brand.'],
    // An instance that sells no plans names none.
    [{ planName: null, engines: 6 }, 'Up to 6 engines per brand.'],
  ])('%j → %s', (limits, text) => {
    expect(engineAllowance(limits)).toBe(text);
  });
});

describe('samples', () => {
  it('offers 1 to 5', () => {
    expect(SAMPLE_CHOICES).toEqual([1, 2, 3, 4, 5]);
  });
  it.each([
    [
      1,
      4,
      'Each prompt is asked once of each engine per run. More samples narrow the intervals, since one answer is noise, and use more of the answer quota.',
    ],
    [
      3,
      4,
      'Each prompt is asked 3 times of each engine per run (12 answers a prompt). Every sample counts as an answer: the intervals narrow, and a run uses 3× the answer quota.',
    ],
    [
      2,
      0,
      'Each prompt is asked 2 times of each engine per run (2 answers a prompt). Every sample counts as an answer: the intervals narrow, and a run uses 2× the answer quota.',
    ],
  ])('%i samples × %i engines', (samples, engines, text) => {
    expect(samplesHelp(samples, engines)).toBe(text);
  });
});
