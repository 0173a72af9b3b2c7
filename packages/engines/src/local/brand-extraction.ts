import { memoize } from './memo';

/**
 * Finds the brands a document names. Engines read structure: list-item heads, headings, bold
 * names, "X vs Y" titles. A candidate must look like a name (capitalised words, not a common
 * heading such as "Pricing" or "Verdict") and must appear capitalised in running text.
 */

const NOT_NAMES = new Set(
  [
    'a',
    'an',
    'the',
    'our',
    'we',
    'you',
    'your',
    'it',
    'this',
    'that',
    'why',
    'what',
    'who',
    'how',
    'which',
    'when',
    'where',
    'best',
    'top',
    'pros',
    'cons',
    'price',
    'pricing',
    'prices',
    'verdict',
    'summary',
    'conclusion',
    'overview',
    'introduction',
    'faq',
    'faqs',
    'features',
    'alternatives',
    'alternative',
    'replies',
    'reply',
    'rating',
    'ratings',
    'review',
    'reviews',
    'comparison',
    'note',
    'tip',
    'tips',
    'update',
    'updated',
    'sources',
    'source',
    'references',
    'contents',
    'table',
    'methodology',
    'bottom',
    'line',
    'final',
    'thoughts',
    'takeaway',
    'winner',
    'related',
    'more',
    'free',
    'plans',
    'plan',
    'support',
    'integrations',
    'security',
    'ease',
    'value',
    'yes',
    'no',
    'and',
    'or',
    'vs',
    'versus',
    'for',
    'with',
    'in',
    'on',
    'of',
    'to',
    'by',
    'at',
    'is',
    'are',
    'new',
    'where',
    'start',
    'starting',
    'choosing',
    'how',
    'compare',
    'compared',
    'also',
    'honest',
    'opinions',
    'edit',
    'posted',
    'asked',
    'answer',
    'answers',
    'points',
    'home',
    'blog',
    'about',
    'contact',
    'menu',
  ].map((w) => w.toLowerCase()),
);

const TRAILING_LABELS = new Set(['review', 'reviews', 'pricing', 'alternatives', 'alternative']);

const CATEGORY_WORDS = new Set([
  'software',
  'tools',
  'apps',
  'platforms',
  'managers',
  'shoes',
  'trainers',
  'options',
  'services',
  'solutions',
  'systems',
  'brands',
  'products',
  'picks',
]);

const NAME_WORD = /^(?:[A-Z][\p{L}\p{N}'&.+-]*|\d[\p{L}\p{N}]*[\p{L}][\p{L}\p{N}]*)$/u;

/** "Northwind CRM", "Keyvault", "Passbolt Cloud": 1 to 4 words, each capitalised. */
export function asBrandName(raw: string): string | undefined {
  const cleaned = raw
    .replace(/^\s*(?:#\d+|\d+)[.):-]?\s+/, '')
    .replace(/\s*(?:\s[-–—|(]|[:?!]|\sis\b|\sfor\b|\svs\.?\s).*$/u, '')
    .replace(/[*_`"“”]/g, '')
    .replace(/[.,;:!?]+$/, '')
    .trim();
  if (!cleaned || cleaned.length > 40) return undefined;
  const words = cleaned.split(/\s+/);
  while (words.length > 1 && TRAILING_LABELS.has((words[words.length - 1] ?? '').toLowerCase())) {
    words.pop();
  }
  if (words.length > 4) return undefined;
  if (!words.every((w) => NAME_WORD.test(w))) return undefined;
  if (words.every((w) => NOT_NAMES.has(w.toLowerCase()))) return undefined;
  if (NOT_NAMES.has((words[0] ?? '').toLowerCase())) return undefined;
  // A lone acronym ("CRM", "VPN") names a category far more often than a brand.
  const name = words.join(' ');
  if (words.length === 1 && /^[A-Z0-9]{2,5}s?$/.test(name)) return undefined;
  if (words.length > 1 && CATEGORY_WORDS.has((words[words.length - 1] ?? '').toLowerCase())) {
    return undefined;
  }
  return name;
}

function structuralCandidates(title: string, body: string): string[] {
  const raw: string[] = [];
  for (const match of body.matchAll(/^\s{0,3}#{1,6}\s+(.+)$/gm)) raw.push(match[1] ?? '');
  for (const match of body.matchAll(/^\s{0,3}(?:[-*+]|\d+[.)])\s+\*\*([^*\n]+)\*\*/gm)) {
    raw.push(match[1] ?? '');
  }
  for (const match of body.matchAll(/\*\*([^*\n]{2,60})\*\*/g)) {
    const inner = match[1] ?? '';
    // "**Our pick for startups: Relaymark.**" names the brand after the colon.
    raw.push(inner.includes(':') ? (inner.split(':').pop() ?? '') : inner);
  }
  for (const part of title.split(/\s+(?:vs\.?|versus|or)\s+/i)) raw.push(part);
  const alternative =
    /\b(?:switch(?:ing)? to|alternatives? to)\s+([A-Z][\w'&.+-]*(?:\s+[A-Z][\w'&.+-]*){0,3})/g;
  for (const match of `${title}\n${body}`.matchAll(alternative)) raw.push(match[1] ?? '');
  const reviewed = /^([A-Z][\w'&.+-]*(?:\s+[A-Z][\w'&.+-]*){0,3})\s+(?:Review|review)\b/.exec(
    title,
  );
  if (reviewed?.[1]) raw.push(reviewed[1]);
  const theAlternative = /^The\s+(.+?)\s+alternative\b/i.exec(title);
  if (theAlternative?.[1]) raw.push(theAlternative[1]);
  return raw.flatMap((r) => asBrandName(r) ?? []);
}

export interface BrandMention {
  name: string;
  /** Offset of the first mention in `title + "\n" + body`. */
  firstOffset: number;
  count: number;
  inTitle: boolean;
  /** 1-based position when the brand heads a numbered heading or list item ("## 2. Relaymark"). */
  listRank: number | undefined;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const globalPattern = memoize(
  (name) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'),
);
const stickyFreePattern = memoize(
  (name) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u'),
);

/** For matchAll (which copies the regex, so sharing it is safe). */
export function mentionPattern(name: string): RegExp {
  return globalPattern(name);
}

/** For test(): no `g` flag, so a shared instance carries no lastIndex between calls. */
export function mentionTester(name: string): RegExp {
  return stickyFreePattern(name);
}

const structuralNames = memoize((key: string) => {
  const split = key.indexOf('\n');
  const title = key.slice(0, split);
  const body = key.slice(split + 1);
  const prose = key
    .replace(/https?:\/\/[^\s)\]]+/g, ' ')
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/g, ' ');
  const names = new Set<string>();
  for (const candidate of structuralCandidates(title, body)) {
    // A word the document also writes in lower case ("Reporting" / "reporting") is not a name.
    if (!mentionTester(candidate.toLowerCase()).test(prose)) names.add(candidate);
  }
  return [...names];
}, 1000);

/** Brands named in one document, with where and how prominently. */
export function extractBrands(
  doc: { title: string; body: string },
  knownNames: Iterable<string> = [],
): BrandMention[] {
  const title = doc.title.replace(/\n/g, ' ');
  const text = `${title}\n${doc.body}`;
  const names = new Set<string>(structuralNames(text));
  for (const known of knownNames) names.add(known);
  // Keep the longest form: "Northwind CRM" rather than "Northwind" when both appear.
  const sorted = [...names].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const kept: string[] = [];
  for (const name of sorted) {
    if (kept.some((longer) => mentionTester(name).test(longer))) continue;
    kept.push(name);
  }
  const mentions: BrandMention[] = [];
  for (const name of kept) {
    if (!text.includes(name)) continue;
    const matches = [...text.matchAll(mentionPattern(name))];
    const first = matches[0];
    if (!first || first.index === undefined) continue;
    mentions.push({
      name,
      firstOffset: first.index,
      count: matches.length,
      inTitle: mentionTester(name).test(title),
      listRank: listRankOf(doc.body, name),
    });
  }
  return mentions.sort((a, b) => a.firstOffset - b.firstOffset);
}

function listRankOf(body: string, name: string): number | undefined {
  const pattern = new RegExp(
    `^\\s{0,3}(?:#{1,6}\\s+)?(?:[-*+]\\s+)?(?:\\*\\*)?#?(\\d{1,2})[.):]?\\s+(?:\\*\\*)?${escapeRegExp(name)}(?![\\p{L}\\p{N}])`,
    'mu',
  );
  const match = pattern.exec(body);
  return match?.[1] ? Number(match[1]) : undefined;
}
