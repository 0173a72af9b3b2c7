import type { DiscoveredEntity, Span } from '../entities/types';
import { type Coverage, coverage } from './span-coverage';
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

const UNDERSCORE_BOLD = /__([^_\n]{2,80}?)__/g;

/** First non-blank character is a list marker, a digit or "#". */
function mayBeListLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    return c === 45 || c === 42 || c === 43 || c === 0x2022 || c === 35 || (c >= 48 && c <= 57);
  }
  return false;
}

/** i past spaces and tabs. */
function skipBlanks(text: string, i: number, end: number): number {
  let k = i;
  while (k < end && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
  return k;
}

/** i past "12." or "3)" (one to three digits), or -1. */
function skipNumberMarker(text: string, i: number, end: number): number {
  let k = i;
  while (k < end && k - i < 4 && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57) k++;
  const marker = text.charCodeAt(k);
  if (k === i || k - i > 3 || (marker !== 46 && marker !== 41)) return -1;
  return k + 1;
}

/**
 * Where the body of a list item ("- x", "1. x", "## 2. x") starts on the line [start, end), or -1.
 * A hand-written parse: the regular expression it replaces backtracked quadratically on long
 * runs of blanks before a line separator.
 */
function listItemBody(text: string, start: number, end: number): number {
  let i = skipBlanks(text, start, end);
  const c = text.charCodeAt(i);
  if (c === 35 && i === start) {
    let hashes = i;
    while (hashes < end && hashes - i < 7 && text.charCodeAt(hashes) === 35) hashes++;
    if (hashes - i > 6) return -1;
    const afterHashes = skipBlanks(text, hashes, end);
    if (afterHashes === hashes) return -1;
    i = skipNumberMarker(text, afterHashes, end);
  } else if (c === 45 || c === 42 || c === 43 || c === 0x2022) i++;
  else i = skipNumberMarker(text, i, end);
  if (i === -1) return -1;
  const body = skipBlanks(text, i, end);
  if (body === i || body === end) return -1;
  // The body runs to the end of the line and holds no other line separator.
  for (let k = body; k < end; k++) {
    const d = text.charCodeAt(k);
    if (d === 13 || d === 0x2028 || d === 0x2029) return -1;
  }
  return body;
}

/**
 * A list item whose body opens with bold ("1. **Acme** – …"), the usual shape: its head is the
 * bold run, which the bold scan considers, so LIST_ITEM need not run (headOf would return null).
 */
function boldListItem(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  const c = text.charCodeAt(i);
  if (c === 45 || c === 42 || c === 43 || c === 0x2022) i++;
  else {
    const digits = i;
    while (i < end && i - digits < 4 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    const marker = text.charCodeAt(i);
    if (i === digits || i - digits > 3 || (marker !== 46 && marker !== 41)) return false;
    i++;
  }
  const spaces = i;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (i === spaces || i + 1 >= end) return false;
  const a = text.charCodeAt(i);
  return (a === 42 || a === 95) && text.charCodeAt(i + 1) === a;
}
const LINK = /^\[([^\]]{1,80})\]\([^)]*\)/;
const HEAD_END = /\s[-–—]\s|[:(|]|[.!?](?:\s|$)|,/;

/** Brand-like names in list-item heads and bold text that no tracked entity covers. */
export function discoverEntities(
  text: string,
  trackedSpans: readonly Span[],
  trackedNames: ReadonlySet<string>,
): DiscoveredEntity[] {
  const found = new Map<string, DiscoveredEntity>();
  const tracked = coverage(trackedSpans);
  const ctx: Found = { found, tracked, trackedNames };

  // Line by line: only lines that open with a list marker or "#" can hold a list head.
  for (let lineStart = 0; lineStart < text.length; ) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (mayBeListLine(text, lineStart, lineEnd) && !boldListItem(text, lineStart, lineEnd)) {
      const end = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
      const bodyStart = listItemBody(text, lineStart, end);
      if (bodyStart !== -1) {
        const head = headOf(text.slice(bodyStart, end));
        if (head) consider(ctx, head.text, bodyStart + head.offset);
      }
    }
    lineStart = lineEnd + 1;
  }
  for (let open = text.indexOf('**'); open !== -1; ) {
    const close = text.indexOf('**', open + 2);
    if (close === -1) break;
    const inner = text.slice(open + 2, close);
    if (inner.length >= 2 && inner.length <= 80 && !inner.includes('\n')) {
      consider(ctx, inner, open + 2);
      open = text.indexOf('**', close + 2);
    } else {
      // Not a bold run on one line: the closing marker may open the next one.
      open = close;
    }
  }
  if (text.includes('__')) {
    UNDERSCORE_BOLD.lastIndex = 0;
    for (let m = UNDERSCORE_BOLD.exec(text); m !== null; m = UNDERSCORE_BOLD.exec(text)) {
      consider(ctx, m[1] ?? '', m.index + 2);
    }
  }
  return [...found.values()].sort((a, b) => a.firstOffset - b.firstOffset);
}

// Module functions over a per-answer context, not closures made per answer (docs/analysis.md,
// "Speed").
type Found = {
  found: Map<string, DiscoveredEntity>;
  tracked: Coverage;
  trackedNames: ReadonlySet<string>;
};

function considerName(ctx: Found, raw: string, offset: number): void {
  // Heads that name a tracked entity are the common case: skip them before any cleaning.
  if (ctx.tracked.overlaps(offset, offset + raw.length)) return;
  const simple = isSimpleHead(raw);
  const candidate = simple ? cleanSimpleCandidate(raw) : cleanCandidate(raw);
  const at = candidate ? (simple ? 0 : raw.indexOf(candidate)) : -1;
  if (!candidate || at === -1) return;
  const start = offset + at;
  // A simple head is ASCII words and single spaces: folding it is lower-casing it.
  const key = simple ? candidate.toLowerCase() : normalizeName(candidate);
  if (ctx.trackedNames.has(key) || ctx.found.has(key)) return;
  ctx.found.set(key, { name: candidate, firstOffset: start });
}

// "Plainplan or Gridwork", "Attio vs Folk": coordinated names are two entities, never one.
function consider(ctx: Found, raw: string, offset: number): void {
  if (raw.length > MAX_HEAD || !COORDINATED.test(raw)) {
    considerName(ctx, raw, offset);
    return;
  }
  for (const part of splitCoordinated(raw)) considerName(ctx, part.text, offset + part.offset);
}

// " or ", " and ", " vs ", " vs. ", " versus " between words. A brand whose name holds one
// ("Marks and Spencer") is found in halves when untracked; tracked, its span is skipped whole.
// A coordinator needs a word after it: "Attio Or " (bold with a trailing space) is one head,
// as "Attio Or" is.
const COORDINATED = /\s(?:or|and|vs\.?|versus)\s+[^\s*_`]/i;
const COORDINATOR = /\s+(?:or|and|vs\.?|versus)\s+/gi;

/** The parts of a head between coordinators, each with its offset in the head. */
function splitCoordinated(raw: string): { text: string; offset: number }[] {
  const parts: { text: string; offset: number }[] = [];
  let from = 0;
  COORDINATOR.lastIndex = 0;
  for (let m = COORDINATOR.exec(raw); m !== null; m = COORDINATOR.exec(raw)) {
    parts.push({ text: raw.slice(from, m.index), offset: from });
    from = m.index + m[0].length;
  }
  parts.push({ text: raw.slice(from), offset: from });
  return parts.filter((p) => p.text.length > 0);
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

// A candidate name is at most 40 characters; a head far longer is prose, and the cap keeps the
// trimming below linear.
const MAX_HEAD = 200;

function cleanCandidate(raw: string): string | null {
  if (raw.length > MAX_HEAD) return null;
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

/** ASCII letters and digits in words separated by single spaces: no cleaning to do. */
function isSimpleHead(raw: string): boolean {
  if (raw.length < 2 || raw.length > 40) return false;
  let prevSpace = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 32) {
      if (prevSpace) return false;
      prevSpace = true;
    } else if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) {
      prevSpace = false;
    } else {
      return false;
    }
  }
  return !prevSpace;
}

/** cleanCandidate for a head that `isSimpleHead` accepted, without regular expressions. */
function cleanSimpleCandidate(s: string): string | null {
  // Every check below only rejects, so the cheap ones go first; words are found with indexOf
  // instead of split (heads are short, but there are many).
  let words = 1;
  let hasLetter = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) words++;
    else if (c >= 65) hasLetter = true;
  }
  if (words > 4 || !hasLetter) return null;
  const firstEnd = words === 1 ? s.length : s.indexOf(' ');
  const c0 = s.charCodeAt(0);
  let name = (c0 >= 65 && c0 <= 90) || (c0 >= 48 && c0 <= 57);
  for (let i = 1; i < firstEnd && !name; i++) {
    const c = s.charCodeAt(i);
    name = c >= 65 && c <= 90;
  }
  if (!name) return null;
  for (let from = firstEnd + 1; from < s.length; ) {
    let to = s.indexOf(' ', from);
    if (to === -1) to = s.length;
    if (isLowerWord(s, from, to)) return null;
    from = to + 1;
  }
  const lower = s.toLowerCase();
  if (DESCRIPTIVE_START.has(words === 1 ? lower : lower.slice(0, firstEnd))) return null;
  if (words === 1) return GENERIC.has(lower) ? null : s;
  for (let from = 0; from < lower.length; ) {
    let to = lower.indexOf(' ', from);
    if (to === -1) to = lower.length;
    if (!GENERIC.has(lower.slice(from, to))) return s;
    from = to + 1;
  }
  return null;
}

/** /^\p{Ll}{4,}$/ for the ASCII word s[from, to). */
function isLowerWord(s: string, from: number, to: number): boolean {
  if (to - from < 4) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}
