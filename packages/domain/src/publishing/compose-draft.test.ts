import { describe, expect, it } from 'vitest';
import { type ComposeDraftInput, composeDraft, composeTitle, sectionRole } from './compose-draft';
import { DRAFT_LIMITS, DraftInputSchema } from './draft-input';
import { draftPlaceholders } from './draft-placeholders';
import { draftFromMarkdown, draftPrompt } from './draft-prompt';
import { SLUG_PATTERN } from './slug';

const LISTICLE = [
  {
    heading: 'Introduction',
    guidance: 'The question the reader asked and how the list was chosen.',
  },
  {
    heading: 'Quick comparison',
    guidance: 'A table: product, best for, price from, standout feature.',
  },
  {
    heading: 'The list',
    guidance: 'One H3 per product with a one-paragraph verdict, pros and cons.',
  },
  { heading: 'How to choose', guidance: 'Criteria that matter for this audience.' },
  {
    heading: 'FAQ',
    guidance: 'Three to five questions people ask AI assistants about this topic.',
  },
];

const input: ComposeDraftInput = {
  prompt: 'What is the best CRM for small agencies?',
  kind: 'listicle',
  template: { sections: LISTICLE, instructions: 'Rank the options honestly.' },
  brand: {
    name: 'Northwind CRM',
    description:
      'Northwind CRM is a project-based CRM for agencies of 2–50 people, with billing built in.',
    domains: ['northwindcrm.com'],
    industry: 'CRM software',
  },
  competitors: [
    { name: 'Contoso CRM', engines: 3, bestRank: 1 },
    { name: 'Fabrikam', engines: 2, bestRank: 2 },
  ],
  engines: ['ChatGPT (local)', 'Claude (local)', 'Gemini (local)'],
  totalEngines: 4,
  sources: [
    {
      domain: 'crmreviews.example',
      owner: 'THIRD_PARTY',
      ownerName: null,
      count: 3,
      urls: ['https://crmreviews.example/best-agency-crm'],
    },
    {
      domain: 'contoso.com',
      owner: 'COMPETITOR',
      ownerName: 'Contoso CRM',
      count: 2,
      urls: ['https://contoso.com/agencies'],
    },
  ],
  excerpts: [
    {
      engineLabel: 'ChatGPT (local)',
      text: '1. **Contoso CRM** is the best CRM for small agencies, with simple pipelines. 2. **Fabrikam** bills by the hour.',
    },
  ],
};

describe('sectionRole', () => {
  it.each([
    ['Introduction', 'answer'],
    ['Quick comparison', 'table'],
    ['The list', 'options'],
    ['How to choose', 'choose'],
    ['FAQ', 'faq'],
    ['Questions', 'faq'],
    ['Pricing', 'pricing'],
    ['Steps', 'steps'],
    ['Related terms', 'sources'],
    ['Summary verdict', 'answer'],
    ['Our history', 'other'],
  ])('%s → %s', (heading, role) => expect(sectionRole({ heading, guidance: '' })).toBe(role));
});

describe('composeTitle', () => {
  it.each([
    ['listicle', 'The best CRM for small agencies: 3 options compared'],
    ['comparison', 'Northwind CRM vs Contoso CRM: The best CRM for small agencies'],
    ['faq', 'The best CRM for small agencies: questions and answers'],
    ['how-to', 'The best CRM for small agencies: a practical guide'],
    ['glossary', 'The best CRM for small agencies: a definition with examples'],
  ] as const)('%s', (kind, title) => expect(composeTitle({ ...input, kind })).toBe(title));
});

describe('composeDraft', () => {
  const draft = composeDraft(input);

  it('follows the template’s sections in order and adds the sources', () => {
    const headings = [...draft.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      'Introduction',
      'Quick comparison',
      'The list',
      'How to choose',
      'Frequently asked questions',
      'Sources',
    ]);
  });

  it('cites the sources and uses the brand’s own words', () => {
    expect(draft.body).toContain('| Contoso CRM | [contoso.com](https://contoso.com) |');
    expect(draft.body).toContain('<https://crmreviews.example/best-agency-crm>');
    expect(draft.body).toContain(
      'Northwind CRM is a project-based CRM for agencies of 2–50 people',
    );
    expect(draft.body).toContain('### Northwind CRM');
    expect(draft.body).not.toMatch(/lorem|ipsum|TODO|coming soon/i);
    expect(draft.body).not.toContain('..');
  });

  it('never argues against the brand nor prints Lumen’s measurements in public copy', () => {
    for (const kind of ['listicle', 'comparison', 'faq', 'how-to', 'glossary'] as const) {
      const sections = [
        ...input.template.sections,
        { heading: 'Pricing', guidance: '' },
        { heading: 'Steps', guidance: '' },
        { heading: 'Our history', guidance: '' },
      ];
      const body = composeDraft({ ...input, kind, template: { ...input.template, sections } }).body;
      // The table said the brand was "not yet" named by AI engines.
      expect(body, kind).not.toMatch(
        /not yet|named by|AI engines|AI assistants|we asked|position|citations?\b|— ChatGPT/i,
      );
      expect(body, kind).not.toMatch(/#\d/);
    }
  });

  it('marks a pricing section as a placeholder (Lumen has no prices) and only that', () => {
    const priced = composeDraft({
      ...input,
      template: { ...input.template, sections: [{ heading: 'Pricing', guidance: '' }] },
    });
    expect(draftPlaceholders(priced.body)).toEqual([
      expect.objectContaining({
        section: 'Pricing',
        what: 'the prices and plans of Northwind CRM, Contoso CRM and Fabrikam, from each vendor’s own pricing page, with the date you read them',
      }),
    ]);
    expect(draftPlaceholders(draft.body)).toEqual([]);
  });

  it('carries a valid slug, meta within the limits and FAQ JSON-LD from its own FAQ', () => {
    expect(draft.slug).toMatch(SLUG_PATTERN);
    expect(draft.metaTitle.length).toBeLessThanOrEqual(DRAFT_LIMITS.metaTitleMax);
    expect(draft.metaDescription.length).toBeLessThanOrEqual(DRAFT_LIMITS.metaDescriptionMax);
    expect(draft.metaDescription).toMatch(
      /^What is the best CRM for small agencies\? This page sets out/,
    );
    const questions = ((draft.jsonLd?.mainEntity ?? []) as { name: string }[]).map((q) => q.name);
    expect(questions).toEqual([
      'What is the best CRM for small agencies?',
      'What is Northwind CRM?',
      'How does Northwind CRM compare with Contoso CRM?',
      'Where can I read independent reviews?',
    ]);
    expect(draft.jsonLd?.['@type']).toBe('FAQPage');
  });

  it('passes the editor’s own input rules', () => {
    const parsed = DraftInputSchema.safeParse({ ...draft, categories: [], tags: [] });
    expect(parsed.success).toBe(true);
  });

  it('is deterministic', () => {
    expect(composeDraft(input)).toEqual(draft);
  });

  it('writes a sensible draft from thin evidence: no competitors, sources or description', () => {
    const thin = composeDraft({
      ...input,
      kind: 'how-to',
      template: {
        sections: [
          { heading: 'Steps', guidance: '' },
          { heading: 'Our history', guidance: 'Where the company comes from.' },
        ],
        instructions: '',
      },
      brand: { ...input.brand, description: null },
      competitors: [],
      sources: [],
      excerpts: [],
    });
    const headings = [...thin.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      'The short answer',
      'Steps',
      'Our history',
      'Frequently asked questions',
    ]);
    expect(thin.body).toContain(
      'Northwind CRM is a CRM software provider ([northwindcrm.com](https://northwindcrm.com)).',
    );
    expect(thin.body).not.toContain('<!--');
    expect(thin.body).not.toContain('undefined');
    expect(thin.body).not.toContain('null');
  });
});

describe('the LLM path', () => {
  it('briefs the model with the evidence and the GEO tactics', () => {
    const prompt = draftPrompt(input);
    expect(prompt).toContain('“What is the best CRM for small agencies?”');
    expect(prompt).toContain('Contoso CRM: named by 3 of 4 engines, best position 1');
    expect(prompt).toContain('crmreviews.example (3 citations)');
    expect(prompt).toContain('1. Introduction — The question the reader asked');
    expect(prompt).toMatch(/statistics/);
    expect(prompt).toMatch(/Quote relevant sources/);
    expect(prompt).toMatch(/no keyword stuffing/);
    expect(prompt).toMatch(/Do not invent facts/);
  });

  it.each([
    [
      '# Best CRM for agencies\n\nNorthwind leads.\n\n## FAQ\n\n### Why?\n\nBecause.',
      'Best CRM for agencies',
      'Northwind leads.',
    ],
    ['```markdown\n# Fenced title\n\nBody text here.\n```', 'Fenced title', 'Body text here.'],
    [
      'No heading at all, just text.',
      'The best CRM for small agencies: 3 options compared',
      'No heading at all, just text.',
    ],
  ])('reads %j', (markdown, title, lead) => {
    const draft = draftFromMarkdown(markdown, input);
    expect(draft.title).toBe(title);
    expect(draft.excerpt).toBe(lead);
    expect(draft.body).not.toMatch(/^# /m);
  });
});
