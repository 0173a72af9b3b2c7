import type { CorpusHit } from '@lumen/db/repositories/corpus.repository';
import { describe, expect, it } from 'vitest';
import { composeAnswer } from './compose-answer';
import { belongsToAnswer, marketNamedIn, questionMarket } from './market';
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

// Brands of the seed catalogue: Northwind CRM, Relaymark and Pipewell are CRMs, Ledgerly is
// accounting software and Mailburst an email marketing platform.
const crmList = hit({
  url: 'https://reviews.example/most-reliable-crm',
  title: 'The most reliable CRMs right now',
  score: 0.7,
  body: [
    'We ranked CRMs on reliability.',
    '## 1. Northwind CRM',
    'Northwind CRM is the most reliable CRM because it has never lost a deal in our tests.',
    '## 2. Relaymark',
    'Relaymark is reliable thanks to its integration marketplace.',
  ].join('\n\n'),
});
const crmVendor = hit({
  url: 'https://pipewell.example/why',
  domain: 'pipewell.example',
  title: 'Why Pipewell',
  kind: 'vendor',
  score: 0.6,
  body: 'Pipewell is a reliable CRM for founders who sell. Pipewell syncs paid invoices to Ledgerly, so sales and finance agree.',
});
// Generic words ("reliable", "right now") match an accounting listicle better than any CRM page.
const accountingList = hit({
  url: 'https://books.example/most-reliable-accounting',
  title: 'The most reliable accounting software right now',
  market: 'accounting',
  score: 1,
  body: [
    'Reliable books matter.',
    '## 1. Ledgerly',
    'Ledgerly is the most reliable accounting software because it reconciles every night.',
  ].join('\n\n'),
});
const emailList = hit({
  url: 'https://mail.example/reliable-email',
  title: 'Reliable email marketing platforms',
  market: 'email-marketing',
  score: 0.9,
  body: '## 1. Mailburst\n\nMailburst is the most reliable email marketing platform right now.',
});

const persona = (id: string) => findPersona(id) as Persona;
const listed = (text: string) => [...text.matchAll(/^\d+\. \*\*([^*]+?):?\*\*/gm)].map((m) => m[1]);

describe('marketNamedIn', () => {
  it.each([
    ['What is the most reliable CRM software right now?', 'crm'],
    ['Best sales pipeline software for agencies', 'crm'],
    ['Which bookkeeping software suits freelancers?', 'accounting'],
    ['best running shoes for a marathon', 'running-shoes'],
    // Two markets named: the question itself ties them, so neither is imposed.
    ['Which CRM works best with my email marketing platform?', undefined],
    ['What are the best alternatives to Relaymark?', undefined],
    // "CRM" inside another word is not the word.
    ['SCRMX review', undefined],
  ])('%s → %s', (prompt, market) => {
    expect(marketNamedIn(prompt)).toBe(market);
  });
});

describe('questionMarket', () => {
  const read = (hits: CorpusHit[], weights: number[]) =>
    hits.map((h, i) => ({ hit: h, weight: weights[i] ?? 0 }));

  it('takes the market most of the best pages belong to when the prompt names none', () => {
    expect(
      questionMarket(
        'Alternatives to Relaymark?',
        read([crmList, crmVendor, emailList], [1, 0.8, 0.9]),
      ),
    ).toBe('crm');
  });

  it('imposes none when no market has most of the weight', () => {
    expect(
      questionMarket('Anything reliable?', read([crmList, accountingList, emailList], [1, 1, 1])),
    ).toBeUndefined();
  });
});

describe('the local engine keeps to the question’s market', () => {
  const prompt = 'What is the most reliable CRM software right now?';

  it.each(['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'])(
    '%s names CRMs only, though an accounting and an email page match the words better',
    (id) => {
      const answer = composeAnswer(prompt, persona(id), [
        accountingList,
        emailList,
        crmList,
        crmVendor,
      ]);
      expect(listed(answer.text).length).toBeGreaterThan(0);
      for (const name of listed(answer.text)) {
        expect(['Northwind CRM', 'Relaymark', 'Pipewell']).toContain(name);
      }
      expect(answer.text).not.toContain('Mailburst');
      expect(answer.citations.map((c) => c.url)).not.toContain(accountingList.url);
      expect(answer.citations.map((c) => c.url)).not.toContain(emailList.url);
    },
  );

  it('names a brand of another market when a page of this one lists it', () => {
    const tied = hit({
      url: 'https://reviews.example/crm-with-books',
      title: 'CRMs with accounting built in',
      body: [
        '## 1. Northwind CRM',
        'Northwind CRM is reliable for agencies that invoice.',
        '## 2. Ledgerly',
        'Ledgerly is a reliable choice here because its CRM module shares the ledger.',
      ].join('\n\n'),
    });
    const documents = [
      { hit: tied, weight: 1 },
      { hit: crmVendor, weight: 0.5 },
    ];
    expect(belongsToAnswer('Ledgerly', 'crm', documents)).toBe(true);
    // A passing mention on a vendor page is no tie.
    expect(belongsToAnswer('Ledgerly', 'crm', [{ hit: crmVendor, weight: 1 }])).toBe(false);
    // Brands the catalogue does not know (a published post's) are never held back.
    expect(belongsToAnswer('Zentrik CRM', 'crm', [{ hit: crmVendor, weight: 1 }])).toBe(true);
    expect(listed(composeAnswer(prompt, persona('local-gpt'), [tied]).text)).toContain('Ledgerly');
  });
});
