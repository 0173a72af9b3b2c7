import { describe, expect, it } from 'vitest';
import { clip, faqItems, faqJsonLd, finishDraft, firstParagraph, plainText } from './draft-meta';

describe('plainText', () => {
  it.each([
    [
      '**Northwind** is [a CRM](https://x.example/a) for `agencies`.',
      'Northwind is a CRM for agencies.',
    ],
    ['> “Quoted” answer', '“Quoted” answer'],
    ['- item one\n- item two', 'item one item two'],
    ['keeps snake_case and 2 * 3', 'keeps snake_case and 2 * 3'],
    ['<!-- a note for the editor --> text', 'text'],
  ])('%j → %j', (md, text) => expect(plainText(md)).toBe(text));
});

describe('clip', () => {
  it.each([
    ['short', 10, 'short'],
    ['Best CRM for small agencies compared honestly', 20, 'Best CRM for small…'],
    ['Supercalifragilistic', 10, 'Supercali…'],
  ])('%j at %i → %j', (text, max, out) => {
    expect(clip(text, max)).toBe(out);
    expect(clip(text, max).length).toBeLessThanOrEqual(max);
  });
});

describe('firstParagraph', () => {
  it('skips headings, lists, tables, quotes and comments', () => {
    const md =
      '## Intro\n\n<!-- note -->\n\n| a | b |\n|---|---|\n\n- list\n\n> quote\n\nThe **real** lead.\n\nSecond.';
    expect(firstParagraph(md)).toBe('The real lead.');
  });
});

describe('faqItems and faqJsonLd', () => {
  const body = `## The short answer

Northwind CRM suits agencies.

### Not a question heading

Text.

## FAQ

### What does Northwind CRM cost?

Plans start at **€12** per user.

### Is it good for agencies?

Yes: it bills by project.

## Sources

- example.com`;

  it('reads the H3 questions under the FAQ heading with their answers as plain text', () => {
    expect(faqItems(body)).toEqual([
      { question: 'What does Northwind CRM cost?', answer: 'Plans start at €12 per user.' },
      { question: 'Is it good for agencies?', answer: 'Yes: it bills by project.' },
    ]);
  });

  it('counts question H3s anywhere on an FAQ page', () => {
    expect(faqItems('## Questions about billing\n\n### Can I pay yearly?\n\nYes.').length).toBe(1);
    expect(faqItems('## Overview\n\n### Can I pay yearly?\n\nYes.')).toEqual([
      { question: 'Can I pay yearly?', answer: 'Yes.' },
    ]);
  });

  it('builds schema.org FAQPage markup, or null without questions', () => {
    expect(faqJsonLd(faqItems(body))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'What does Northwind CRM cost?',
          acceptedAnswer: { '@type': 'Answer', text: 'Plans start at €12 per user.' },
        },
        {
          '@type': 'Question',
          name: 'Is it good for agencies?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes: it bills by project.' },
        },
      ],
    });
    expect(faqJsonLd(faqItems('## Intro\n\nNo questions.'))).toBeNull();
  });
});

describe('finishDraft', () => {
  it('derives slug, excerpt and meta within the limits', () => {
    const draft = finishDraft({
      title: 'The best CRM for small agencies in Germany: seven options compared side by side',
      body: `## Intro\n\n${'Northwind CRM is built for agencies that bill by project. '.repeat(8)}`,
    });
    expect(draft.slug).toBe(
      'the-best-crm-for-small-agencies-in-germany-seven-options-compared-side-by-side',
    );
    expect(draft.metaTitle.length).toBeLessThanOrEqual(60);
    expect(draft.metaTitle.endsWith('…')).toBe(true);
    expect(draft.metaDescription.length).toBeLessThanOrEqual(160);
    expect(draft.metaDescription.startsWith('Northwind CRM is built for agencies')).toBe(true);
    expect(draft.excerpt.length).toBeLessThanOrEqual(300);
    expect(draft.jsonLd).toBeNull();
  });
});
