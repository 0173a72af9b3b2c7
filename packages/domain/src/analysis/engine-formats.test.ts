import { describe, expect, it } from 'vitest';
import type { TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';

const ENTITIES: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme', aliases: [], domains: ['acme.com'] },
  { id: 'hub', kind: 'competitor', name: 'HubSpot', aliases: [], domains: ['hubspot.com'] },
  { id: 'pipe', kind: 'competitor', name: 'Pipedrive', aliases: [], domains: ['pipedrive.com'] },
];
const analyze = createAnalyzer(ENTITIES, { languageHint: 'en' });

const cites = (text: string, listed: string[] = []) =>
  analyze({ text, citations: listed.map((url) => ({ url })) }).citations.map((c) => ({
    url: c.url,
    owner: c.owner,
    markers: c.markers?.map((at) => text.slice(at, at + 3)) ?? [],
    at: c.markers ?? [],
  }));

describe('engine formats', () => {
  it('Perplexity markers point into a sources list at the end, deduplicated, with positions', () => {
    const text =
      'Acme is the simplest CRM [1][2]. HubSpot scales further [2].\n\nSources:\n[1] https://acme.com/pricing\n[2] https://www.hubspot.com/crm?utm_source=perplexity';
    const result = cites(text);
    expect(result.map((c) => [c.url, c.owner, c.markers])).toEqual([
      ['https://acme.com/pricing', 'own', ['[1]']],
      ['https://www.hubspot.com/crm?utm_source=perplexity', 'competitor', ['[2]', '[2]']],
    ]);
    expect(result[1]!.at).toEqual([text.indexOf('[2]'), text.lastIndexOf('[2].')]);
  });

  it('markers point into the listed citations when the text has no sources list', () => {
    const text = 'Pipedrive suits pipelines [2], Acme small teams [1][1].';
    expect(
      cites(text, ['https://acme.com/', 'https://pipedrive.com/features']).map((c) => [
        c.url,
        c.markers,
      ]),
    ).toEqual([
      ['https://acme.com/', ['[1]', '[1]']],
      ['https://pipedrive.com/features', ['[2]']],
    ]);
  });

  it('numbered source lines in "1." and "[1]:" form', () => {
    const text = 'Acme [1] and HubSpot [2].\n\n1. https://acme.com/a\n[2]: https://hubspot.com/b';
    expect(cites(text).map((c) => [c.url, c.markers])).toEqual([
      ['https://acme.com/a', ['[1]']],
      ['https://hubspot.com/b', ['[2]']],
    ]);
  });

  it('reference-style markdown links are citations and mentions by their text', () => {
    const text =
      'Compare [Acme][1] with [HubSpot][hs].\n\n[1]: https://acme.com/x\n[hs]: https://hubspot.com/y';
    const result = analyze({ text, citations: [] });
    expect(result.citations.map((c) => [c.url, c.owner])).toEqual([
      ['https://acme.com/x', 'own'],
      ['https://hubspot.com/y', 'competitor'],
    ]);
    expect(result.mentions.map((m) => [m.entityId, m.rank])).toEqual([
      ['acme', 1],
      ['hub', 2],
    ]);
  });

  it.each([
    ['en', 'Sources: acme.com · g2.com · hubspot.com'],
    ['de', 'Quellen: acme.com · g2.com · hubspot.com'],
    ['es', 'Fuentes: acme.com, g2.com, hubspot.com'],
    ['it', 'Fonti: acme.com | g2.com | hubspot.com'],
    ['pt', '**Fontes:** acme.com • g2.com • hubspot.com'],
    ['nl', 'Bronnen: acme.com g2.com hubspot.com'],
    ['fr', 'Sources : acme.com · g2.com · hubspot.com'],
  ])('AI-Overview source chips (%s)', (_lang, line) => {
    expect(cites(`Acme is a CRM.\n${line}`).map((c) => [c.url, c.owner])).toEqual([
      ['https://acme.com', 'own'],
      ['https://g2.com', 'third_party'],
      ['https://hubspot.com', 'competitor'],
    ]);
  });

  it('bold names in a table with ✓ and ✗ cells are mentions, ranked in reading order', () => {
    const text =
      '| Tool | Free plan | API |\n|---|---|---|\n| **Pipedrive** | ✗ | ✓ |\n| **Acme** | ✓ | ✓ |\n| **HubSpot** | ✓ | ✗ |';
    const result = analyze({ text, citations: [] });
    expect(result.mentions.map((m) => [m.entityId, m.rank, text.slice(...m.spans[0]!)])).toEqual([
      ['pipe', 1, 'Pipedrive'],
      ['acme', 2, 'Acme'],
      ['hub', 3, 'HubSpot'],
    ]);
  });

  it('code blocks count like prose (the documented rule)', () => {
    const text = 'Install it:\n```\nnpm install acme\n```\nThen call the HubSpot API.';
    const result = analyze({ text, citations: [] });
    expect(result.mentions.map((m) => m.entityId)).toEqual(['acme', 'hub']);
  });
});
