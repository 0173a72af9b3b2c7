import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../analysis/analyze-answer';
import type { Citation, TrackedEntity } from '../entities/types';
import { findGaps, type GapPrompt, opportunityResolved } from './find-gaps';

const entities: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'] },
  { id: 'hubspot', kind: 'competitor', name: 'HubSpot', aliases: [], domains: ['hubspot.com'] },
  {
    id: 'pipedrive',
    kind: 'competitor',
    name: 'Pipedrive',
    aliases: [],
    domains: ['pipedrive.com'],
  },
  { id: 'salesforce', kind: 'competitor', name: 'Salesforce', aliases: [], domains: [] },
  { id: 'zoho', kind: 'competitor', name: 'Zoho', aliases: [], domains: [] },
  { id: 'close', kind: 'competitor', name: 'Close CRM', aliases: [], domains: [] },
];
const analyze = createAnalyzer(entities);

function answer(engine: string, text: string, citations: Citation[] = []) {
  return { engine, analysis: analyze({ text, citations }) };
}

const listicle = (names: string[]) =>
  [
    'Here are the best CRMs for startups:',
    ...names.map((n, i) => `${i + 1}. **${n}** – a solid pick.`),
  ].join('\n');

const g2 = { url: 'https://www.g2.com/categories/crm?utm_source=chatgpt.com' };
const capterra = { url: 'https://www.capterra.com/crm-software/' };

function prompt(answers: GapPrompt['answers'], text = 'best CRM for startups'): GapPrompt {
  return { promptId: 'p1', text, answers };
}

function gapsOf(p: GapPrompt) {
  return findGaps({ brandId: 'acme', entities, prompts: [p] });
}

describe('findGaps', () => {
  it('missing_mention: competitors named, brand absent, on 3 of 4 engines', () => {
    const p = prompt([
      answer('chatgpt', listicle(['HubSpot', 'Pipedrive']), [g2]),
      answer('claude', listicle(['Pipedrive', 'HubSpot']), [g2, capterra]),
      answer('gemini', listicle(['HubSpot'])),
      answer('perplexity', listicle(['Acme', 'HubSpot'])),
    ]);
    const missing = gapsOf(p).find((o) => o.type === 'missing_mention')!;
    expect(missing.title).toBe("Acme is missing from 'best CRM for startups' on 3 of 4 engines");
    expect(missing.evidence.engines).toEqual(['chatgpt', 'claude', 'gemini']);
    expect(missing.evidence.competitors).toEqual([
      { entityId: 'hubspot', name: 'HubSpot', bestRank: 1, engines: 3 },
      { entityId: 'pipedrive', name: 'Pipedrive', bestRank: 1, engines: 2 },
    ]);
    expect(missing.evidence.citedDomains).toEqual([
      { domain: 'g2.com', count: 2 },
      { domain: 'capterra.com', count: 1 },
    ]);
    expect(missing.sources).toEqual(['g2.com', 'capterra.com']);
    expect(missing.recommendedKind).toBe('listicle');
    // 3 of 4 engines, competitor ranked first everywhere.
    expect(missing.impact).toBe(Math.round(100 * (0.6 * 0.75 + 0.4 * 1)));
  });

  it('no gap when no competitor is mentioned either', () => {
    const p = prompt([answer('chatgpt', 'It depends on your team size and budget.')]);
    expect(gapsOf(p)).toEqual([]);
  });

  it('impact grows with the number of engines showing the gap', () => {
    const one = prompt([
      answer('chatgpt', listicle(['HubSpot'])),
      answer('claude', listicle(['Acme'])),
      answer('gemini', listicle(['Acme'])),
    ]);
    const all = prompt([
      answer('chatgpt', listicle(['HubSpot'])),
      answer('claude', listicle(['HubSpot'])),
      answer('gemini', listicle(['HubSpot'])),
    ]);
    const impact = (p: GapPrompt) => gapsOf(p).find((o) => o.type === 'missing_mention')!.impact;
    expect(impact(all)).toBeGreaterThan(impact(one));
  });

  it('low_rank: brand below the top 3, competitors ahead as evidence', () => {
    const p = prompt(
      [
        answer('chatgpt', listicle(['HubSpot', 'Pipedrive', 'Salesforce', 'Zoho', 'Acme'])),
        answer('claude', listicle(['Acme', 'HubSpot'])),
        answer('gemini', listicle(['HubSpot', 'Pipedrive', 'Salesforce', 'Acme'])),
      ],
      'HubSpot vs Pipedrive vs Acme: which CRM is better?',
    );
    const low = gapsOf(p).find((o) => o.type === 'low_rank')!;
    expect(low.title).toBe(
      "Acme ranks outside the top 3 (#4–#5) for 'HubSpot vs Pipedrive vs Acme: which CRM is better?' on 2 of 3 engines",
    );
    expect(low.evidence.brand).toMatchObject([
      { engine: 'chatgpt', rank: 5 },
      { engine: 'gemini', rank: 4 },
    ]);
    expect(low.evidence.competitors.map((c) => [c.entityId, c.engines])).toEqual([
      ['hubspot', 2],
      ['pipedrive', 2],
      ['salesforce', 2],
      ['zoho', 1],
    ]);
    expect(low.recommendedKind).toBe('comparison');
  });

  it('citation_gap: a third-party source cited for competitors, never with the brand', () => {
    const p = prompt([
      answer('chatgpt', listicle(['HubSpot', 'Pipedrive']), [
        g2,
        { url: 'https://hubspot.com/crm' },
      ]),
      answer('claude', listicle(['Acme', 'HubSpot']), [capterra]),
      answer('gemini', listicle(['Pipedrive']), [g2, capterra]),
    ]);
    const gap = gapsOf(p).find((o) => o.type === 'citation_gap')!;
    expect(gap.title).toBe(
      "g2.com is cited for competitors but never with Acme for 'best CRM for startups' on 2 of 3 engines",
    );
    expect(gap.sources[0]).toBe('g2.com');
    expect(gap.evidence.urls).toEqual([g2.url]);
    expect(gap.evidence.citedDomains).toEqual([{ domain: 'g2.com', count: 2 }]);
  });

  it('negative_sentiment recommends an FAQ', () => {
    const p = prompt(
      [
        answer(
          'chatgpt',
          'Acme is expensive, buggy and its support is terrible. HubSpot is better.',
        ),
        answer('claude', 'Acme is a great, reliable choice.'),
      ],
      'how to choose a CRM',
    );
    const neg = gapsOf(p).find((o) => o.type === 'negative_sentiment')!;
    expect(neg.title).toBe(
      "Answers about Acme are negative for 'how to choose a CRM' on 1 of 2 engines",
    );
    expect(neg.recommendedKind).toBe('faq');
    expect(neg.evidence.brand[0]?.snippet).toContain('expensive');
    expect(neg.impact).toBeGreaterThan(0);
    expect(neg.impact).toBeLessThanOrEqual(100);
  });

  it('sorts opportunities by impact and keeps impact within 0–100', () => {
    const gaps = findGaps({
      brandId: 'acme',
      entities,
      prompts: [
        prompt([answer('a', listicle(['HubSpot'])), answer('b', listicle(['Acme']))]),
        {
          promptId: 'p2',
          text: 'alternatives to HubSpot',
          answers: [answer('a', listicle(['Pipedrive'])), answer('b', listicle(['Pipedrive']))],
        },
      ],
    });
    expect(gaps.map((g) => g.impact)).toEqual([...gaps.map((g) => g.impact)].sort((x, y) => y - x));
    expect(gaps[0]).toMatchObject({
      promptId: 'p2',
      type: 'missing_mention',
      recommendedKind: 'comparison',
    });
    for (const g of gaps) {
      expect(g.impact).toBeGreaterThanOrEqual(0);
      expect(g.impact).toBeLessThanOrEqual(100);
    }
  });
});

describe('opportunityResolved', () => {
  const opp = { type: 'missing_mention' as const, promptId: 'p1' };
  it('resolved when a later run shows the brand on every engine', () => {
    const later = prompt([
      answer('a', listicle(['Acme', 'HubSpot'])),
      answer('b', listicle(['HubSpot', 'Acme'])),
    ]);
    expect(opportunityResolved(opp, { brandId: 'acme', entities, prompt: later })).toBe(true);
  });
  it('not resolved while one engine still leaves the brand out', () => {
    const later = prompt([answer('a', listicle(['Acme'])), answer('b', listicle(['HubSpot']))]);
    expect(opportunityResolved(opp, { brandId: 'acme', entities, prompt: later })).toBe(false);
  });
  it('low_rank stays open while the brand is present but still below the top 3', () => {
    const later = prompt([
      answer('a', listicle(['HubSpot', 'Pipedrive', 'Zoho', 'Close CRM', 'Acme'])),
    ]);
    expect(
      opportunityResolved(
        { type: 'low_rank', promptId: 'p1' },
        { brandId: 'acme', entities, prompt: later },
      ),
    ).toBe(false);
  });
  it('no answers: not resolved', () => {
    expect(opportunityResolved(opp, { brandId: 'acme', entities, prompt: prompt([]) })).toBe(false);
  });
});
