import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverEntities } from './discover';

function names(text: string, tracked: string[] = []): string[] {
  return discoverEntities(text, [], new Set(tracked)).map((d) => d.name);
}

describe('discoverEntities', () => {
  const cases: { shape: string; text: string; found: string[] }[] = [
    {
      shape: 'numbered list with bold names',
      text: '1. **Attio** – flexible.\n2. **Folk** – light.',
      found: ['Attio', 'Folk'],
    },
    {
      shape: 'bullets with a colon',
      text: '- Copper CRM: best for Google Workspace\n- Nimble: social',
      found: ['Copper CRM', 'Nimble'],
    },
    {
      shape: 'numbered heading',
      text: '### 1. Monday Sales CRM\nGreat boards.',
      found: ['Monday Sales CRM'],
    },
    {
      shape: 'link as list head',
      text: '- [Streak](https://streak.com) – CRM in Gmail',
      found: ['Streak'],
    },
    {
      shape: 'bold in prose',
      text: 'Many teams also like **Less Annoying CRM** for its price.',
      found: ['Less Annoying CRM'],
    },
    {
      shape: 'lower-case brand with inner capital',
      text: '- **iCloud** – sync',
      found: ['iCloud'],
    },
    {
      shape: 'generic labels',
      text: '- **Pricing**: $10\n- **Pros**: fast\n- **Cons**: slow\n- **Best for**: teams\n- **Key features**: many',
      found: [],
    },
    {
      shape: 'plain headings are not names',
      text: '## Conclusion\n## Pricing\n### Final thoughts',
      found: [],
    },
    {
      shape: 'prose list items',
      text: '- Check each vendor website for current pricing.\n- Start with a free trial',
      found: [],
    },
    { shape: 'descriptive bold', text: '**Best overall** and **Great for startups**', found: [] },
    { shape: 'prices and numbers', text: '- **$25/month**\n- **4.5/5**', found: [] },
    {
      shape: 'section labels in bold',
      text: '- **Sales process**: stages\n- **Ecosystem**: Google',
      found: [],
    },
    {
      shape: 'Windows line endings',
      text: '1. **Attio** – flexible.\r\n2. Folk: light\r\n',
      found: ['Attio', 'Folk'],
    },
    {
      shape: 'coordinated names in bold are two brands',
      text: 'For a small team, **Plainplan or Gridwork** will do.',
      found: ['Plainplan', 'Gridwork'],
    },
    {
      shape: 'coordinated names as a list head',
      text: '- Plainplan or Gridwork: both are light\n- Attio and Folk – flexible',
      found: ['Plainplan', 'Gridwork', 'Attio', 'Folk'],
    },
    {
      shape: '"vs", "vs." and "versus"',
      text: '### 1. Attio vs Folk\n**HubSpot vs. Pipedrive**\n- Copper versus Nimble: which?',
      found: ['Attio', 'Folk', 'HubSpot', 'Pipedrive', 'Copper', 'Nimble'],
    },
    {
      shape: 'a coordinated label stays generic',
      text: '- **Pros and cons**: many\n- **Pricing or plans**: $10',
      found: [],
    },
    { shape: 'duplicates once', text: '1. **Attio**\n\nWe like **Attio**.', found: ['Attio'] },
  ];
  for (const c of cases) {
    it(c.shape, () => expect(names(c.text)).toEqual(c.found));
  }

  it('offsets of split names point at each name', () => {
    const text = '**Plainplan or Gridwork**';
    expect(discoverEntities(text, [], new Set())).toEqual([
      { name: 'Plainplan', firstOffset: 2 },
      { name: 'Gridwork', firstOffset: text.indexOf('Gridwork') },
    ]);
  });

  it('a tracked half is skipped, the other half found', () => {
    const text = '**Acme or Gridwork**';
    const result = discoverEntities(text, [[2, 6]], new Set());
    expect(result.map((d) => d.name)).toEqual(['Gridwork']);
  });

  it('skips tracked names and spans', () => {
    const text = '1. **Acme** – ours\n2. **Globex** – theirs\n3. **Attio** – new';
    const acmeStart = text.indexOf('Acme');
    const result = discoverEntities(text, [[acmeStart, acmeStart + 4]], new Set(['globex']));
    expect(result).toEqual([{ name: 'Attio', firstOffset: text.indexOf('Attio') }]);
  });
});

describe('plain heads (ASCII words and single spaces)', () => {
  // A trailing space makes the same head take the general cleaning path; the result must agree.
  const word = fc.oneof(
    fc.constantFrom('Attio', 'Folk', 'HubSpot', 'iPhone', 'eBay', '1Password', '365', 'CRM'),
    fc.constantFrom('best', 'Best', 'top', 'pricing', 'Pricing', 'plan', 'Free', 'for', 'use'),
    fc.constantFrom('process', 'tool', 'app', 'Ease', 'of', 'a', 'x', 'Zz', 'acme', 'ACME'),
    fc.stringMatching(/^[A-Za-z0-9]{1,8}$/),
  );
  const head = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));

  it('treat a coordinator with no word after it as part of the head (fast-check seed 523602042)', () => {
    const found = (text: string) => discoverEntities(text, [], new Set()).map((e) => e.name);
    expect(found('**Attio Or ** and more')).toEqual(found('**Attio Or** and more'));
    expect(found('**Attio or Folk** and more')).toEqual(['Attio', 'Folk']);
  });

  it('find the same names in bold runs and list heads as the general path', () => {
    fc.assert(
      fc.property(head, fc.array(fc.constantFrom('attio', 'folk'), { maxLength: 2 }), (h, tr) => {
        const tracked = new Set(tr);
        const same = (plain: string, general: string) =>
          expect(discoverEntities(plain, [], tracked)).toEqual(
            discoverEntities(general, [], tracked),
          );
        same(`**${h}** and more`, `**${h} ** and more`);
        same(`- ${h}: notes`, `- ${h} : notes`);
      }),
      { numRuns: 3000 },
    );
  });
});
