import { describe, expect, it } from 'vitest';
import { llmsFindings, llmsLinksToCheck, parseLlmsTxt } from './llms-txt';

const BASE = 'https://shop.test/llms.txt';
const VALID = `# Shop

> Shop sells tea online.

Some notes about the shop.

## Docs

- [Pricing](https://shop.test/pricing): plans and prices
- [About](/about)

## Optional

- [Blog](https://shop.test/blog)
`;

describe('parseLlmsTxt', () => {
  it('reads a file that follows the proposal', () => {
    const f = parseLlmsTxt(VALID, BASE);
    expect(f.problems).toEqual([]);
    expect(f.title).toBe('Shop');
    expect(f.summary).toBe('Shop sells tea online.');
    expect(f.sections.map((s) => [s.name, s.links.length])).toEqual([
      ['Docs', 2],
      ['Optional', 1],
    ]);
    expect(f.sections[0]?.links[1]?.url).toBe('https://shop.test/about');
    expect(llmsLinksToCheck(f, 2)).toEqual([
      'https://shop.test/pricing',
      'https://shop.test/about',
    ]);
  });

  const malformed: { name: string; text: string; problem: string }[] = [
    {
      name: 'no H1',
      text: 'Shop sells tea\n\n## Docs\n- [A](/a)\n',
      problem: 'must start with an H1',
    },
    { name: 'two H1s', text: '# Shop\n# Again\n## Docs\n- [A](/a)\n', problem: 'the only one' },
    {
      name: 'a section of prose',
      text: '# Shop\n## Docs\nRead our docs.\n',
      problem: 'is not a link item',
    },
    { name: 'no section at all', text: '# Shop\n> tea\n', problem: 'no H2 section' },
    { name: 'an empty file', text: '', problem: 'no H1 title' },
    {
      name: 'an HTML page served as llms.txt',
      text: '<!doctype html><html><body>Not found</body></html>',
      problem: 'must start with an H1',
    },
  ];
  for (const c of malformed) {
    it(`names the problem of ${c.name}`, () => {
      const f = parseLlmsTxt(c.text, BASE);
      expect(f.problems.join(' ')).toContain(c.problem);
    });
  }
});

describe('llmsFindings', () => {
  it('missing: one medium finding with the status as evidence', () => {
    const f = llmsFindings({ state: 'missing', url: BASE, status: 404 }, null, []);
    expect(f.map((x) => [x.key, x.severity, x.evidence])).toEqual([
      ['llms:missing', 'medium', `${BASE} answered 404`],
    ]);
  });
  it('malformed and broken links are findings of their own', () => {
    const parsed = parseLlmsTxt('# Shop\n## Docs\nprose\n- [A](/a)\n', BASE);
    const f = llmsFindings(
      { state: 'found', url: BASE, text: '', contentType: 'text/plain' },
      parsed,
      [{ url: 'https://shop.test/a', status: 404 }],
    );
    expect(f.map((x) => x.key)).toEqual(['llms:malformed', 'llms:broken-links']);
    expect(f[1]?.evidence).toBe('https://shop.test/a → 404');
  });
  it('a valid file with live links makes none', () => {
    const parsed = parseLlmsTxt(VALID, BASE);
    const f = llmsFindings({ state: 'found', url: BASE, text: VALID, contentType: null }, parsed, [
      { url: 'https://shop.test/pricing', status: 200 },
    ]);
    expect(f).toEqual([]);
  });
});
