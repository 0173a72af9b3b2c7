import { describe, expect, it } from 'vitest';
import { isOpenScan, kindShares, originText, periodOf, scanText, trendText } from './sourcesView';

describe('sources view', () => {
  it('adds citations per kind in a fixed order, with shares of the whole', () => {
    expect(
      kindShares([
        { kind: 'UGC', citations: 2 },
        { kind: 'EDITORIAL', citations: 5 },
        { kind: 'UGC', citations: 3 },
      ]),
    ).toEqual([
      { kind: 'EDITORIAL', citations: 5, share: 0.5, domains: 1 },
      { kind: 'UGC', citations: 5, share: 0.5, domains: 2 },
    ]);
    expect(kindShares([])).toEqual([]);
  });

  it('says where a kind came from', () => {
    expect(originText('LIST', 'g2.com')).toBe('Lumen’s list (g2.com)');
    expect(originText('COMPETITOR', 'Contoso CRM')).toBe('A domain of Contoso CRM');
    expect(originText('CORRECTION', 'g2.com')).toBe('Your workspace’s correction');
    expect(originText('DEFAULT', null)).toBe('Nothing matched');
  });

  it('reads the period from the address, 30 days otherwise', () => {
    expect(periodOf('7')).toBe(7);
    expect(periodOf('90')).toBe(90);
    expect(periodOf('12')).toBe(30);
    expect(periodOf(null)).toBe(30);
  });

  it('reads the trend out in words', () => {
    expect(
      trendText([
        { day: '2026-11-27', citations: 3 },
        { day: '2026-11-28', citations: 0 },
      ]),
    ).toBe('Citations per day with answers: 2026-11-27 3, 2026-11-28 0');
  });
});

describe('scanText', () => {
  const scan = { done: 3, total: 10, failed: 0, error: null };
  const cases: [Parameters<typeof scanText>[0], string][] = [
    [null, 'The cited pages have not been read yet.'],
    [{ ...scan, status: 'QUEUED' }, 'Waiting to read the cited pages…'],
    [{ ...scan, status: 'RUNNING', total: 0 }, 'Finding the cited pages…'],
    [{ ...scan, status: 'RUNNING' }, 'Reading 3 of 10 pages…'],
    [{ ...scan, status: 'COMPLETED', done: 10 }, 'Read 10 pages.'],
    [{ ...scan, status: 'COMPLETED', done: 1, total: 1 }, 'Read 1 page.'],
    [{ ...scan, status: 'COMPLETED', failed: 2 }, 'Read 10 pages; 2 could not be fetched.'],
    [{ ...scan, status: 'FAILED', error: 'Stopped.' }, 'Stopped.'],
  ];
  for (const [input, text] of cases) {
    it(`${input?.status ?? 'none'} → ${text}`, () => expect(scanText(input)).toBe(text));
  }
  it('open while queued or running', () => {
    expect(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'].map((s) => isOpenScan(s as never))).toEqual(
      [true, true, false, false],
    );
  });
});
