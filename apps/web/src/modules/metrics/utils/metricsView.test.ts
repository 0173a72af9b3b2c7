import { describe, expect, it } from 'vitest';
import {
  changeSentence,
  intervalFor,
  parseRange,
  rangeFor,
  ratePoints,
  sentimentText,
  verdictView,
  whatMoved,
} from './metricsView';

describe('metricsView', () => {
  it('reads the range from the URL, 30 days otherwise', () => {
    expect(parseRange('7')).toBe(7);
    expect(parseRange('90')).toBe(90);
    expect(parseRange('12')).toBe(30);
    expect(parseRange(null)).toBe(30);
  });

  it('a range ends at the brand’s local today', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(rangeFor(7, 'Europe/Berlin', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });

  it.each([
    [7, 'DAY'],
    [30, 'DAY'],
    [90, 'WEEK'],
  ] as const)('%i days by %s', (days, interval) => {
    expect(intervalFor(days)).toBe(interval);
  });

  it('formats points and sentiment (rates and ranks: ui/format.test.ts)', () => {
    expect(ratePoints(0.35)).toBe('+35 pts');
    expect(ratePoints(-0.1)).toBe('−10 pts');
    expect(ratePoints(0)).toBe('±0 pts');
    expect(sentimentText(null)).toBe('not scored');
    expect(sentimentText(75)).toBe('75 · positive');
    expect(sentimentText(50)).toBe('50 · neutral');
  });

  it.each([
    ['MOVED_UP', 'moved up', 'up'],
    ['MOVED_DOWN', 'moved down', 'down'],
    ['WITHIN_NOISE', 'within noise', 'neutral'],
  ] as const)('%s reads "%s"', (verdict, label, tone) => {
    expect(verdictView(verdict)).toEqual({ label, tone });
  });

  it('says what moved in one sentence', () => {
    const change = (
      from: number,
      to: number,
      verdict: 'MOVED_UP' | 'WITHIN_NOISE' | 'MOVED_DOWN',
    ) =>
      [
        { mentionRate: { value: to } },
        { mentionRate: to - from, verdict, previousMentionRate: { value: from } },
      ] as const;
    expect(changeSentence('Northwind CRM', 'Local Claude', ...change(0.4, 0.75, 'MOVED_UP'))).toBe(
      'Northwind CRM’s mention rate on Local Claude rose from 40\u00a0% to 75\u00a0%: moved.',
    );
    expect(changeSentence('Acme', null, ...change(0.5, 0.4, 'WITHIN_NOISE'))).toBe(
      'Acme’s mention rate fell from 50\u00a0% to 40\u00a0%: within noise.',
    );
    expect(changeSentence('Acme', null, ...change(0.5, 0.5, 'WITHIN_NOISE'))).toBe(
      'Acme’s mention rate held at 50\u00a0%: within noise.',
    );
  });
});

describe('whatMoved', () => {
  const change = (
    from: number,
    to: number,
    verdict: 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE',
  ) => ({
    mentionRate: { value: to },
    change: { mentionRate: to - from, verdict, previousMentionRate: { value: from } },
  });
  it('lists what moved, biggest first, engines included', () => {
    const r = whatMoved([
      {
        name: 'Northwind CRM',
        ...change(0.5, 0.55, 'WITHIN_NOISE'),
        byEngine: [
          { label: 'Local Claude', ...change(0.4, 0.75, 'MOVED_UP') },
          { label: 'Local GPT', ...change(0.6, 0.2, 'MOVED_DOWN') },
        ],
      },
      { name: 'Acme', mentionRate: { value: 0.3 }, change: null, byEngine: [] },
    ]);
    expect(r).toEqual({
      movedCount: 2,
      sentences: [
        'Northwind CRM’s mention rate on Local GPT fell from 60\u00a0% to 20\u00a0%: moved.',
        'Northwind CRM’s mention rate on Local Claude rose from 40\u00a0% to 75\u00a0%: moved.',
      ],
    });
  });

  it('when nothing moved, names the largest change within noise', () => {
    const r = whatMoved([
      {
        name: 'Acme',
        ...change(0.5, 0.6, 'WITHIN_NOISE'),
        byEngine: [{ label: 'Local GPT', ...change(0.5, 0.52, 'WITHIN_NOISE') }],
      },
    ]);
    expect(r).toEqual({
      movedCount: 0,
      sentences: ['Acme’s mention rate rose from 50\u00a0% to 60\u00a0%: within noise.'],
    });
    expect(whatMoved([])).toEqual({ movedCount: 0, sentences: [] });
  });
});
