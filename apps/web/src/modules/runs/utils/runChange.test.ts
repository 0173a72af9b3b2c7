import { describe, expect, it } from 'vitest';
import { runChangeView } from './runChange';

describe('runChangeView', () => {
  it('a targeted re-measure is labelled and shows no change', () => {
    expect(runChangeView({ trigger: 'TARGETED', promptCount: 1, change: null })).toEqual({
      kind: 'targeted',
      label: 're-measure · 1 prompt',
      title: 'A targeted re-measure after publishing: never compared with full runs',
    });
    expect(
      runChangeView({ trigger: 'TARGETED', promptCount: 1, samples: 5, change: null }),
    ).toMatchObject({ label: 're-measure · 1 prompt × 5 samples' });
    // Even if a change came along, a targeted run never shows one.
    expect(
      runChangeView({
        trigger: 'TARGETED',
        promptCount: 3,
        change: { score: -4, verdict: 'MOVED_DOWN' },
      }),
    ).toMatchObject({
      kind: 'targeted',
      label: 're-measure · 3 prompts',
    });
  });

  it.each([
    [
      { score: -4, verdict: 'WITHIN_NOISE' },
      { delta: '−4', label: 'within noise', tone: 'neutral' },
    ],
    [
      { score: 6, verdict: 'WITHIN_NOISE' },
      { delta: '+6', label: 'within noise', tone: 'neutral' },
    ],
    [
      { score: 30, verdict: 'MOVED_UP' },
      { delta: '+30', label: 'moved up', tone: 'up' },
    ],
    [
      { score: -25, verdict: 'MOVED_DOWN' },
      { delta: '−25', label: 'moved down', tone: 'down' },
    ],
    [
      { score: 0, verdict: 'WITHIN_NOISE' },
      { delta: '±0', label: 'within noise', tone: 'neutral' },
    ],
  ] as const)('%j reads %j', (change, view) => {
    expect(runChangeView({ trigger: 'SCHEDULED', change })).toEqual({ kind: 'change', ...view });
  });

  it('nothing without a previous full run', () => {
    expect(runChangeView({ trigger: 'MANUAL', change: null })).toEqual({ kind: 'none' });
  });
});
