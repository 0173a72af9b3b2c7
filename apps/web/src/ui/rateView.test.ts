import { describe, expect, it } from 'vitest';
import { sampleView } from './rateView';

describe('sampleView', () => {
  it.each([
    [0, 'n = 0', true],
    [1, 'n = 1', true],
    [9, 'n = 9', true],
    [10, 'n = 10', false],
    [12480, 'n = 12,480', false],
  ])('%i answers → %s, directional %s', (n, label, directional) => {
    const view = sampleView(n);
    expect(view.label).toBe(label);
    expect(view.directional).toBe(directional);
  });

  it('says why a small sample is directional', () => {
    expect(sampleView(3).title).toBe(
      'Over 3 answers only: directional. Read it as a hint until 10 or more answers.',
    );
    expect(sampleView(40).title).toBe('Over 40 answers.');
  });
});
