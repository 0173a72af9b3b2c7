import { hostOf } from '../analysis/hosts';
import { canonicalHost } from '../analysis/idn';
import type { Finding } from '../site-audit/findings';
import { countQuotations, countStatistics } from '../site-audit/geo-signals';
import { faqItems, finishDraft, type WrittenDraft } from './draft-meta';
import { placeholder } from './draft-placeholders';
import { slugify } from './slug';

// Improving a page that exists (docs/publishing.md, "Improving a page that exists"): the page's
// main text, as Lumen read it, becomes a draft that keeps every word the page has and adds what
// generative engines quote (the GEO study, Aggarwal et al., 2024: statistics, quotations, cited
// sources, a clear structure, an FAQ) and the site audit's fixes for that page. Without an LLM
// the composer below does it deterministically: it restructures what is there and, where the
// page lacks facts only its owner has (a figure, a quotation, sources, questions), it writes a
// placeholder that blocks approval until a person fills it. Nothing is invented.

/** The live page an improvement order starts from, as stored with the order. */
export type PageSource = {
  url: string;
  title: string;
  /** The page's main text as light markdown: what the editor's diff compares the draft with. */
  body: string;
  /** When it was read (ISO 8601). */
  fetchedAt: string;
  /** What the improvement changed or asks for, filled in when the draft is written. */
  changes: string[];
};

export type ImprovePageInput = {
  /** The live page's address. */
  url: string;
  /** The page as read: its title and its main text as light markdown. */
  live: { title: string; body: string };
  brand: { name: string; description: string | null };
  /** The latest site audit's findings for this page (any severity), if it was audited. */
  findings: readonly Finding[];
  /** What the audit counted on the page; counted from the text when it was not audited. */
  signals: { statistics: number; quotations: number; citedSources: number } | null;
  /** The moment of the improvement (dateModified in the JSON-LD). */
  now: Date;
};

export type PageImprovement = {
  draft: WrittenDraft;
  /** What the improvement changed or asks for, one sentence each, in the order applied. */
  changes: string[];
};

export type OwnPageCheck =
  | { ok: true; url: string }
  | { ok: false; reason: 'MALFORMED' | 'OFF_DOMAIN'; message: string };

/**
 * Whether `raw` is a page of the brand's own site: an http(s) address whose host is one of the
 * brand's domains or a subdomain of one (the port aside). The address comes back without its
 * fragment.
 */
export function checkOwnPageUrl(raw: string, domains: readonly string[]): OwnPageCheck {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      reason: 'MALFORMED',
      message: 'Enter the full address of the page, starting with https://.',
    };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return {
      ok: false,
      reason: 'MALFORMED',
      message: 'Only an http or https address of a page can be improved.',
    };
  }
  const host = canonicalHost(hostOf(url.href));
  const own = domains.map((d) => canonicalHost(hostOf(d))).filter((d) => d !== '');
  if (!host || !own.some((d) => host === d || host.endsWith(`.${d}`))) {
    const names = own.length > 0 ? own.join(', ') : 'none yet';
    return {
      ok: false,
      reason: 'OFF_DOMAIN',
      message: `Only a page on the brand's own site can be improved (its domains: ${names}).`,
    };
  }
  url.hash = '';
  return { ok: true, url: url.toString() };
}

/** Why an improvement cannot be published to a site: the page lives elsewhere. */
export function pageNotOnSite(pageUrl: string, siteUrl: string): string {
  return `${pageUrl} is not on the WordPress site ${siteUrl}: an improvement updates the page's own post. Choose the site the page belongs to, then publish again.`;
}

/** The findings of one page among an audit's, matched by address (trailing slash aside). */
export function findingsOfPage(findings: readonly Finding[], url: string): Finding[] {
  const same = (a: string) => a.replace(/\/+$/, '') === url.replace(/\/+$/, '');
  return findings.filter((f) => f.url !== null && same(f.url));
}

const FAQ_HEADING =
  /^#{2,3}\s+(faq|faqs|frequently asked questions|questions( and answers)?)\s*$/im;
const SOURCES_HEADING = /^#{2,3}\s+(sources|references|further reading)\s*$/im;
const LINK = /\[[^\]\n]+\]\((https?:\/\/[^)\s]+)\)/g;

/** The headings of a page body fixed: no H1 inside (the title is it), no skipped level. */
function fixOutline(body: string, title: string): { body: string; h1s: number; skips: number } {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let previous = 1;
  let h1s = 0;
  let skips = 0;
  const out: string[] = [];
  for (const line of lines) {
    const m = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    let level = (m[1] ?? '#').length;
    const text = (m[2] ?? '').trim();
    if (level === 1) {
      h1s += 1;
      // The page's own H1 repeats its title: the post's title is the one H1.
      if (h1s === 1 && out.every((l) => l.trim() === '') && sameWords(text, title)) continue;
      level = 2;
    }
    if (level > previous + 1) {
      skips += 1;
      level = previous + 1;
    }
    previous = level;
    out.push(`${'#'.repeat(level)} ${text}`);
  }
  return {
    body: out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    h1s,
    skips,
  };
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const sameWords = (a: string, b: string) => words(a) === words(b) || words(b).startsWith(words(a));

/** Where the lead paragraph ends (after the first prose block), as a line index into blocks. */
function splitLead(body: string): { lead: string; rest: string } {
  const blocks = body.split(/\n\s*\n/);
  const first = blocks[0]?.trim() ?? '';
  if (first && !/^(#|[-*+] |\d+[.)] |\||>)/.test(first)) {
    return { lead: first, rest: blocks.slice(1).join('\n\n').trim() };
  }
  return { lead: '', rest: body.trim() };
}

/** The page's title without the site's name ("Pricing – Acme" → "Pricing"). */
function pageTitle(live: ImprovePageInput['live'], brand: string, url: string): string {
  const parts = live.title
    .split(/\s+[|–—-]\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const named = parts.filter((p) => words(p) !== words(brand));
  const title = (named[0] ?? parts[0] ?? '').trim();
  if (title && title !== 'Untitled') return title;
  const h1 = /^#\s+(.+)$/m.exec(live.body)?.[1]?.trim();
  if (h1) return h1;
  const path = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return path ? path.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) : brand;
}

function findingOf(findings: readonly Finding[], id: string): Finding | undefined {
  return findings.find((f) => f.key.endsWith(`:${id}`));
}

/**
 * schema.org markup for the improved page: an Article (headline, description, dateModified,
 * publisher) and, when the body answers questions, its FAQPage, as one @graph.
 */
export function improvedJsonLd(input: {
  url: string;
  title: string;
  description: string;
  brand: string;
  body: string;
  now: Date;
}): Record<string, unknown> {
  const origin = new URL(input.url).origin;
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'Article',
      headline: input.title,
      description: input.description,
      url: input.url,
      dateModified: input.now.toISOString(),
      publisher: { '@type': 'Organization', name: input.brand, url: origin },
    },
  ];
  const faq = faqItems(input.body).filter(
    (q) => !q.question.includes('[[') && !q.answer.includes('[['),
  );
  if (faq.length > 0) {
    graph.push({
      '@type': 'FAQPage',
      mainEntity: faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** What the improvement applies on top of any writer's body: title, meta, slug and JSON-LD. */
export function finishImprovement(
  input: ImprovePageInput,
  written: { title: string; body: string },
): WrittenDraft {
  const finished = finishDraft(written);
  const path = new URL(input.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return {
    ...finished,
    // The post keeps its address: the slug is the page's own (it is not sent on an update).
    slug: slugify(path) || finished.slug,
    jsonLd: improvedJsonLd({
      url: input.url,
      title: finished.title,
      description: finished.metaDescription,
      brand: input.brand.name,
      body: finished.body,
      now: input.now,
    }),
  };
}

/**
 * The deterministic improvement: the page's text kept, restructured, with what it lacks asked
 * for in placeholders and the audit's fixes for the page applied. The same input gives the same
 * draft.
 */
export function composeImprovement(input: ImprovePageInput): PageImprovement {
  const changes: string[] = [];
  const title = pageTitle(input.live, input.brand.name, input.url);
  const findings = input.findings;
  const outline = fixOutline(input.live.body, title);
  if (outline.h1s > 1 || (outline.h1s === 1 && findingOf(findings, 'h1'))) {
    changes.push('One H1: the title; other H1 headings became sections (H2).');
  }
  if (outline.skips > 0) changes.push('Headings nested in order, without skipped levels.');
  if (findingOf(findings, 'title')) changes.push(`The page gets the title “${title}”.`);

  const text = outline.body;
  const signals = input.signals ?? {
    statistics: countStatistics(text),
    quotations: countQuotations(text, (text.match(/^>/gm) ?? []).length),
    // Other sites the page links to; its own pages are not sources.
    citedSources: new Set(
      [...text.matchAll(LINK)]
        .map((m) => hostOf(m[1] ?? ''))
        .filter((h) => h !== '' && h !== hostOf(input.url)),
    ).size,
  };

  let { lead, rest } = splitLead(text);
  if (!lead) {
    lead = placeholder(`two sentences that answer what “${title}” is about, first`);
    changes.push('Opens with a direct answer (engines quote the first sentences).');
  }
  const parts = [lead];
  if (signals.statistics === 0) {
    parts.push(
      placeholder(
        'a figure that backs the page’s main claim (a percentage, a count, a price) and who measured it',
      ),
    );
    changes.push('Asks for a statistic with its source: the page states no figure.');
  }
  if (signals.quotations === 0) {
    parts.push(
      `> ${placeholder('a quotation from a customer or an expert, with their name and role')}`,
    );
    changes.push('Asks for a quotation with who said it: the page quotes no one.');
  }
  if (rest) parts.push(rest);

  if (!FAQ_HEADING.test(text) && faqItems(text).length === 0) {
    parts.push(
      '## Frequently asked questions',
      placeholder(
        `three questions people ask about ${title}, each as a "### " heading ending in "?" with a direct answer`,
      ),
    );
    changes.push(
      'Adds a “Frequently asked questions” section (and its FAQPage markup once filled).',
    );
  }
  if (signals.citedSources === 0 && !SOURCES_HEADING.test(text)) {
    parts.push(
      '## Sources',
      placeholder(
        'two or three independent sources for the page’s claims, each as a Markdown link',
      ),
    );
    changes.push('Adds a “Sources” section: the page cites no other site.');
  }

  const draft = finishImprovement(input, { title, body: parts.join('\n\n') });

  if (findingOf(findings, 'description')) {
    changes.push('Meta description written from the opening paragraph.');
  }
  if (findings.some((f) => /:(json-ld|schema-[a-z-]+)$/.test(f.key))) {
    changes.push('schema.org markup: Article (and FAQPage when the page answers questions).');
  }
  if (findingOf(findings, 'date-modified')) changes.push('States dateModified in the markup.');
  const stale = findingOf(findings, 'freshness');
  if (stale) changes.push(`${stale.title}: review its figures and examples before approving.`);
  if (findingOf(findings, 'javascript')) {
    changes.push('The text is published as HTML, readable without JavaScript.');
  }
  return { draft, changes };
}

/**
 * The LLM writer's brief for an improvement: the page as it is, what to keep, the GEO tactics
 * and the audit's fixes. Only the page and the brand's own words are evidence.
 */
export function improvePagePrompt(input: ImprovePageInput): string {
  const fixes = input.findings.map((f) => `- ${f.title}: ${f.fix}`).join('\n');
  const page =
    input.live.body.length > 30_000 ? `${input.live.body.slice(0, 30_000)}\n…` : input.live.body;
  return [
    `Improve an existing page of ${input.brand.name}'s website so that AI assistants quote it: ${input.url}`,
    input.brand.description ? `The brand describes itself as: ${input.brand.description}` : '',
    `The page's title: ${input.live.title}`,
    'The page as it reads today (Markdown):',
    '"""',
    page,
    '"""',
    'What a site audit found on this page, and the fix:',
    fixes || '- (nothing)',
    '',
    'Rewrite it in Markdown:',
    '- Start with a single "# " line holding the title, then answer what the page is about in the first two sentences.',
    '- Keep every fact, figure, name, price and claim the page states; do not drop sections.',
    '- One "## " heading per section, nested in order (no skipped levels).',
    '- Where a statistic, quotation or source would help but the page has none, write [[Fill in: what is needed]] instead of inventing one.',
    '- End with a "## Frequently asked questions" section of "### " questions with direct answers taken from the page, and a "## Sources" list of the links the page cites.',
    '- Fluent and authoritative; no keyword stuffing, no filler.',
    '- Do not invent facts, prices, customers, quotations or figures.',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The model's Markdown as the improved draft (its first "# " line is the title). */
export function improvementFromMarkdown(markdown: string, input: ImprovePageInput): WrittenDraft {
  let text = markdown.trim();
  const fenced = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/.exec(text);
  if (fenced) text = (fenced[1] ?? '').trim();
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(text);
  const before = heading ? text.slice(0, heading.index).trim() : '';
  const useHeading = heading !== null && before === '';
  const title = useHeading
    ? (heading[1] ?? '')
    : pageTitle(input.live, input.brand.name, input.url);
  const body = useHeading ? text.slice(heading.index + heading[0].length) : text;
  return finishImprovement(input, { title, body: fixOutline(body, title).body });
}
