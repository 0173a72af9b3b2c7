import { describe, expect, it } from 'vitest';
import { chartDays, kindTotals, statusRows, uploadUrl } from './crawlerView';

describe('crawlerView', () => {
  it('fills every day of the range and adds hits by kind', () => {
    expect(
      chartDays(
        [
          { day: '2026-11-02', agent: 'GPTBot', kind: 'TRAINING', hits: 2 },
          { day: '2026-11-02', agent: 'CCBot', kind: 'TRAINING', hits: 1 },
          { day: '2026-11-03', agent: 'ChatGPT-User', kind: 'USER', hits: 4 },
          { day: '2026-12-01', agent: 'Googlebot', kind: 'SEARCH', hits: 9 },
        ],
        '2026-11-01',
        '2026-11-03',
      ),
    ).toEqual([
      { day: '2026-11-01', TRAINING: 0, SEARCH: 0, USER: 0 },
      { day: '2026-11-02', TRAINING: 3, SEARCH: 0, USER: 0 },
      { day: '2026-11-03', TRAINING: 0, SEARCH: 0, USER: 4 },
    ]);
  });

  it('keeps one bot’s hits when asked', () => {
    const days = [
      { day: '2026-11-02', agent: 'GPTBot', kind: 'TRAINING' as const, hits: 2 },
      { day: '2026-11-02', agent: 'CCBot', kind: 'TRAINING' as const, hits: 1 },
    ];
    expect(chartDays(days, '2026-11-02', '2026-11-02', 'CCBot')).toEqual([
      { day: '2026-11-02', TRAINING: 1, SEARCH: 0, USER: 0 },
    ]);
  });

  it('sums statuses per bot, busiest first', () => {
    expect(
      statusRows([
        { agent: 'Bingbot', statusClass: 'SERVER_ERROR', hits: 1 },
        { agent: 'Googlebot', statusClass: 'OK', hits: 5 },
        { agent: 'Googlebot', statusClass: 'NOT_FOUND', hits: 2 },
        { agent: 'Googlebot', statusClass: 'BLOCKED', hits: 1 },
      ]),
    ).toEqual([
      { agent: 'Googlebot', total: 8, blocked: 1, notFound: 2, serverError: 0 },
      { agent: 'Bingbot', total: 1, blocked: 0, notFound: 0, serverError: 1 },
    ]);
  });

  it('totals kinds and builds the upload address', () => {
    expect(
      kindTotals([
        { kind: 'SEARCH', hits: 2 },
        { kind: 'SEARCH', hits: 1 },
        { kind: 'USER', hits: 1 },
      ]),
    ).toEqual({ TRAINING: 0, SEARCH: 3, USER: 1 });
    expect(uploadUrl('b1', 'access log.gz')).toBe(
      '/crawlers/upload?brandId=b1&fileName=access+log.gz',
    );
  });
});
