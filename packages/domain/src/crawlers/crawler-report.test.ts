import { describe, expect, it } from 'vitest';
import {
  citationFetches,
  onDomains,
  pageOfUrl,
  parseCrawlerRange,
  statusClass,
  unreadKeyPages,
} from './crawler-report';

describe('crawler report', () => {
  it.each([
    [200, 'ok'],
    [301, 'redirect'],
    [403, 'blocked'],
    [429, 'blocked'],
    [404, 'not_found'],
    [410, 'not_found'],
    [400, 'client_error'],
    [503, 'server_error'],
  ])('status %i is %s', (status, cls) => {
    expect(statusClass(status)).toBe(cls);
  });

  it('names pages as the counts do', () => {
    expect(pageOfUrl('https://acme.example/pricing/?a=1#x')).toBe('/pricing');
    expect(pageOfUrl('https://acme.example')).toBe('/');
    expect(onDomains('https://www.acme.example/x', ['acme.example'])).toBe(true);
    expect(onDomains('https://docs.acme.example/x', ['acme.example'])).toBe(true);
    expect(onDomains('https://notacme.example/x', ['acme.example'])).toBe(false);
  });

  it('lists key pages no bot read since the day given', () => {
    const reads = new Map([
      ['/', '2026-11-20'],
      ['/pricing', '2026-10-01'],
    ]);
    expect(
      unreadKeyPages(
        [
          { url: 'https://acme.example/', role: 'home' },
          { url: 'https://acme.example/pricing/', role: 'pricing' },
          { url: 'https://acme.example/compare', role: 'comparison' },
          { url: 'https://acme.example/pricing', role: 'cited' },
        ],
        reads,
        '2026-10-29',
      ),
    ).toEqual([
      {
        url: 'https://acme.example/pricing/',
        role: 'pricing',
        path: '/pricing',
        lastRead: '2026-10-01',
      },
      { url: 'https://acme.example/compare', role: 'comparison', path: '/compare', lastRead: null },
    ]);
  });

  it('says whether a bot fetched a cited page on or before its first citation', () => {
    const first = new Map([
      ['/pricing', { day: '2026-11-20', agent: 'OAI-SearchBot' }],
      ['/blog', { day: '2026-11-25', agent: 'GPTBot' }],
    ]);
    const rows = citationFetches(
      [
        { url: 'https://acme.example/pricing', firstCitedDay: '2026-11-20', citations: 3 },
        { url: 'https://acme.example/blog', firstCitedDay: '2026-11-24', citations: 1 },
        { url: 'https://acme.example/never', firstCitedDay: '2026-11-24', citations: 1 },
      ],
      first,
    );
    expect(rows.map((r) => [r.path, r.fetchedBefore?.agent ?? null])).toEqual([
      ['/pricing', 'OAI-SearchBot'],
      ['/blog', null],
      ['/never', null],
    ]);
  });
});

describe('parseCrawlerRange', () => {
  const today = '2026-11-28';
  it.each([
    [null, { range: { from: '2026-10-30', to: today } }],
    [{ lastDays: 7 }, { range: { from: '2026-11-22', to: today } }],
    [{ from: '2026-11-01', to: '2026-11-07' }, { range: { from: '2026-11-01', to: '2026-11-07' } }],
  ])('%j', (input, expected) => {
    expect(parseCrawlerRange(input, today)).toEqual(expected);
  });

  it.each([
    [{ lastDays: 0 }, 'lastDays'],
    [{ lastDays: 400 }, 'lastDays'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '2026-11-07', to: '2026-11-01' }, 'from'],
    [{ from: '2026-11-01' }, 'to'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'to'],
    [{ from: '2026-11-01', to: '2026-11-02', lastDays: 3 }, 'lastDays'],
  ])('%j names %s', (input, field) => {
    const result = parseCrawlerRange(input, today);
    expect('issues' in result && result.issues.map((i) => i.path[0])).toContain(field);
  });
});
