import { DRAFT_LIMITS } from './draft-input';
import { slugify } from './slug';

// What a draft carries besides its text (docs/publishing.md, "Orders and drafts"): slug,
// excerpt, meta title and description within what search engines show, and FAQ JSON-LD built
// from the body's own FAQ section, so the markup always says what the page says.

/**
 * A draft's content, the one shape for it: what a draft row and each of its versions store, what
 * the editor saves and what is published as the WordPress post (categories and tags are that
 * site's term ids). Excerpt and meta fields may be empty (null) once a person edits them.
 */
export type DraftContent = {
  title: string;
  slug: string;
  body: string;
  excerpt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  jsonLd: Record<string, unknown> | null;
  categories: number[];
  tags: number[];
};

/** What a writer (the composer or an LLM) produces: every text field filled, no terms chosen. */
export type WrittenDraft = Omit<
  DraftContent,
  'excerpt' | 'metaTitle' | 'metaDescription' | 'categories' | 'tags'
> & { excerpt: string; metaTitle: string; metaDescription: string };

export type FaqItem = { question: string; answer: string };

/** Markdown to one line of plain text: links keep their label, marks and markup go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]\n]+)\]\([^)\s]+\)/g, '$1')
    .replace(/\*\*|__|`|(?<!\w)[*_](?!\s)|(?<!\s)[*_](?!\w)/g, '')
    .replace(/^\s{0,3}(>|#{1,6}|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut after a whole word with an ellipsis when it had to be cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const boundary = cut.search(/\s\S*$/);
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The first paragraph that is prose (not a heading, list, table, quote or comment). */
export function firstParagraph(markdown: string): string {
  for (const block of markdown.split(/\n\s*\n/)) {
    const trimmed = block.trim();
    if (!trimmed || /^(#|[-*+] |\d+[.)] |\||>|<!--)/.test(trimmed)) continue;
    return plainText(trimmed);
  }
  return '';
}

const FAQ_HEADING =
  /^(faq|faqs|frequently asked questions|questions( and answers)?|questions buyers ask)$/i;

/**
 * The question–answer pairs of the body's FAQ section: the H3 headings under an H2 called FAQ /
 * Frequently asked questions / Questions, each with the text up to the next heading. A page whose
 * sections are all questions (an FAQ page) counts the H3s that end in "?" anywhere.
 */
export function faqItems(markdown: string): FaqItem[] {
  const lines = markdown.split('\n');
  const items: FaqItem[] = [];
  let inFaq = false;
  let current: { question: string; answer: string[] } | null = null;
  const flush = () => {
    if (current) {
      const answer = plainText(current.answer.join('\n'));
      if (answer) items.push({ question: current.question, answer });
    }
    current = null;
  };
  for (const line of lines) {
    const h2 = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    const h3 = /^###\s+(.+?)\s*#*\s*$/.exec(line);
    if (h2) {
      flush();
      inFaq = FAQ_HEADING.test(plainText(h2[1] ?? ''));
    } else if (h3) {
      flush();
      const question = plainText(h3[1] ?? '');
      if (inFaq || question.endsWith('?')) current = { question, answer: [] };
    } else if (current) {
      current.answer.push(line);
    }
  }
  flush();
  return items;
}

/** schema.org FAQPage markup, or null when the page has no questions. */
export function faqJsonLd(items: readonly FaqItem[]): Record<string, unknown> | null {
  if (items.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Title and body → everything else a draft carries. */
export function finishDraft(input: { title: string; body: string }): WrittenDraft {
  const title = clip(plainText(input.title), DRAFT_LIMITS.titleMax);
  const body = input.body.trim();
  const lead = firstParagraph(body);
  return {
    title,
    slug: slugify(title) || 'draft',
    body,
    excerpt: clip(lead, 300),
    metaTitle: clip(title, DRAFT_LIMITS.metaTitleMax),
    metaDescription: clip(lead || title, DRAFT_LIMITS.metaDescriptionMax),
    jsonLd: faqJsonLd(faqItems(body)),
  };
}
