import type { CorpusHit } from '@lumen/db/repositories/corpus.repository';
import { describe, expect, it } from 'vitest';
import { composeAnswer, isExcludedByPrompt, topicOf } from './compose-answer';
import { findPersona, type Persona } from './personas';

function hit(
  partial: Partial<CorpusHit> & { url: string; title: string; body: string },
): CorpusHit {
  return {
    id: partial.url,
    domain: new URL(partial.url).hostname,
    publishedAt: new Date('2025-05-01T00:00:00Z'),
    source: 'seed',
    market: 'crm',
    kind: 'listicle',
    score: 1,
    matchedTerms: 2,
    ...partial,
  };
}

const listicle = hit({
  url: 'https://reviews.example/best-crm-startups',
  title: 'The 3 best CRMs for startups',
  score: 1,
  body: [
    'We ranked CRMs for startups.',
    '## 1. Northwind CRM',
    'Northwind CRM is the best CRM for startups because it sets up in an afternoon.',
    '## 2. Relaymark',
    'Relaymark earns its place for startups thanks to its integration marketplace.',
    '## 3. Pipewell',
    'Pipewell is a lightweight CRM for founders.',
  ].join('\n\n'),
});
const forum = hit({
  url: 'https://forum.example/t/which-crm',
  title: 'Which CRM for a startup?',
  kind: 'forum',
  score: 0.8,
  body: '- **ben** (40 points): We moved to Pipewell and never looked back, great for startups.\n- **mara** (12 points): I would not go back to Relaymark: billing punishes large lists.',
});
const offTopic = hit({
  url: 'https://shoes.example/best',
  title: 'Best running shoes',
  score: 0.1,
  body: '## 1. Stridemax\n\nStridemax is the best running shoe.',
});

const persona = (id: string) => findPersona(id) as Persona;
const prompt = 'What is the best CRM for startups?';

describe('composeAnswer', () => {
  it('lists the named brands in order with a quoted reason and cites the sources (ChatGPT style)', () => {
    const answer = composeAnswer(prompt, persona('local-gpt'), [listicle, forum, offTopic]);
    const items = answer.text.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(items[0]).toBe(
      '1. **Northwind CRM** — Northwind CRM is the best CRM for startups because it sets up in an afternoon. ([reviews.example](https://reviews.example/best-crm-startups))',
    );
    // The forum's praise lifts Pipewell over Relaymark, whose forum mention is a complaint.
    expect(items.map((l) => /\*\*(.+?)\*\*/.exec(l)?.[1])).toEqual([
      'Northwind CRM',
      'Pipewell',
      'Relaymark',
    ]);
    expect(answer.text).not.toContain('Stridemax');
    expect(answer.text.split('\n')[0]).toContain('the best CRM for startups');
    expect(answer.text).toMatch(
      /\*\*Bottom line:\*\* Northwind CRM is the most frequently recommended/,
    );
    expect(answer.citations[0]).toEqual({
      url: 'https://reviews.example/best-crm-startups',
      title: 'The 3 best CRMs for startups',
    });
  });

  it('follows each persona citation habit', () => {
    const claude = composeAnswer(prompt, persona('local-claude'), [listicle, forum]);
    expect(claude.text).toMatch(/^1\. \*\*Northwind CRM\*\*: .+ \[1\]$/m);
    expect(claude.text).toContain(
      'Sources:\n1. [The 3 best CRMs for startups](https://reviews.example/best-crm-startups)',
    );

    const gemini = composeAnswer(prompt, persona('local-gemini'), [listicle, forum]);
    expect(gemini.text).not.toMatch(/\[\d\]/);
    expect(gemini.text).toMatch(
      /\*\*Sources:\*\* \[reviews\.example\]\(https:\/\/reviews\.example/,
    );
    expect(gemini.citations.length).toBeLessThanOrEqual(3);

    const perplexity = composeAnswer(prompt, persona('local-perplexity'), [listicle, forum]);
    expect(perplexity.text).toMatch(/^\d\. \*\*Pipewell\*\* – .+ \[\d\]\[\d\]$/m);
    expect(perplexity.text).not.toContain('](http');
    expect(perplexity.citations.map((c) => c.url).sort()).toEqual([forum.url, listicle.url].sort());
  });

  it('is deterministic', () => {
    const a = composeAnswer(prompt, persona('local-perplexity'), [listicle, forum]);
    const b = composeAnswer(prompt, persona('local-perplexity'), [forum, listicle]);
    expect(b).toEqual(a);
  });

  it('leaves out the brand the asker wants an alternative to', () => {
    const answer = composeAnswer(
      'alternatives to Northwind CRM for startups',
      persona('local-gpt'),
      [listicle],
    );
    expect(answer.text).not.toMatch(/\*\*Northwind CRM\*\*/);
    expect(answer.text).toMatch(/^1\. \*\*Relaymark\*\*/m);
    expect(isExcludedByPrompt('Relaymark alternatives', 'Relaymark')).toBe(false);
    expect(isExcludedByPrompt('what should I use instead of relaymark?', 'Relaymark')).toBe(true);
  });

  it('answers a branded yes/no question directly and keeps the brand in the list', () => {
    const claude = persona('local-claude');
    const yes = composeAnswer('Is Northwind CRM good for startups?', claude, [listicle, forum]);
    expect(yes.text.split('\n')[0]).toBe(
      'Yes. Northwind CRM is the option the sources I found recommend most often.',
    );
    const narrow = { ...claude, listSize: 1 };
    const hedge = composeAnswer('is pipewell any good for startups?', narrow, [listicle, forum]);
    expect(hedge.text.split('\n')[0]).toBe(
      'Yes, Pipewell is among the most recommended options, although Northwind CRM comes up more often.',
    );
    expect(hedge.text).toMatch(/^1\. \*\*Pipewell\*\*:/m);
    const unknown = composeAnswer('Is Acme good for startups?', claude, [listicle, forum]);
    expect(unknown.text.split('\n')[0]).toBe(
      "Acme doesn't come up much in the sources I found; other options are recommended more often.",
    );
  });

  it('summarises when the sources name no brand, and admits when there are none', () => {
    const howTo = hit({
      url: 'https://guide.example/choose',
      title: 'How to choose a CRM',
      kind: 'guide',
      body: 'Start by listing the steps of your sales process and the tools it must connect to.',
    });
    const summary = composeAnswer('how do I choose a CRM?', persona('local-claude'), [howTo]);
    expect(summary.text).toContain('- Start by listing the steps of your sales process');
    expect(summary.citations).toEqual([{ url: howTo.url, title: howTo.title }]);

    const empty = composeAnswer('anything?', persona('local-gpt'), []);
    expect(empty).toEqual({
      text: expect.stringContaining("couldn't find sources"),
      citations: [],
    });
  });
});

describe('topicOf', () => {
  it.each([
    ['What is the best CRM for startups?', 'the best CRM for startups'],
    ['Which password manager is best for families?', 'password manager is best for families'],
    ['best running shoes for a marathon', 'the best running shoes for a marathon'],
    [
      'Can you recommend an email marketing tool for my store?',
      'email marketing tool for my store',
    ],
  ])('%s → %s', (prompt, topic) => {
    expect(topicOf(prompt)).toBe(topic);
  });
});

describe('composeAnswer: the samples of a run', () => {
  // Four pages of close relevance that rank the same three brands differently.
  const orders = [
    ['Northwind CRM', 'Relaymark', 'Pipewell'],
    ['Relaymark', 'Pipewell', 'Northwind CRM'],
    ['Pipewell', 'Northwind CRM', 'Relaymark'],
    ['Relaymark', 'Northwind CRM', 'Pipewell'],
  ];
  const close = orders.map((names, i) =>
    hit({
      url: `https://site${i}.example/best-crm-startups`,
      title: `The 3 best CRMs for startups (${i})`,
      score: 1 - i * 0.03,
      body: names
        .map((n, rank) => `## ${rank + 1}. ${n}\n\n${n} is a good CRM for startups.`)
        .join('\n\n'),
    }),
  );
  const p = persona('local-claude');

  it('the first sample reads the pages as they rank, like an answer without samples', () => {
    expect(composeAnswer(prompt, p, close, 1)).toEqual(composeAnswer(prompt, p, close));
  });

  it('each sample is reproducible, and the samples of one question do not all agree', () => {
    const texts = [1, 2, 3, 4, 5].map((sample) => composeAnswer(prompt, p, close, sample).text);
    expect([1, 2, 3, 4, 5].map((sample) => composeAnswer(prompt, p, close, sample).text)).toEqual(
      texts,
    );
    expect(new Set(texts).size).toBeGreaterThan(1);
  });

  it('a clearly better page stays ahead in every sample', () => {
    const strong = [
      { ...close[0]!, score: 1 },
      ...close.slice(1).map((h) => ({ ...h, score: 0.2 })),
    ];
    for (const sample of [1, 2, 3, 4, 5]) {
      const first = composeAnswer(prompt, p, strong, sample)
        .text.split('\n')
        .find((l) => l.startsWith('1. '));
      expect(first, `sample ${sample}`).toMatch(/^1\. \*\*Northwind CRM\*\*/);
    }
  });
});
