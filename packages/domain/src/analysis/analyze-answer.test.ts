import { describe, expect, it } from 'vitest';
import type { AnswerAnalysis, TrackedEntity } from '../entities/types';
import { analyzeAnswer, createAnalyzer } from './analyze-answer';

const acme: TrackedEntity = {
  id: 'acme',
  kind: 'brand',
  name: 'Acme',
  aliases: ['Acme CRM'],
  domains: ['acme.com'],
};
const globex: TrackedEntity = {
  id: 'globex',
  kind: 'competitor',
  name: 'Globex',
  aliases: [],
  domains: ['globex.io'],
};
const nestle: TrackedEntity = {
  id: 'nestle',
  kind: 'brand',
  name: 'Nestlé',
  aliases: [],
  domains: ['nestle.com'],
};
const monday: TrackedEntity = {
  id: 'monday',
  kind: 'competitor',
  name: 'monday.com',
  aliases: ['monday CRM'],
  domains: ['monday.com'],
};
const hp: TrackedEntity = {
  id: 'hp',
  kind: 'competitor',
  name: 'HP',
  aliases: [],
  domains: ['hp.com'],
};

function analyze(text: string, entities: TrackedEntity[] = [acme, globex]): AnswerAnalysis {
  return analyzeAnswer({ text, citations: [] }, entities);
}

/** The matched words, as the UI would highlight them. */
function matched(text: string, entities: TrackedEntity[], id: string): string[] {
  const mention = analyze(text, entities).mentions.find((m) => m.entityId === id);
  return mention ? mention.spans.map(([s, e]) => text.slice(s, e)) : [];
}

describe('mentions: aliases as complete words', () => {
  const cases: {
    rule: string;
    text: string;
    entities?: TrackedEntity[];
    id?: string;
    words: string[];
  }[] = [
    { rule: 'plain name in prose', text: 'We recommend Acme for startups.', words: ['Acme'] },
    { rule: 'capitals', text: 'ACME and acme are the same brand.', words: ['ACME', 'acme'] },
    { rule: 'possessive', text: "Acme's pipeline view is clean.", words: ['Acme'] },
    { rule: 'typographic possessive', text: 'Acme’s pipeline view is clean.', words: ['Acme'] },
    { rule: 'hyphenated form', text: 'An Acme-powered workflow.', words: ['Acme'] },
    { rule: 'substring trap', text: 'Acmeology is a different company, so is Megacme.', words: [] },
    { rule: 'digits glued to the name', text: 'Acme2 is not Acme.', words: ['Acme'] },
    {
      rule: 'overlapping aliases of one entity count once',
      text: 'Acme CRM is popular.',
      words: ['Acme CRM'],
    },
    { rule: 'bold name in a numbered list', text: '1. **Acme** – best overall', words: ['Acme'] },
    {
      rule: 'bold alias split by markdown',
      text: '- **Acme** CRM for small teams',
      words: ['Acme** CRM'],
    },
    { rule: 'link text', text: 'Try [Acme](https://example.org/acme-review).', words: ['Acme'] },
    {
      rule: 'markdown table cell',
      text: '| Tool | Price |\n|---|---|\n| Acme | $12 |\n| Globex | $20 |',
      words: ['Acme'],
    },
    { rule: 'heading', text: '## Acme\nA CRM for startups.', words: ['Acme'] },
    { rule: 'italic and code', text: '_Acme_ ships `acme` CLI.', words: ['Acme', 'acme'] },
    {
      rule: 'accents folded both ways',
      text: 'Nestle and NESTLÉ and Nestlé’s brands.',
      entities: [nestle],
      id: 'nestle',
      words: ['Nestle', 'NESTLÉ', 'Nestlé'],
    },
    {
      rule: 'decomposed accent (e + combining acute)',
      text: 'Nestle\u0301 coffee.',
      entities: [nestle],
      id: 'nestle',
      words: ['Nestle\u0301'],
    },
    {
      rule: 'full-width letters (NFKC)',
      text: 'Ａｃｍｅ is popular in Japan.',
      words: ['Ａｃｍｅ'],
    },
    {
      rule: 'common-word brand: "On Monday" is not monday.com',
      text: 'On Monday, review your pipeline. Every monday counts.',
      entities: [monday],
      id: 'monday',
      words: [],
    },
    {
      rule: 'common-word brand by its careful alias and domain',
      text: 'monday CRM and Monday.com are both fine; see monday.com/crm.',
      entities: [monday],
      id: 'monday',
      words: ['monday CRM', 'Monday.com', 'monday.com/crm'],
    },
    {
      rule: 'short alias matches case-sensitively',
      text: 'HP laptops ship with 150 hp motors? No: hp is horsepower.',
      entities: [hp],
      id: 'hp',
      words: ['HP'],
    },
    {
      rule: 'short alias possessive',
      text: "HP's printers are reliable.",
      entities: [hp],
      id: 'hp',
      words: ['HP'],
    },
    {
      rule: 'alias with an apostrophe, typographic in the text',
      text: "McDonald’s and MCDONALD'S both count; McDonalds does not.",
      entities: [{ id: 'mcd', kind: 'brand', name: "McDonald's", aliases: [], domains: [] }],
      id: 'mcd',
      words: ['McDonald’s', "MCDONALD'S"],
    },
    {
      rule: 'aliases with symbols',
      text: 'AT&T and at&t, C++ tools; not AT&Tx.',
      entities: [{ id: 'att', kind: 'brand', name: 'AT&T', aliases: ['C++'], domains: [] }],
      id: 'att',
      words: ['AT&T', 'at&t', 'C++'],
    },
    {
      rule: 'short alias with a digit',
      text: '3M tape beats 3m of string.',
      entities: [{ id: '3m', kind: 'brand', name: '3M', aliases: [], domains: [] }],
      id: '3m',
      words: ['3M'],
    },
    {
      rule: 'owned domain with an uncommon TLD',
      text: 'Book at acme.travel today.',
      entities: [{ ...acme, domains: ['acme.travel'] }],
      words: ['acme.travel'],
    },
    {
      rule: 'adjacent aliases are one mention',
      text: 'Salesforce Sales Cloud is powerful.',
      entities: [
        { id: 'sf', kind: 'competitor', name: 'Salesforce', aliases: ['Sales Cloud'], domains: [] },
      ],
      id: 'sf',
      words: ['Salesforce Sales Cloud'],
    },
    {
      rule: 'owned domain written in prose',
      text: 'Sign up at acme.com or www.acme.com today.',
      words: ['acme.com', 'www.acme.com'],
    },
    {
      rule: 'subdomain URL is a mention of its owner',
      text: 'Docs: https://docs.acme.com/start',
      words: ['https://docs.acme.com/start'],
    },
    {
      rule: 'words inside a URL path never match',
      text: 'Read https://reviews.example.org/acme-vs-globex for details.',
      words: [],
    },
    {
      rule: 'a bare URL of another host is not a mention',
      text: 'See acmeology.com/acme for more.',
      words: [],
    },
    {
      rule: 'markdown link text and its own target are one mention',
      text: 'Try [Acme](https://acme.com/pricing?utm_source=chatgpt.com) today.',
      words: ['Acme'],
    },
    {
      rule: 'link to the brand with neutral text still mentions it',
      text: 'See [this pricing page](https://www.acme.com/pricing).',
      words: ['https://www.acme.com/pricing'],
    },
  ];

  for (const c of cases) {
    it(c.rule, () => {
      expect(matched(c.text, c.entities ?? [acme, globex], c.id ?? 'acme')).toEqual(c.words);
    });
  }

  it('nothing is guessed from the domain: no alias "monday" from monday.com', () => {
    const entity: TrackedEntity = { ...monday, name: 'monday.com', aliases: [] };
    expect(matched('Meet on Monday.', [entity], 'monday')).toEqual([]);
  });

  it('a competitor whose name contains the brand name does not mention the brand', () => {
    const analytics: TrackedEntity = {
      id: 'acme-analytics',
      kind: 'competitor',
      name: 'Acme Analytics',
      aliases: [],
      domains: [],
    };
    const text = 'Acme Analytics is a BI tool. Acme is a CRM.';
    const result = analyze(text, [acme, analytics]);
    expect(result.mentions.map((m) => [m.entityId, m.count])).toEqual([
      ['acme-analytics', 1],
      ['acme', 1],
    ]);
  });
});

describe('analyzeAnswer cache', () => {
  it('sees entities changed in place', () => {
    const entities: TrackedEntity[] = [{ ...acme, aliases: [] }];
    expect(analyze('Try Initech.', entities).mentions).toEqual([]);
    entities[0]!.aliases.push('Initech');
    expect(analyze('Try Initech.', entities).mentions.map((m) => m.entityId)).toEqual(['acme']);
  });
});

describe('rank and counts', () => {
  it('ranks by first mention among tracked entities, in a numbered list', () => {
    const text = [
      'Here are the best CRMs for startups:',
      '',
      '1. **Globex** – best for enterprises.',
      '2. **Acme CRM** – best for small teams. Acme is affordable.',
      '3. **Initech** – budget pick.',
    ].join('\n');
    const result = analyze(text);
    expect(result.mentions.map((m) => ({ id: m.entityId, rank: m.rank, count: m.count }))).toEqual([
      { id: 'globex', rank: 1, count: 1 },
      { id: 'acme', rank: 2, count: 2 },
    ]);
    const acmeMention = result.mentions[1]!;
    expect(text.slice(acmeMention.firstOffset, acmeMention.firstOffset + 8)).toBe('Acme CRM');
  });

  it('untracked names do not change rank', () => {
    const text = 'Initech, Hooli and Pied Piper are popular. Acme is also good.';
    expect(analyze(text).mentions[0]).toMatchObject({ entityId: 'acme', rank: 1 });
  });

  it('no mention: empty mentions list', () => {
    expect(analyze('The best CRM depends on your needs.').mentions).toEqual([]);
  });
});

describe('sentiment and snippet of a mention', () => {
  it('labels positive, negative and neutral sentences', () => {
    const text = [
      '- **Acme** is an excellent, reliable choice with great support.',
      '- **Globex** is expensive, buggy and its support is terrible.',
    ].join('\n');
    const result = analyze(text);
    const byId = Object.fromEntries(result.mentions.map((m) => [m.entityId, m]));
    expect(byId.acme?.sentimentLabel).toBe('positive');
    expect(byId.globex?.sentimentLabel).toBe('negative');
    expect(byId.acme?.sentiment).toBeGreaterThan(0.05);
    expect(byId.globex?.sentiment).toBeLessThan(-0.05);
    expect(byId.acme?.snippet).toBe(
      '- **Acme** is an excellent, reliable choice with great support.',
    );
  });

  it('a factual sentence is neutral', () => {
    const m = analyze('Acme was founded in 2012 in Berlin.').mentions[0]!;
    expect(m.sentimentLabel).toBe('neutral');
    expect(m.sentiment).toBe(0);
  });

  it('negation flips the sentiment', () => {
    const m = analyze('Acme is not a good fit for large enterprises.').mentions[0]!;
    expect(m.sentimentLabel).toBe('negative');
  });
});

describe('citations', () => {
  const analyzer = createAnalyzer([acme, globex]);
  it('owner by host and subdomain; ports, paths and tracking parameters ignored', () => {
    const result = analyzer({
      text: 'See the sources.',
      citations: [
        { url: 'https://blog.acme.com:443/crm-guide?utm_source=chatgpt.com', title: 'Guide' },
        { url: 'https://www.globex.io/pricing' },
        { url: 'https://www.g2.com/categories/crm' },
        { url: 'https://notacme.com/' },
        { url: 'https://blog.acme.com/crm-guide' },
      ],
    });
    expect(result.citations).toEqual([
      {
        url: 'https://blog.acme.com:443/crm-guide?utm_source=chatgpt.com',
        domain: 'blog.acme.com',
        position: 1,
        owner: 'own',
        entityId: 'acme',
      },
      {
        url: 'https://www.globex.io/pricing',
        domain: 'globex.io',
        position: 2,
        owner: 'competitor',
        entityId: 'globex',
      },
      {
        url: 'https://www.g2.com/categories/crm',
        domain: 'g2.com',
        position: 3,
        owner: 'third_party',
      },
      { url: 'https://notacme.com/', domain: 'notacme.com', position: 4, owner: 'third_party' },
    ]);
  });

  it('inline links in the text are citations too, after the listed ones', () => {
    const result = analyzer({
      text: 'According to [G2](https://www.g2.com/products/acme/reviews?utm_source=openai), Acme leads.',
      citations: [{ url: 'https://acme.com/' }],
    });
    expect(result.citations.map((c) => [c.domain, c.position, c.owner])).toEqual([
      ['acme.com', 1, 'own'],
      ['g2.com', 2, 'third_party'],
    ]);
  });
});

describe('discovered entities', () => {
  it('finds untracked names in list heads and bold, skipping generic labels', () => {
    const text = [
      '## Best CRM tools',
      '1. **Acme** – great for startups.',
      '2. **Attio** – modern, flexible data model.',
      '3. Folk: lightweight CRM for networking.',
      '',
      '**Pricing**: most start at $10.',
      '- **Pros**: easy setup',
      '- **Best for**: small teams',
      '- Consider **Close CRM** if you make a lot of calls.',
    ].join('\n');
    const result = analyze(text);
    expect(result.discovered.map((d) => d.name)).toEqual(['Attio', 'Folk', 'Close CRM']);
    for (const d of result.discovered) {
      expect(text.slice(d.firstOffset, d.firstOffset + d.name.length)).toBe(d.name);
    }
  });
});

describe('a realistic engine answer (intro, numbered list, table, bullets, sources)', () => {
  it('finds every tracked entity with rank, count and sentiment; citations; new names', async () => {
    const { BENCH_ANSWER, BENCH_CITATIONS, BENCH_ENTITIES } = await import('../../bench/fixtures');
    const result = analyzeAnswer(
      { text: BENCH_ANSWER, citations: BENCH_CITATIONS },
      BENCH_ENTITIES,
    );
    expect(result.mentions.map((m) => [m.entityId, m.rank, m.count, m.sentimentLabel])).toEqual([
      ['hubspot', 1, 6, 'positive'],
      ['pipedrive', 2, 5, 'positive'],
      ['acme', 3, 6, 'positive'],
      ['zoho', 4, 3, 'positive'],
      ['monday', 5, 1, 'positive'],
      ['salesforce', 6, 1, 'negative'],
      ['close', 7, 1, 'positive'],
      ['copper', 8, 1, 'neutral'],
    ]);
    const acmeWords = result.mentions
      .find((m) => m.entityId === 'acme')!
      .spans.map(([s, e]) => BENCH_ANSWER.slice(s, e));
    expect(acmeWords).toEqual(['Acme CRM', 'Acme', 'acme.com', 'Acme CRM', 'Acme', 'Acme']);
    expect(result.citations.map((c) => [c.domain, c.position, c.owner])).toEqual([
      ['g2.com', 1, 'third_party'],
      ['capterra.com', 2, 'third_party'],
      ['acme.com', 3, 'own'],
      ['hubspot.com', 4, 'competitor'],
      ['acme.com', 5, 'own'],
      ['pipedrive.com', 6, 'competitor'],
      ['blog.hubspot.com', 7, 'competitor'],
    ]);
    expect(result.discovered.map((d) => d.name)).toEqual(['Attio', 'Folk']);
  });
});
