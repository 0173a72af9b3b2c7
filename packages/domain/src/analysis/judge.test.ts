import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';
import {
  applyVerdicts,
  MAX_JUDGED_PER_ANSWER,
  parseVerdict,
  pickAmbiguous,
  planJudging,
  verdictKey,
} from './judge';

const harvest: TrackedEntity = {
  id: 'harvest',
  kind: 'brand',
  name: 'Harvest',
  aliases: [],
  domains: ['getharvest.com'],
  commonWord: true,
};
const loom: TrackedEntity = {
  id: 'loom',
  kind: 'competitor',
  name: 'Loom',
  aliases: [],
  domains: ['loom.com'],
  commonWord: true,
};

function decide(text: string) {
  const result = createAnalyzer([harvest, loom], { explain: true })({ text, citations: [] });
  return result.decisions ?? [];
}

describe('the ambiguous remainder', () => {
  it('holds the occurrences without a signal, with their sentence, and nothing with one', () => {
    const text =
      'Costs loom large this year. We tried harvest for a week. Try the loom app. Harvest is fine.';
    const picked = pickAmbiguous(text, decide(text));
    expect(picked.map((o) => [o.entityId, text.slice(o.start, o.end), o.sentence])).toEqual([
      ['harvest', 'harvest', 'We tried harvest for a week.'],
      ['harvest', 'Harvest', 'Harvest is fine.'],
    ]);
  });

  it('is empty when every occurrence has a signal', () => {
    const text = 'We use **Harvest** and the loom app.';
    expect(pickAmbiguous(text, decide(text))).toEqual([]);
  });
});

describe('verdicts', () => {
  it('change only ambiguous occurrences and are marked as judged', () => {
    const text = 'Costs loom large. We tried harvest for a week. Use **Harvest** daily.';
    const decisions = decide(text);
    const [lower] = pickAmbiguous(text, decisions);
    const idiom = decisions.find((d) => d.reason === 'idiom')!;
    const bold = decisions.find((d) => d.reason === 'emphasis')!;
    const judged = applyVerdicts(
      decisions,
      new Map([
        [verdictKey(lower!), true],
        [verdictKey(idiom), true],
        [verdictKey(bold), false],
      ]),
    );
    expect(judged.map((d) => [text.slice(d.start, d.end), d.counted, d.judged])).toEqual([
      ['loom', false, false],
      ['harvest', true, true],
      ['Harvest', true, false],
    ]);
  });

  it('without a verdict keep the deterministic decision', () => {
    const text = 'We tried harvest for a week.';
    const decisions = decide(text);
    expect(applyVerdicts(decisions, new Map())).toEqual(
      decisions.map((d) => ({ ...d, judged: false })),
    );
  });
});

describe('the judge reply', () => {
  it.each([
    ['{"brand": true}', true],
    [' {"brand":false}\n', false],
    ['{"brand": "yes"}', null],
    ['{"brand": true, "why": "x"}', null],
    ['Yes, it is the brand.', null],
    ['[true]', null],
    ['null', null],
    ['', null],
  ])('%j reads as %j', (content, verdict) => {
    expect(parseVerdict(content)).toBe(verdict);
  });
});

describe('the analyzer with verdicts', () => {
  const analyze = createAnalyzer([harvest, loom]);
  const count = (text: string, verdicts?: Map<string, boolean>) =>
    Object.fromEntries(
      analyze({ text, citations: [] }, verdicts).mentions.map((m) => [m.entityId, m.count]),
    );
  const at = (text: string, word: string, entityId = 'harvest') =>
    verdictKey({ entityId, start: text.indexOf(word) });

  it.each([
    // [text, verdicts by word, counts]
    ['We tried harvest for a week.', [], {}],
    ['We tried harvest for a week.', [['harvest', true]], { harvest: 1 }],
    ['We tried harvest for a week.', [['harvest', false]], {}],
    // A capital the sentence explains, decided by the judge.
    ['Harvest is a busy time.', [['Harvest', true]], { harvest: 1 }],
    // An idiom is a signal against: a verdict does not overrule it.
    ['Costs loom large this year.', [['loom', true, 'loom']], {}],
    // A clear signal for: a "no" does not overrule it either.
    ['We use **Harvest** daily.', [['Harvest', false]], { harvest: 1 }],
    // Each occurrence has its own verdict.
    [
      'We tried harvest. Then harvest again.',
      [
        ['harvest', true],
        ['harvest again', false],
      ],
      { harvest: 1 },
    ],
  ] as [string, [string, boolean, string?][], Record<string, number>][])(
    '%j with %j counts %j',
    (text, given, counts) => {
      const verdicts = new Map(given.map(([w, v, id]) => [at(text, w, id), v] as const));
      expect(count(text, verdicts)).toEqual(counts);
    },
  );

  it('without verdicts reads exactly as the deterministic rule', () => {
    const text =
      'Costs loom large. We tried harvest. Use **Harvest** or the loom app. Harvest wins.';
    const plain = analyze({ text, citations: [] });
    expect(analyze({ text, citations: [] }, new Map())).toEqual(plain);
    expect(createAnalyzer([harvest, loom])({ text, citations: [] })).toEqual(plain);
  });

  it('a "yes" moves the first offset and rank with the counted occurrence', () => {
    const text = 'We tried harvest first. Later the **Loom** app.';
    const before = analyze({ text, citations: [] }).mentions;
    expect(before.map((m) => [m.entityId, m.rank])).toEqual([['loom', 1]]);
    const after = analyze({ text, citations: [] }, new Map([[at(text, 'harvest'), true]])).mentions;
    expect(after.map((m) => [m.entityId, m.rank, m.firstOffset])).toEqual([
      ['harvest', 1, text.indexOf('harvest')],
      ['loom', 2, text.indexOf('Loom')],
    ]);
  });
});

describe('planning the questions', () => {
  const occurrences = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      entityId: 'harvest',
      start: i * 10,
      end: i * 10 + 7,
      sentence: 'We tried harvest.',
    }));

  it('reuses cached verdicts and asks only the rest', () => {
    const [a, b, c] = occurrences(3);
    const plan = planJudging([a!, b!, c!], new Map([[verdictKey(b!), false]]));
    expect([...plan.known]).toEqual([[verdictKey(b!), false]]);
    expect(plan.ask).toEqual([a, c]);
  });

  it('asks nothing when every verdict is cached', () => {
    const all = occurrences(4);
    const plan = planJudging(all, new Map(all.map((o) => [verdictKey(o), true])));
    expect(plan.ask).toEqual([]);
    expect(plan.known.size).toBe(4);
  });

  it(`asks at most ${MAX_JUDGED_PER_ANSWER} per answer`, () => {
    const plan = planJudging(occurrences(MAX_JUDGED_PER_ANSWER + 5), new Map());
    expect(plan.ask).toHaveLength(MAX_JUDGED_PER_ANSWER);
    expect(plan.ask[0]?.start).toBe(0);
  });
});
