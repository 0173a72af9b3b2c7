import { describe, expect, it } from 'vitest';
import type { AnalyzedCitation, Mention } from '../entities/types';
import {
  type AnswerEventsInput,
  type AnswerForEvents,
  answerEvents,
  CITATION_WHERE_CAP,
  type CitationPayload,
  type OvertookPayload,
} from './evaluate-answers';
import { opportunityEvents } from './evaluate-opportunities';

const entities = [
  { id: 'acme', name: 'Acme', kind: 'brand' as const },
  { id: 'rival', name: 'Rival', kind: 'competitor' as const },
  { id: 'other', name: 'Other', kind: 'competitor' as const },
];

const mention = (entityId: string, rank = 1): Mention => ({
  entityId,
  rank,
  firstOffset: rank * 10,
  count: 1,
  sentiment: null,
  sentimentLabel: null,
  snippet: '',
  spans: [],
});

const own = (url: string): AnalyzedCitation => ({
  url,
  domain: new URL(url).hostname,
  position: 1,
  owner: 'own',
  entityId: 'acme',
});

type Spec = {
  engine?: string;
  prompt?: string;
  names?: string[];
  cites?: string[];
  branded?: boolean;
};

const answer = ({
  engine = 'local-gpt',
  prompt = 'p1',
  names = [],
  cites = [],
  branded = false,
}: Spec): AnswerForEvents => ({
  engine,
  promptId: prompt,
  promptText: `Question ${prompt}`,
  branded,
  analysis: {
    mentions: names.map((n, i) => mention(n, i + 1)),
    citations: cites.map(own),
  },
});

/** `count` answers on one engine, each naming `names`. */
const many = (count: number, spec: Spec) =>
  Array.from({ length: count }, (_, i) => answer({ prompt: `p${i}`, ...spec }));

const input = (previous: AnswerForEvents[], current: AnswerForEvents[]): AnswerEventsInput => ({
  brandId: 'acme',
  runId: 'run-2',
  previousRunId: 'run-1',
  entities,
  previous,
  current,
});

const kinds = (i: AnswerEventsInput) =>
  answerEvents(i).map((e) => `${e.type}@${(e.data as { engine?: string | null }).engine ?? '*'}`);

describe('answerEvents: share of voice and overtakings', () => {
  it.each<[string, AnswerForEvents[], AnswerForEvents[], string[]]>([
    [
      'nothing when every number stays put',
      [...many(20, { names: ['acme', 'rival'] })],
      [...many(20, { names: ['acme', 'rival'] })],
      [],
    ],
    [
      'share of voice that separates moves, overall and on the engine',
      // Before: the brand holds 20 of 40 mentions (50 %); after: 2 of 22 (9 %).
      [...many(20, { names: ['acme', 'rival'] })],
      [...many(2, { names: ['acme', 'rival'] }), ...many(18, { names: ['rival'] })],
      [
        'share_of_voice.moved@*',
        'competitor.overtook@*',
        'share_of_voice.moved@local-gpt',
        'competitor.overtook@local-gpt',
      ],
    ],
    [
      'a small drift stays within noise',
      [...many(10, { names: ['acme', 'rival'] })],
      [...many(8, { names: ['acme', 'rival'] }), ...many(2, { names: ['rival'] })],
      [],
    ],
    [
      'no overtaking when the competitor was already ahead',
      [...many(2, { names: ['acme', 'rival'] }), ...many(18, { names: ['rival'] })],
      [...many(1, { names: ['acme', 'rival'] }), ...many(19, { names: ['rival'] })],
      [],
    ],
    [
      'no overtaking while the intervals overlap, even with the competitor ahead',
      [...many(10, { names: ['acme', 'rival'] })],
      [...many(5, { names: ['acme', 'rival'] }), ...many(5, { names: ['rival'] })],
      [],
    ],
    [
      'branded prompts count for nothing',
      [...many(20, { names: ['acme', 'rival'] })],
      [...many(20, { names: ['acme', 'rival'] }), ...many(40, { names: ['rival'], branded: true })],
      [],
    ],
    [
      'an engine only one run asked is not compared on its own',
      [...many(20, { names: ['acme', 'rival'], engine: 'a' })],
      [...many(20, { names: ['acme', 'rival'], engine: 'b' })],
      [],
    ],
    ['nothing without answers', [], many(10, { names: ['acme'] }), []],
  ])('%s', (_, previous, current, expected) => {
    expect(kinds(input(previous, current))).toEqual(expected);
  });

  it('carries both sides with their intervals and a reason a person can check', () => {
    const events = answerEvents(
      input(many(20, { names: ['acme', 'rival'] }), [
        ...many(2, { names: ['acme', 'rival'] }),
        ...many(18, { names: ['rival'] }),
      ]),
    );
    const overtook = events.find((e) => e.type === 'competitor.overtook')!;
    const data = overtook.data as OvertookPayload;
    expect(overtook.key).toBe('competitor.overtook:acme:*:rival:run-2');
    expect(data.competitorName).toBe('Rival');
    expect(data.competitor.mentionRate.value).toBe(1);
    expect(data.brand.mentionRate.value).toBeCloseTo(0.1);
    expect(data.competitor.mentionRate.low).toBeGreaterThan(data.brand.mentionRate.high);
    expect(data.before).toEqual({ brand: 0.5, competitor: 0.5 });
    expect(data.why).toMatch(/Rival was named in 100 % of answers .* the brand in 10 %/);
    const sov = events.find((e) => e.type === 'share_of_voice.moved')!;
    expect(sov.data).toMatchObject({
      direction: 'DOWN',
      previous: { value: 0.5 },
      current: { value: 2 / 22 },
    });
    expect(sov.key).toBe('share_of_voice.moved:acme:*:run-2');
  });
});

describe('answerEvents: own pages cited', () => {
  const url = 'https://acme.com/pricing';

  it.each<[string, AnswerForEvents[], AnswerForEvents[], string[]]>([
    ['a page no longer cited is lost', [answer({ cites: [url] })], [answer({})], ['citation.lost']],
    ['a page newly cited is gained', [answer({})], [answer({ cites: [url] })], ['citation.gained']],
    ['cited in both runs: nothing', [answer({ cites: [url] })], [answer({ cites: [url] })], []],
    [
      'a prompt the new run did not ask says nothing',
      [answer({ cites: [url], prompt: 'gone' })],
      [answer({ prompt: 'new' })],
      [],
    ],
    [
      'one sample of several citing it keeps it',
      [answer({ cites: [url] })],
      [answer({}), answer({ cites: [url] }), answer({})],
      [],
    ],
    [
      'the same prompt on another engine is its own pair',
      [answer({ cites: [url], engine: 'a' }), answer({ engine: 'b' })],
      [answer({ engine: 'a' }), answer({ cites: [url], engine: 'b' })],
      ['citation.lost', 'citation.gained'],
    ],
  ])('%s', (_, previous, current, expected) => {
    expect(answerEvents(input(previous, current)).map((e) => e.type)).toEqual(expected);
  });

  it('one event per page, naming every prompt × engine pair (capped) and counting them all', () => {
    const pairs = CITATION_WHERE_CAP + 5;
    const previous = Array.from({ length: pairs }, (_, i) =>
      answer({ prompt: `p${i}`, cites: [url] }),
    );
    const current = Array.from({ length: pairs }, (_, i) => answer({ prompt: `p${i}` }));
    const events = answerEvents(input(previous, current));
    expect(events).toHaveLength(1);
    const data = events[0]!.data as CitationPayload;
    expect(data.pairs).toBe(pairs);
    expect(data.where).toHaveLength(CITATION_WHERE_CAP);
    expect(data.where[0]).toEqual({ promptId: 'p0', prompt: 'Question p0', engine: 'local-gpt' });
    expect(data.domain).toBe('acme.com');
    // Keys stay short and stable whatever the URL.
    const again = answerEvents(input(previous, current))[0]!;
    expect(again.key).toBe(events[0]!.key);
    expect(events[0]!.key).toMatch(/^citation\.lost:acme:[0-9a-z]+:run-2$/);
    const other = answerEvents(input([answer({ cites: [`${url}?x`] })], [answer({})]))[0]!;
    expect(other.key).not.toBe(events[0]!.key);
  });
});

describe('opportunityEvents', () => {
  const found = [
    {
      id: 'o1',
      brandId: 'acme',
      title: 'Missing from “best CRM”',
      type: 'MISSING_MENTION',
      impact: 72,
    },
    { id: 'o2', brandId: 'acme', title: 'Low rank', type: 'LOW_RANK', impact: 59 },
    { id: 'o3', brandId: 'acme', title: 'Exactly at the line', type: 'CITATION_GAP', impact: 60 },
  ];

  it.each<[number, string[]]>([
    [60, ['o1', 'o3']],
    [70, ['o1']],
    [0, ['o1', 'o3', 'o2']],
    [101, []],
  ])('threshold %i sends %j (highest impact first)', (threshold, ids) => {
    const events = opportunityEvents('run-2', threshold, found);
    expect(events.map((e) => (e.data as { opportunityId: string }).opportunityId)).toEqual(ids);
    for (const e of events)
      expect(e.key).toBe(
        `opportunity.created:${(e.data as { opportunityId: string }).opportunityId}`,
      );
  });
});
