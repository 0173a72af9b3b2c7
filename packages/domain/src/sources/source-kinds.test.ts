import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createSourceClassifier, domainLineage } from './source-kinds';
import { SOURCE_LIST } from './source-list';

const labelled = readFileSync(new URL('./fixtures/labelled-domains.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.includes('\t') && !line.startsWith('#'))
  .map((line) => line.split('\t') as [string, string, string]);

describe('classifySource: the labelled list', () => {
  const classify = createSourceClassifier();
  it('has at least 80 labelled domains', () => expect(labelled.length).toBeGreaterThanOrEqual(80));
  for (const [host, kind, source] of labelled) {
    it(`${host || '(empty)'} → ${kind} (${source})`, () => {
      expect(classify(host)).toMatchObject({ kind, source });
    });
  }
});

describe('classifySource: where it came from', () => {
  const entities: TrackedEntity[] = [
    {
      id: 'a',
      kind: 'brand',
      name: 'Acme',
      aliases: [],
      domains: ['acme.com', 'xn--bcher-kva.de'],
    },
    { id: 'r', kind: 'competitor', name: 'Rival', aliases: [], domains: ['https://rival.io/'] },
    // A competitor's page on a shared platform, and a domain both claim.
    { id: 'm', kind: 'competitor', name: 'Mediumish', aliases: [], domains: ['rival.medium.com'] },
    { id: 's', kind: 'competitor', name: 'Shared', aliases: [], domains: ['acme.com'] },
  ];
  const classify = createSourceClassifier({
    entities,
    corrections: new Map([
      ['forbes.com', 'other'],
      ['https://Docs.Rival.io/', 'reference'],
      ['zapier.com', 'competitor'],
      ['XN--BCHER-KVA.de', 'editorial'],
    ]),
  });
  const cases = [
    ['https://www.acme.com/pricing', { kind: 'owned', source: 'owned', rule: 'Acme' }],
    ['docs.acme.com', { kind: 'owned', source: 'owned', rule: 'Acme' }],
    ['rival.io', { kind: 'competitor', source: 'competitor', rule: 'Rival' }],
    ['blog.rival.io', { kind: 'competitor', source: 'competitor', rule: 'Rival' }],
    ['rival.medium.com', { kind: 'competitor', source: 'competitor', rule: 'Mediumish' }],
    ['other.medium.com', { kind: 'ugc', source: 'list', rule: 'medium.com' }],
    ['forbes.com', { kind: 'other', source: 'correction', rule: 'forbes.com' }],
    ['www.forbes.com', { kind: 'other', source: 'correction', rule: 'forbes.com' }],
    ['docs.rival.io', { kind: 'reference', source: 'correction', rule: 'docs.rival.io' }],
    ['zapier.com', { kind: 'competitor', source: 'correction', rule: 'zapier.com' }],
    ['bücher.de', { kind: 'editorial', source: 'correction', rule: 'bücher.de' }],
    ['de.wikipedia.org', { kind: 'reference', source: 'list', rule: 'wikipedia.org' }],
    ['docs.example.org', { kind: 'reference', source: 'heuristic', rule: 'docs.' }],
    ['nasa.gov', { kind: 'reference', source: 'heuristic', rule: '.gov' }],
    ['unknown-host.example', { kind: 'other', source: 'default' }],
  ] as const;
  for (const [input, expected] of cases) {
    it(`${input} → ${expected.kind} (${expected.source})`, () => {
      expect(classify(input)).toEqual(expected);
    });
  }

  it('accepts corrections as a plain object', () => {
    const fromObject = createSourceClassifier({ corrections: { 'reddit.com': 'editorial' } });
    expect(fromObject('old.reddit.com')).toEqual({
      kind: 'editorial',
      source: 'correction',
      rule: 'reddit.com',
    });
  });
});

describe('SOURCE_LIST', () => {
  const all = Object.values(SOURCE_LIST).flat();
  it('lists each domain once, as a bare lower-case host', () => {
    expect(new Set(all).size).toBe(all.length);
    for (const domain of all) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });
});

describe('domainLineage', () => {
  it('lists the host and its parent domains, nearest first, without the bare suffix', () => {
    expect(domainLineage('a.b.g2.com')).toEqual(['a.b.g2.com', 'b.g2.com', 'g2.com']);
    expect(domainLineage('g2.com')).toEqual(['g2.com']);
    expect(domainLineage('localhost')).toEqual([]);
  });
});
