import { describe, expect, it } from 'vitest';
import type { Finding } from '../site-audit/findings';
import { blockDiff, diffSummary, markdownBlocks } from './block-diff';
import { draftPlaceholders } from './draft-placeholders';
import {
  checkOwnPageUrl,
  composeImprovement,
  findingsOfPage,
  type ImprovePageInput,
  improvementFromMarkdown,
  improvePagePrompt,
} from './improve-page';

const NOW = new Date('2026-11-28T12:00:00Z');

const finding = (id: string, title: string, url = 'https://acme.test/pricing'): Finding => ({
  key: `page:/pricing:${id}`,
  area: 'page',
  severity: 'medium',
  title,
  evidence: '…',
  fix: `Fix ${id}.`,
  url,
});

const base: ImprovePageInput = {
  url: 'https://acme.test/pricing',
  live: {
    title: 'Pricing – Acme',
    body: '# Pricing\n\nAcme plans for teams of every size.\n\n#### Plans\n\n- Basic\n\n- Pro',
  },
  brand: { name: 'Acme', description: 'Acme is a CRM for agencies.' },
  findings: [],
  signals: null,
  now: NOW,
};

describe('checkOwnPageUrl', () => {
  const domains = ['acme.test', 'https://www.acme-shop.example/'];
  it.each([
    ['https://acme.test/pricing', true, 'https://acme.test/pricing'],
    ['https://www.acme.test/pricing#plans', true, 'https://www.acme.test/pricing'],
    ['https://blog.acme.test/post', true, 'https://blog.acme.test/post'],
    ['http://acme-shop.example/a?b=1', true, 'http://acme-shop.example/a?b=1'],
    ['http://acme.test:8080/x', true, 'http://acme.test:8080/x'],
  ])('%s is the brand’s own page', (raw, ok, url) => {
    expect(checkOwnPageUrl(raw, domains)).toEqual({ ok, url });
  });
  it.each([
    ['not a url', 'MALFORMED'],
    ['ftp://acme.test/file', 'MALFORMED'],
    ['https://user:pw@acme.test/', 'MALFORMED'],
    ['https://evil.example/acme.test', 'OFF_DOMAIN'],
    ['https://acme.test.evil.example/', 'OFF_DOMAIN'],
    ['https://notacme.test/', 'OFF_DOMAIN'],
  ])('%s is refused (%s)', (raw, reason) => {
    const check = checkOwnPageUrl(raw, domains);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe(reason);
  });
  it('names the brand’s domains in the refusal', () => {
    const check = checkOwnPageUrl('https://other.example/', ['acme.test']);
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('acme.test') });
  });
});

describe('findingsOfPage', () => {
  it('keeps the findings of that page, trailing slash aside', () => {
    const mine = finding('h1', 'no h1', 'https://acme.test/pricing/');
    const other = finding('h1', 'no h1', 'https://acme.test/');
    const site = { ...finding('x', 'robots'), url: null };
    expect(findingsOfPage([mine, other, site], 'https://acme.test/pricing')).toEqual([mine]);
  });
});

describe('composeImprovement', () => {
  it('keeps the page’s words and asks for statistics, a quotation, an FAQ and sources', () => {
    const { draft, changes } = composeImprovement(base);
    expect(draft.title).toBe('Pricing');
    expect(draft.body).toContain('Acme plans for teams of every size.');
    expect(draft.body).toContain('- Basic');
    // The repeated H1 is the title; the skipped level is nested in order.
    expect(draft.body).not.toMatch(/^# /m);
    expect(draft.body).toContain('## Plans');
    expect(draft.body).toContain('## Frequently asked questions');
    expect(draft.body).toContain('## Sources');
    expect(draftPlaceholders(draft.body).map((p) => p.section)).toEqual([
      null,
      null,
      'Frequently asked questions',
      'Sources',
    ]);
    expect(changes).toEqual([
      'Headings nested in order, without skipped levels.',
      'Asks for a statistic with its source: the page states no figure.',
      'Asks for a quotation with who said it: the page quotes no one.',
      'Adds a “Frequently asked questions” section (and its FAQPage markup once filled).',
      'Adds a “Sources” section: the page cites no other site.',
    ]);
    expect(draft.slug).toBe('pricing');
    expect(draft.metaDescription).toBe('Acme plans for teams of every size.');
  });

  it('asks for nothing the page already has', () => {
    const body = [
      'Acme costs $12 a month, 30% less than the average CRM.',
      '“Acme halved the time we spend on invoices every month,” says Jo Park, COO of Lumos.',
      '## Frequently asked questions',
      '### Is there a free plan?',
      'Yes, for two users.',
      '## Sources',
      '- [CRM price survey](https://survey.example/crm)',
    ].join('\n\n');
    const { draft, changes } = composeImprovement({ ...base, live: { title: 'Pricing', body } });
    expect(draftPlaceholders(draft.body)).toEqual([]);
    expect(changes).toEqual([]);
    expect(draft.body).toBe(body);
    const graph = (draft.jsonLd as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((n) => n['@type'])).toEqual(['Article', 'FAQPage']);
  });

  it('counts only links to other sites as cited sources', () => {
    const own = composeImprovement({
      ...base,
      live: { title: 'Pricing', body: 'See our [terms](https://acme.test/terms) for 30% off.' },
    });
    expect(own.changes).toContain('Adds a “Sources” section: the page cites no other site.');
    const other = composeImprovement({
      ...base,
      live: { title: 'Pricing', body: 'See the [survey](https://survey.example/crm), 30% off.' },
    });
    expect(other.changes.join(' ')).not.toContain('Sources');
  });

  it('uses the audit’s counts when the page was audited', () => {
    const { changes } = composeImprovement({
      ...base,
      signals: { statistics: 2, quotations: 1, citedSources: 3 },
    });
    expect(changes.join(' ')).not.toMatch(/statistic|quotation|Sources/);
  });

  it('applies the audit’s fixes for the page', () => {
    const live = {
      title: 'Untitled',
      body: 'Intro text.\n\n# Pricing\n\n# Plans\n\nDetails.',
    };
    const { draft, changes } = composeImprovement({
      ...base,
      live,
      findings: [
        finding('title', '/pricing has no <title>'),
        finding('h1', '/pricing has 2 <h1>'),
        finding('description', '/pricing has no meta description'),
        finding('json-ld', '/pricing has no schema.org data'),
        finding('date-modified', '/pricing does not say when it was last updated'),
        finding('freshness', '/pricing was last updated 400 days ago'),
        finding('javascript', '/pricing shows its content only with JavaScript'),
      ],
    });
    expect(draft.title).toBe('Pricing');
    expect(draft.body).toMatch(/^## Pricing$/m);
    expect(draft.body).toMatch(/^## Plans$/m);
    expect(changes).toEqual(
      expect.arrayContaining([
        'One H1: the title; other H1 headings became sections (H2).',
        'The page gets the title “Pricing”.',
        'Meta description written from the opening paragraph.',
        'schema.org markup: Article (and FAQPage when the page answers questions).',
        'States dateModified in the markup.',
        '/pricing was last updated 400 days ago: review its figures and examples before approving.',
        'The text is published as HTML, readable without JavaScript.',
      ]),
    );
    expect(draft.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Article',
          headline: 'Pricing',
          description: 'Intro text.',
          url: 'https://acme.test/pricing',
          dateModified: NOW.toISOString(),
          publisher: { '@type': 'Organization', name: 'Acme', url: 'https://acme.test' },
        },
      ],
    });
  });

  it('opens with a placeholder answer when the page starts with a heading or list', () => {
    const { draft } = composeImprovement({
      ...base,
      live: { title: 'Pricing', body: '## Plans\n\n- Basic' },
    });
    expect(draft.body.startsWith('[[Fill in: two sentences that answer what')).toBe(true);
  });

  it('is deterministic', () => {
    expect(composeImprovement(base)).toEqual(composeImprovement(base));
  });
});

describe('the LLM path', () => {
  it('briefs the model with the page, the fixes and the rules', () => {
    const prompt = improvePagePrompt({
      ...base,
      findings: [finding('h1', '/pricing has no <h1>')],
    });
    expect(prompt).toContain('https://acme.test/pricing');
    expect(prompt).toContain('Acme plans for teams of every size.');
    expect(prompt).toContain('- /pricing has no <h1>: Fix h1.');
    expect(prompt).toContain('Keep every fact');
    expect(prompt).toContain('[[Fill in:');
  });

  it('reads the answer: title from its H1, outline fixed, the page’s slug and markup', () => {
    const draft = improvementFromMarkdown(
      '# Acme pricing\n\nAcme costs $12.\n\n#### Plans\n\nTwo.',
      base,
    );
    expect(draft.title).toBe('Acme pricing');
    expect(draft.body).toBe('Acme costs $12.\n\n## Plans\n\nTwo.');
    expect(draft.slug).toBe('pricing');
    expect((draft.jsonLd as { '@graph': unknown[] })['@graph']).toHaveLength(1);
  });
});

describe('blockDiff', () => {
  it('splits markdown into headings, paragraphs, list items, tables and fences', () => {
    expect(
      markdownBlocks(
        '# T\nIntro line one\nline two\n\n- a\n- b\n\n| x | y |\n| - | - |\ntext after\n\n```\ncode\n\nmore\n```',
      ),
    ).toEqual([
      '# T',
      'Intro line one\nline two',
      '- a',
      '- b',
      '| x | y |\n| - | - |',
      'text after',
      '```\ncode\n\nmore\n```',
    ]);
  });

  it('marks kept, removed and added blocks in reading order', () => {
    const before = 'Intro.\n\n## Plans\n\nOld plan text.\n\nFooter note.';
    const after = 'Intro.\n\nA figure.\n\n## Plans\n\nNew plan text.\n\nFooter   note.';
    expect(blockDiff(before, after)).toEqual([
      { kind: 'same', text: 'Intro.' },
      { kind: 'added', text: 'A figure.' },
      { kind: 'same', text: '## Plans' },
      { kind: 'removed', text: 'Old plan text.' },
      { kind: 'added', text: 'New plan text.' },
      { kind: 'same', text: 'Footer   note.' },
    ]);
    expect(diffSummary(blockDiff(before, after))).toEqual({ added: 2, removed: 1, same: 3 });
  });

  it('handles empty sides', () => {
    expect(blockDiff('', 'A.')).toEqual([{ kind: 'added', text: 'A.' }]);
    expect(blockDiff('A.', '')).toEqual([{ kind: 'removed', text: 'A.' }]);
    expect(blockDiff('', '')).toEqual([]);
  });

  it('diffs an improvement against its page: every live block is kept', () => {
    const { draft } = composeImprovement(base);
    const diff = blockDiff(base.live.body, draft.body);
    expect(diff.filter((d) => d.kind === 'removed').map((d) => d.text)).toEqual([
      '# Pricing',
      '#### Plans',
    ]);
    expect(diff.filter((d) => d.kind === 'same').map((d) => d.text)).toEqual([
      'Acme plans for teams of every size.',
      '- Basic',
      '- Pro',
    ]);
  });
});
