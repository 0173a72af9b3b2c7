import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import {
  type CitedPage,
  citedPagesOf,
  outreachImpact,
  outreachResolutions,
  outreachTitle,
  rankOutreach,
  readingOf,
} from './outreach';

const them = (...names: string[]) => ({
  brandMentioned: false,
  competitors: names.map((name) => ({ entityId: name.toLowerCase(), name })),
});

const page = (url: string, over: Partial<CitedPage> = {}): CitedPage => ({
  url,
  domain: new URL(url).hostname,
  kind: 'editorial',
  citations: 1,
  engines: ['local-gpt'],
  prompts: [{ text: 'best crm', engines: ['local-gpt'] }],
  title: null,
  contact: null,
  reading: them('Gridwork'),
  ...over,
});

describe('rankOutreach', () => {
  it('ranks by citation share × engines, then citations, then URL', () => {
    const { pages } = rankOutreach(
      [
        // 4/20 × 1 = 0.2
        page('https://a.com/1', { citations: 4 }),
        // 2/20 × 3 = 0.3
        page('https://b.com/1', { citations: 2, engines: ['x', 'y', 'z'] }),
        // 3/20 × 2 = 0.3, more citations than b
        page('https://c.com/1', { citations: 3, engines: ['x', 'y'] }),
        // 0.2, same score and citations as a: URL decides
        page('https://a.com/0', { citations: 4 }),
      ],
      20,
    );
    expect(pages.map((p) => [p.url, p.score])).toEqual([
      ['https://c.com/1', 0.3],
      ['https://b.com/1', 0.3],
      ['https://a.com/0', 0.2],
      ['https://a.com/1', 0.2],
    ]);
    expect(pages[0]).toMatchObject({
      share: 0.15,
      engines: ['x', 'y'],
      competitors: [{ name: 'Gridwork' }],
    });
  });

  const cases: [string, CitedPage, boolean][] = [
    ['names a competitor only', page('https://a.com/x'), true],
    [
      'names the brand too',
      page('https://a.com/x', { reading: { ...them('Gridwork'), brandMentioned: true } }),
      false,
    ],
    ['names no one', page('https://a.com/x', { reading: them() }), false],
    ['not read (or its fetch failed)', page('https://a.com/x', { reading: null }), false],
    ['a competitor’s own site', page('https://a.com/x', { kind: 'competitor' }), false],
    ['the brand’s own site', page('https://a.com/x', { kind: 'owned' }), false],
    ['UGC counts', page('https://reddit.com/r/x', { kind: 'ugc' }), true],
  ];
  for (const [name, p, listed] of cases) {
    it(`a page that ${name}: ${listed ? 'listed' : 'not listed'}`, () => {
      expect(rankOutreach([p], 10).pages.length).toBe(listed ? 1 : 0);
    });
  }

  it('leaves out every page of a domain that already names the brand on another page', () => {
    const { pages, domains } = rankOutreach(
      [
        page('https://a.com/them'),
        page('https://a.com/us', { reading: { brandMentioned: true, competitors: [] } }),
        page('https://b.com/them'),
      ],
      10,
    );
    expect(pages.map((p) => p.url)).toEqual(['https://b.com/them']);
    expect(domains.map((d) => d.domain)).toEqual(['b.com']);
  });

  it('groups pages by domain: citations added, engines joined, the same ranking', () => {
    const { domains } = rankOutreach(
      [
        page('https://a.com/1', { citations: 2, engines: ['x'] }),
        page('https://a.com/2', { citations: 1, engines: ['y', 'x'] }),
        page('https://b.com/1', { citations: 4, engines: ['x'] }),
      ],
      10,
    );
    expect(domains).toEqual([
      {
        domain: 'a.com',
        kind: 'editorial',
        citations: 3,
        share: 0.3,
        engines: ['x', 'y'],
        score: 0.6,
        pages: ['https://a.com/1', 'https://a.com/2'],
      },
      {
        domain: 'b.com',
        kind: 'editorial',
        citations: 4,
        share: 0.4,
        engines: ['x'],
        score: 0.4,
        pages: ['https://b.com/1'],
      },
    ]);
  });

  it('a period without citations ranks nothing and divides by nothing', () => {
    expect(rankOutreach([], 0)).toEqual({ pages: [], domains: [] });
  });
});

describe('readingOf', () => {
  const entities: TrackedEntity[] = [
    { id: 'b', kind: 'brand', name: 'Acme', aliases: [], domains: [] },
    { id: 'g', kind: 'competitor', name: 'Gridwork', aliases: [], domains: [] },
    { id: 'h', kind: 'competitor', name: 'Hubble', aliases: [], domains: [] },
  ];
  const mention = (entityId: string, rank: number) => ({
    entityId,
    rank,
    firstOffset: rank * 10,
    count: 1,
    sentiment: null,
    sentimentLabel: null,
    snippet: '',
    spans: [],
  });
  it('competitors in the order the page names them, and whether the brand is there', () => {
    expect(readingOf({ mentions: [mention('g', 2), mention('h', 1)] }, entities)).toEqual({
      brandMentioned: false,
      competitors: [
        { entityId: 'h', name: 'Hubble' },
        { entityId: 'g', name: 'Gridwork' },
      ],
    });
    expect(readingOf({ mentions: [mention('b', 1)] }, entities)).toEqual({
      brandMentioned: true,
      competitors: [],
    });
  });
});

describe('outreachImpact and title', () => {
  const cases: [string[], number, number, number][] = [
    [['x', 'y'], 0.1, 2, 80],
    [['x'], 0.1, 2, 56],
    [['x'], 0.05, 4, 28],
    [['x'], 0, 0, 0],
  ];
  for (const [engines, share, total, impact] of cases) {
    it(`${engines.length} of ${total} engines at ${share * 100}% → ${impact}`, () => {
      expect(outreachImpact({ engines, share }, total)).toBe(impact);
    });
  }
  it('names two competitors, counts the rest, and shortens the page', () => {
    const competitors = ['Gridwork', 'Hubble', 'Zed'].map((name) => ({ entityId: name, name }));
    expect(
      outreachTitle({ url: 'https://crm.com/best', domain: 'crm.com', competitors }, 'Acme'),
    ).toBe('crm.com/best names Gridwork, Hubble and 1 more but not Acme');
    expect(
      outreachTitle(
        { url: 'https://crm.com/', domain: 'crm.com', competitors: competitors.slice(0, 2) },
        'Acme',
      ),
    ).toBe('crm.com names Gridwork and Hubble but not Acme');
  });
});

describe('citedPagesOf', () => {
  it('adds up citations, engines and prompts per URL; a UGC page is its own way in', () => {
    const uses = [
      { url: 'https://a.com/x', domain: 'a.com', promptText: 'p1', engine: 'e2', citations: 1 },
      { url: 'https://a.com/x', domain: 'a.com', promptText: 'p2', engine: 'e1', citations: 3 },
      { url: 'https://a.com/x', domain: 'a.com', promptText: 'p1', engine: 'e1', citations: 1 },
      {
        url: 'https://reddit.com/r/t',
        domain: 'reddit.com',
        promptText: 'p1',
        engine: 'e1',
        citations: 1,
      },
    ];
    const contact = { url: 'https://a.com/contact', kind: 'contact' as const };
    const pages = citedPagesOf(
      uses,
      (d) => (d === 'reddit.com' ? 'ugc' : 'editorial'),
      (url) =>
        url === 'https://a.com/x'
          ? { title: 'X', contact, reading: them('Gridwork') }
          : { title: null, contact, reading: null },
    );
    expect(pages).toEqual([
      {
        url: 'https://a.com/x',
        domain: 'a.com',
        kind: 'editorial',
        citations: 5,
        engines: ['e1', 'e2'],
        prompts: [
          { text: 'p2', engines: ['e1'] },
          { text: 'p1', engines: ['e1', 'e2'] },
        ],
        title: 'X',
        contact,
        reading: them('Gridwork'),
      },
      {
        url: 'https://reddit.com/r/t',
        domain: 'reddit.com',
        kind: 'ugc',
        citations: 1,
        engines: ['e1'],
        prompts: [{ text: 'p1', engines: ['e1'] }],
        title: null,
        contact: { url: 'https://reddit.com/r/t', kind: 'thread' },
        reading: null,
      },
    ]);
  });
});

describe('outreachResolutions', () => {
  it('the page that names the brand now, and the other pages of its site', () => {
    const us = { brandMentioned: true, competitors: [] };
    expect(
      outreachResolutions(
        [
          page('https://a.com/them'),
          page('https://a.com/us', { reading: us }),
          page('https://b.com/them'),
          page('https://c.com/unread', { reading: null }),
        ],
        'Acme',
      ),
    ).toEqual([
      { url: 'https://a.com/them', note: 'a.com now names Acme on https://a.com/us.' },
      { url: 'https://a.com/us', note: 'The page now names Acme.' },
    ]);
  });
});
