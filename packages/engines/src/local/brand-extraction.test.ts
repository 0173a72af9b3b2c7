import { describe, expect, it } from 'vitest';
import { asBrandName, extractBrands } from './brand-extraction';

describe('asBrandName', () => {
  it.each([
    ['1. Northwind CRM', 'Northwind CRM'],
    ['#2 Relaymark: best for agencies', 'Relaymark'],
    ['Keyvault — our top pick', 'Keyvault'],
    ['Salesmith? A Head-to-Head CRM Comparison', 'Salesmith'],
    ['Northwind CRM Review', 'Northwind CRM'],
    ['Passbolt Cloud (for teams)', 'Passbolt Cloud'],
    ['Pricing', undefined],
    ['What we liked', undefined],
    ['Who should use Northwind CRM?', undefined],
    ['The 5 Best CRM Software for Startups in 2025', undefined],
    ['5 Password Managers for Families We Actually Recommend', undefined],
    ['CRM', undefined],
    ['quietfounder', undefined],
    ['Rating:', undefined],
  ])('%s → %s', (raw, expected) => {
    expect(asBrandName(raw)).toBe(expected);
  });
});

describe('extractBrands', () => {
  const listicle = {
    title: 'The 3 Best CRMs for Startups in 2025',
    body: [
      'We tested CRMs on reporting and pipeline management.',
      '',
      '## 1. Northwind CRM',
      '',
      'Northwind CRM earns its place thanks to its pipeline.',
      '',
      '## 2. Relaymark',
      '',
      'Relaymark is an all-in-one platform. Unlike Northwind CRM it bills per contact.',
      '',
      '## Reporting',
      '',
      '- **Pipewell**: a lightweight CRM.',
      '',
      '**Our pick for startups: Northwind CRM.**',
    ].join('\n'),
  };

  it('finds list heads, headings and bold names with their rank and counts', () => {
    const brands = extractBrands(listicle);
    expect(brands.map((b) => b.name)).toEqual(['Northwind CRM', 'Relaymark', 'Pipewell']);
    expect(brands[0]).toMatchObject({ listRank: 1, count: 4, inTitle: false });
    expect(brands[1]).toMatchObject({ listRank: 2, count: 2 });
    expect(brands[2]?.listRank).toBeUndefined();
  });

  it('does not take a common word written in lower case elsewhere for a brand', () => {
    expect(extractBrands(listicle).map((b) => b.name)).not.toContain('Reporting');
  });

  it('counts plain mentions of brands it already knows from other documents', () => {
    const forum = {
      title: 'What CRM are you using?',
      body: '- **mara_k** (12 points): +1 for Clientloop, the portals are great.',
    };
    expect(extractBrands(forum)).toEqual([]);
    expect(extractBrands(forum, ['Clientloop']).map((b) => b.name)).toEqual(['Clientloop']);
  });

  it('reads names from comparison and review titles', () => {
    expect(
      extractBrands({
        title: 'Relaymark vs Salesmith for Agencies',
        body: 'Relaymark and Salesmith.',
      }).map((b) => b.name),
    ).toEqual(['Relaymark', 'Salesmith']);
    expect(
      extractBrands({
        title: 'Keyvault Review 2025: Pros and Cons',
        body: 'Keyvault is safe.',
      }).map((b) => b.name),
    ).toEqual(['Keyvault']);
  });
});
