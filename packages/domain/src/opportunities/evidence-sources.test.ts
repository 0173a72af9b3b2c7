import { describe, expect, it } from 'vitest';
import { type EvidenceAnswer, evidenceSources, MAX_SOURCE_URLS } from './evidence-sources';

const cite = (
  url: string,
  owner: 'OWN' | 'COMPETITOR' | 'THIRD_PARTY' = 'THIRD_PARTY',
  entityId: string | null = null,
) => ({ domain: new URL(url).hostname.replace(/^www\./, ''), url, owner, entityId });

const answer = (
  citations: EvidenceAnswer['citations'],
  mentions: EvidenceAnswer['mentions'] = [],
): EvidenceAnswer => ({ mentions, citations });

describe('evidenceSources', () => {
  it.each([
    {
      name: 'no answers and nothing stored: no sources',
      answers: [],
      evidence: {},
      expected: [],
    },
    {
      name: 'most cited first, ties by domain',
      answers: [
        answer([cite('https://b.com/1'), cite('https://a.com/1')]),
        answer([cite('https://c.com/1'), cite('https://c.com/2')]),
      ],
      evidence: {},
      expected: [
        { domain: 'c.com', count: 2, urls: ['https://c.com/1', 'https://c.com/2'] },
        { domain: 'a.com', count: 1, urls: ['https://a.com/1'] },
        { domain: 'b.com', count: 1, urls: ['https://b.com/1'] },
      ],
    },
    {
      name: 'a URL cited twice counts twice but is listed once',
      answers: [answer([cite('https://g2.com/x')]), answer([cite('https://g2.com/x')])],
      evidence: {},
      expected: [{ domain: 'g2.com', count: 2, urls: ['https://g2.com/x'] }],
    },
    {
      name: 'the owner is named from the answers’ mentions',
      answers: [
        answer(
          [cite('https://relaymark.com/pricing', 'COMPETITOR', 'c1')],
          [{ entityId: 'c1', name: 'Relaymark' }],
        ),
      ],
      evidence: {},
      expected: [{ domain: 'relaymark.com', owner: 'COMPETITOR', ownerName: 'Relaymark' }],
    },
    {
      name: 'or from the competitors the opportunity recorded',
      answers: [answer([cite('https://pipelane.io/', 'COMPETITOR', 'c2')])],
      evidence: { competitors: [{ entityId: 'c2', name: 'Pipelane' }] },
      expected: [{ domain: 'pipelane.io', owner: 'COMPETITOR', ownerName: 'Pipelane' }],
    },
    {
      name: 'without answers the stored counts stand in, with their stored addresses',
      answers: [],
      evidence: {
        citedDomains: [
          { domain: 'g2.com', count: 4 },
          { domain: 'capterra.com', count: 2 },
        ],
        urls: ['https://www.g2.com/a', 'https://other.com/', 'not a url'],
      },
      expected: [
        {
          domain: 'g2.com',
          owner: 'THIRD_PARTY',
          ownerName: null,
          count: 4,
          urls: ['https://www.g2.com/a'],
        },
        { domain: 'capterra.com', owner: 'THIRD_PARTY', ownerName: null, count: 2, urls: [] },
      ],
    },
  ])('$name', ({ answers, evidence, expected }) => {
    expect(evidenceSources(answers, evidence)).toMatchObject(expected);
  });

  it('keeps at most five addresses a source (what the detail page and the API give), the first cited, and counts them all', () => {
    expect(MAX_SOURCE_URLS).toBe(5);
    const urls = Array.from({ length: MAX_SOURCE_URLS + 3 }, (_, i) => `https://g2.com/${i}`);
    const [source] = evidenceSources([answer(urls.map((u) => cite(u)))], {});
    expect(source?.count).toBe(MAX_SOURCE_URLS + 3);
    expect(source?.urls).toEqual(urls.slice(0, MAX_SOURCE_URLS));
  });

  it('keeps at most that many stored addresses too', () => {
    const urls = Array.from({ length: MAX_SOURCE_URLS + 1 }, (_, i) => `https://g2.com/${i}`);
    const [source] = evidenceSources([], { citedDomains: [{ domain: 'g2.com', count: 9 }], urls });
    expect(source?.urls).toEqual(urls.slice(0, MAX_SOURCE_URLS));
  });
});
