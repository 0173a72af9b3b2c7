import type { DiscoveredEntity, Span } from '../entities/types';
import { normalizeName } from './text-normalize';

// Words that head list items and bold runs in answers without naming a brand.
const GENERIC = new Set(
  (
    'a an the and or of for to in on at by with vs versus best top pricing price prices cost costs ' +
    'pros cons pro con features feature key summary conclusion overview verdict bottom line note ' +
    'notes why what how who when which where tip tips recommendation recommendations recommended ' +
    'option options alternative alternatives rating ratings score highlights limitations ' +
    'drawbacks downsides strengths weaknesses considerations consider example examples step steps ' +
    'final thoughts quick comparison table use case cases ideal good great small large team teams ' +
    'business businesses startup startups enterprise enterprises budget value performance ' +
    'security reporting automation mobile app apps api setup onboarding scalability learning ' +
    'curve free plan plans paid trial tier tiers support customer service integrations ' +
    'integration ease easy yes no important warning faq question questions answer sources source ' +
    'references other more also overall runner up winner choice pick picks our my your why ' +
    'honorable mention mentions tl dr notable popular leading solution solutions tool tools ' +
    'software platform platforms service services product products feature-rich users user ' +
    'review reviews rated month year per seat seats starts starting from unlimited basic standard ' +
    'premium professional business-grade getting started next steps takeaway takeaways ' +
    'ecosystem workflow workflows collaboration customization customisation flexibility usability ' +
    'analytics data privacy compliance speed quality reliability size growth simplicity scale'
  ).split(' '),
);

// First words that make a head descriptive rather than a name ("Best for startups").
const DESCRIPTIVE_START = new Set(
  'best top why how what when which who pros cons key ideal great good note if for use'.split(' '),
);

const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/gm;
const NUMBERED_HEADING = /^#{1,6}[ \t]+\d{1,3}[.)][ \t]+(.+)$/gm;
const BOLD = /\*\*([^*\n]{2,80}?)\*\*|__([^_\n]{2,80}?)__/g;
const LINK = /^\[([^\]]{1,80})\]\([^)]*\)/;
const HEAD_END = /\s[-–—]\s|[:(|]|[.!?](?:\s|$)|,/;

/** Brand-like names in list-item heads and bold text that no tracked entity covers. */
export function discoverEntities(
  text: string,
  trackedSpans: readonly Span[],
  trackedNames: ReadonlySet<string>,
): DiscoveredEntity[] {
  const found = new Map<string, DiscoveredEntity>();
  const consider = (raw: string, offset: number) => {
    // Heads that name a tracked entity are the common case: skip them before any cleaning.
    const rawEnd = offset + raw.length;
    if (trackedSpans.some(([s, e]) => s < rawEnd && e > offset)) return;
    const candidate = cleanCandidate(raw);
    const at = candidate ? raw.indexOf(candidate) : -1;
    if (!candidate || at === -1) return;
    const start = offset + at;
    const key = normalizeName(candidate);
    if (trackedNames.has(key) || found.has(key)) return;
    found.set(key, { name: candidate, firstOffset: start });
  };

  for (const re of [LIST_ITEM, NUMBERED_HEADING]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const body = m[1] ?? '';
      const bodyOffset = m.index + m[0].length - body.length;
      const head = headOf(body);
      if (head) consider(head.text, bodyOffset + head.offset);
    }
  }
  BOLD.lastIndex = 0;
  for (let m = BOLD.exec(text); m !== null; m = BOLD.exec(text)) {
    const inner = m[1] ?? m[2] ?? '';
    consider(inner, m.index + 2);
  }
  return [...found.values()].sort((a, b) => a.firstOffset - b.firstOffset);
}

/** The name at the head of a list item: bold text, link text, or the words before ":" / " – ". */
function headOf(body: string): { text: string; offset: number } | null {
  if (body.startsWith('**') || body.startsWith('__')) return null; // bold is handled separately
  const link = LINK.exec(body);
  if (link) return { text: link[1] ?? '', offset: 1 };
  const end = body.search(HEAD_END);
  const head = end === -1 ? body : body.slice(0, end);
  // Without a delimiter the item is prose ("Check each vendor's site"), unless it is very short.
  if (end === -1 && head.trim().split(/\s+/).length > 3) return null;
  return { text: head, offset: 0 };
}

function cleanCandidate(raw: string): string | null {
  // The name must stay a verbatim slice of the text (the UI highlights it): trim, never rewrite.
  let s = raw.replace(/^[\s`*_]+|[\s`*_]+$/g, '');
  if (/[`*_]/.test(s)) return null;
  const cut = s.search(HEAD_END);
  if (cut > 0) s = s.slice(0, cut);
  s = s
    .replace(/^\d{1,3}[.)]\s+/, '')
    .replace(/[\s.,;:!?'"-]+$/, '')
    .trim();
  if (s.length < 2 || s.length > 40) return null;
  const words = s.split(/\s+/);
  if (words.length > 4) return null;
  if (!/\p{L}/u.test(s) || /^[$€£\d.,%/ -]+$/u.test(s)) return null;
  if (!looksLikeName(words)) return null;
  // "Sales process", "Ease of use": a later lower-case word makes it a phrase, not a name.
  if (words.slice(1).some((w) => /^\p{Ll}{4,}$/u.test(w))) return null;
  const lower = words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}-]/gu, ''));
  if (DESCRIPTIVE_START.has(lower[0] ?? '')) return null;
  if (lower.every((w) => w === '' || GENERIC.has(w))) return null;
  return s;
}

/** Names start with a capital or digit ("Acme", "1Password"), or carry one inside ("iPhone"). */
function looksLikeName(words: string[]): boolean {
  const first = words[0] ?? '';
  if (/^[\p{Lu}\p{N}]/u.test(first)) return true;
  return /\p{Lu}/u.test(first.slice(1)) || /^[\p{Ll}\p{N}-]+\.[a-z]{2,}$/u.test(first);
}
