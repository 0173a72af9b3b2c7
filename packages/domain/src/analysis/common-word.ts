import { CONNECTORS, DETERMINERS, IDIOMS, PRODUCT_NOUNS, PRODUCT_VERBS } from './common-word-lists';
import { AMBIGUOUS_REASONS } from './judge';
import type { Language } from './language';
import type { RawMatch } from './merge-spans';
import { type TextScan, tokenIs } from './scan-text';
import { type FoldedText, originalOffset } from './text-normalize';
import { WordTable } from './word-table';

/**
 * Brands that are everyday words ("Harvest", "Loom", "Pitch", "Ramp"): an entity marked
 * `commonWord` counts only where the text uses its word as a brand (docs/analysis.md, "Brands
 * that are everyday words"). The decision is made on the single-word alias matches before spans
 * are merged, so counts, ranks and offsets all follow it.
 */
export type CommonWordReason =
  // Counted:
  | 'capitalised'
  | 'emphasis'
  | 'standalone'
  | 'domain'
  | 'product-noun'
  | 'possessive'
  | 'product-verb'
  | 'tracked-neighbour'
  | 'established'
  // Not counted:
  | 'idiom'
  | 'lowercase'
  | 'sentence-start'
  | 'title-case'
  | 'capitalised-noun';

/** Why one occurrence of a common-word brand did or did not count (for the alias tester). */
export type CommonWordDecision = {
  entityIndex: number;
  start: number;
  end: number;
  counted: boolean;
  reason: CommonWordReason;
};

/** RawMatch.token for a URL or a domain written in the text. */
export const URL_MATCH = -2;
/** RawMatch.token for an alias match that is never in doubt. */
export const PLAIN_MATCH = -1;

type Phrase = { words: string[]; at: number };

/** Idiom phrases by each of their words: the word's position in the phrase, for a lookup. */
const IDIOM_TABLE = (() => {
  const byWord = new Map<string, Phrase[]>();
  for (const list of Object.values(IDIOMS)) {
    for (const idiom of list) {
      const words = idiom.split(' ');
      words.forEach((w, at) => {
        const entry = byWord.get(w);
        if (entry) entry.push({ words, at });
        else byWord.set(w, [{ words, at }]);
      });
    }
  }
  return new WordTable(byWord);
})();
const set = (words: string[]) => new WordTable(words.map((w) => [w, true] as const));
const NOUNS = set(PRODUCT_NOUNS);
const VERBS = set(PRODUCT_VERBS);
const ARTICLES = set(DETERMINERS);

const UPPER = /^\p{Lu}$/u;
// Markup that may stand before a name at the start of a line or cell: "1. **", "- ", "## ", "| ".
const LEADING_MARKUP = new Set([...' \t#*_>+-`[|•'].map((c) => c.charCodeAt(0)));
const OPENERS = new Set([...' \t*_>`"\'([“„«‹-+•#'].map((c) => c.charCodeAt(0)));

export type CommonWordContext = {
  text: string;
  folded: FoldedText;
  scan: TextScan;
  language: Language;
  /** Entities with an owned citation listed with the answer: their brand is established. */
  cited: ReadonlySet<number>;
  /**
   * The optional judge's verdict on an occurrence (entity index, start offset), applied only to
   * the ambiguous remainder once every rule has run (docs/analysis.md, "The optional judge").
   */
  verdict?: (entityIndex: number, start: number) => boolean | undefined;
};

type State = { counted: boolean; reason: CommonWordReason };

/**
 * Keeps the matches that count. `matches` are sorted by start; ambiguous ones have a token
 * index ≥ 0. With `decisions`, every ambiguous occurrence is reported with its reason.
 */
export function filterCommonWords(
  ctx: CommonWordContext,
  matches: RawMatch[],
  decisions?: CommonWordDecision[],
): RawMatch[] {
  let any = false;
  for (const m of matches) if (m.token >= 0) any = true;
  if (!any) return matches;
  const states: (State | null)[] = matches.map((m) =>
    m.token >= 0 ? firstLook(ctx, matches, m) : null,
  );
  const counts = (i: number) => states[i] === null || states[i]!.counted;
  // Names of a list or a comparison: a chain of them may start at any counted name.
  for (let round = 0; round < 3; round++) {
    let changed = false;
    states.forEach((st, i) => {
      if (!st || st.counted || st.reason === 'idiom') return;
      for (const dir of [-1, 1] as const) {
        const k = neighbour(matches, i, dir);
        if (k !== -1 && counts(k) && onlyConnectors(ctx.text, matches, i, k)) {
          states[i] = { counted: true, reason: 'tracked-neighbour' };
          changed = true;
          return;
        }
      }
    });
    if (!changed) break;
  }
  // A capital that the sentence or the language explains counts once the answer shows the word
  // is the brand elsewhere (a counted occurrence, its domain, or an owned citation).
  const established = new Set<number>(ctx.cited);
  matches.forEach((m, i) => {
    if (counts(i)) established.add(m.entityIndex);
  });
  matches.forEach((m, i) => {
    const st = states[i];
    if (!st || st.counted || !established.has(m.entityIndex)) return;
    if (st.reason === 'sentence-start' || st.reason === 'title-case') {
      states[i] = { counted: true, reason: 'established' };
    } else if (st.reason === 'capitalised-noun') {
      states[i] = { counted: true, reason: 'established' };
    }
  });
  // The judge decides only what no rule did; a judged occurrence keeps its reason and is not a
  // signal for any other (each ambiguous occurrence gets its own verdict).
  const verdict = ctx.verdict;
  if (verdict) {
    matches.forEach((m, i) => {
      const st = states[i];
      if (!st || st.counted || !AMBIGUOUS_REASONS.has(st.reason)) return;
      const brand = verdict(m.entityIndex, m.start);
      if (brand !== undefined) states[i] = { counted: brand, reason: st.reason };
    });
  }
  const kept: RawMatch[] = [];
  matches.forEach((m, i) => {
    const st = states[i];
    if (st && decisions) {
      decisions.push({ entityIndex: m.entityIndex, start: m.start, end: m.end, ...st });
    }
    if (counts(i)) kept.push(m);
  });
  return kept;
}

/** The signals that need no other occurrence: idioms, markup, nouns, verbs, capitals. */
function firstLook(ctx: CommonWordContext, matches: RawMatch[], m: RawMatch): State {
  const { scan, text } = ctx;
  const j = m.token;
  const [from, to] = sentenceTokens(scan, j);
  if (inIdiom(scan, j, from, to)) return { counted: false, reason: 'idiom' };
  if (emphasised(text, m.start, m.end)) return { counted: true, reason: 'emphasis' };
  if (standalone(text, m.start, m.end)) return { counted: true, reason: 'standalone' };
  const sStart = originalOffset(ctx.folded, scan.starts[from] ?? scan.text.length, text.length);
  const sEnd =
    to < scan.count ? originalOffset(ctx.folded, scan.starts[to]!, text.length) : text.length;
  for (const o of matches) {
    if (
      o.entityIndex === m.entityIndex &&
      o.token === URL_MATCH &&
      o.start >= sStart &&
      o.start < sEnd
    )
      return { counted: true, reason: 'domain' };
  }
  for (let k = Math.max(from, j - 2); k < Math.min(to, j + 4); k++) {
    if (k !== j && NOUNS.at(scan, k)) return { counted: true, reason: 'product-noun' };
  }
  const bare = j === from || !ARTICLES.at(scan, j - 1);
  if (bare && j + 1 < to) {
    const gap = scan.text.slice(scan.ends[j]!, scan.starts[j + 1]!);
    if (gap === "'" && tokenIs(scan, j + 1, 's')) return { counted: true, reason: 'possessive' };
    if (gap === ' ' && VERBS.at(scan, j + 1)) return { counted: true, reason: 'product-verb' };
  }
  if (!isCapital(text, m.start)) return { counted: false, reason: 'lowercase' };
  // German capitalises every noun: a capital says nothing there.
  if (ctx.language === 'de') return { counted: false, reason: 'capitalised-noun' };
  if (startsSentence(text, m.start)) return { counted: false, reason: 'sentence-start' };
  if (inTitle(ctx, j, from, to)) return { counted: false, reason: 'title-case' };
  return { counted: true, reason: 'capitalised' };
}

/** Tokens [from, to) of the sentence holding token j. */
function sentenceTokens(scan: TextScan, j: number): [number, number] {
  const firsts = scan.sentenceFirstToken;
  let lo = 0;
  let hi = firsts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firsts[mid]! <= j) lo = mid;
    else hi = mid - 1;
  }
  let next = lo + 1;
  while (next < firsts.length && firsts[next]! <= j) next++;
  return [firsts[lo]!, next < firsts.length ? firsts[next]! : scan.count];
}

function inIdiom(scan: TextScan, j: number, from: number, to: number): boolean {
  const phrases = IDIOM_TABLE.at(scan, j);
  if (!phrases) return false;
  for (const { words, at } of phrases) {
    const first = j - at;
    if (first < from || first + words.length > to) continue;
    let ok = true;
    for (let q = 0; q < words.length && ok; q++) ok = tokenIs(scan, first + q, words[q]!);
    if (ok) return true;
  }
  return false;
}

function emphasised(text: string, s: number, e: number): boolean {
  const before = text.slice(Math.max(0, s - 2), s);
  return (before === '**' || before === '__') && text.startsWith(before, e);
}

/**
 * The name alone in a heading, list item head or table cell: only markup before it on its line
 * (or cell), and after it the end of the line or cell, or a colon or dash opening a description.
 */
function standalone(text: string, s: number, e: number): boolean {
  for (let k = s - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === 10 || c === 124) break;
    const listNumber = (c >= 48 && c <= 57) || c === 46 || c === 41;
    if (!LEADING_MARKUP.has(c) && !listNumber) return false;
  }
  let k = e;
  while (k < text.length && ' *_`]'.includes(text[k]!)) k++;
  if (k >= text.length) return true;
  const c = text[k]!;
  if (c === '\n' || c === '\r' || c === '|' || c === ':') return true;
  return (c === '-' || c === '–' || c === '—') && text.charCodeAt(k + 1) === 32;
}

function isCapital(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80) return c >= 65 && c <= 90;
  const cp = text.codePointAt(at);
  return cp !== undefined && UPPER.test(String.fromCodePoint(cp));
}

/** Only markup, a list number or nothing between the start of its sentence and the word. */
function startsSentence(text: string, s: number): boolean {
  let k = s - 1;
  while (k >= 0 && OPENERS.has(text.charCodeAt(k))) k--;
  if (k < 0) return true;
  const c = text[k]!;
  return '\n.!?:|)'.includes(c);
}

/** A run of capitalised words ("Why Teams Choose Harvest"): the capital is the title's. */
function inTitle(ctx: CommonWordContext, j: number, from: number, to: number): boolean {
  const { scan, text, folded } = ctx;
  const cap = (k: number) => isCapital(text, originalOffset(folded, scan.starts[k]!, text.length));
  const spaced = (a: number) => scan.text.slice(scan.ends[a]!, scan.starts[a + 1]!) === ' ';
  if (j > from && spaced(j - 1) && cap(j - 1)) {
    const o = originalOffset(folded, scan.starts[j - 1]!, text.length);
    if (!startsSentence(text, o) || (j - 1 > from && cap(j - 2))) return true;
  }
  return j + 1 < to && spaced(j) && cap(j + 1);
}

/** The nearest match of another entity before (dir -1) or after (dir 1) match i. */
function neighbour(matches: RawMatch[], i: number, dir: -1 | 1): number {
  const entity = matches[i]!.entityIndex;
  const k = i + dir;
  return k >= 0 && k < matches.length && matches[k]!.entityIndex !== entity ? k : -1;
}

/** Between two matches on one line: only punctuation of a list and at most three connectors. */
function onlyConnectors(text: string, matches: RawMatch[], i: number, k: number): boolean {
  const [a, b] = i < k ? [matches[i]!, matches[k]!] : [matches[k]!, matches[i]!];
  if (b.start - a.end > 60) return false;
  const gap = text.slice(a.end, b.start);
  let words = 0;
  for (const w of gap.split(/[\s,/&()*_|-]+/)) {
    if (w === '') continue;
    if (w === "'s" || w === '’s') continue;
    words++;
    if (words > 3 || !isConnector(w)) return false;
  }
  return !gap.includes('\n');
}

const CONNECTOR_SET: ReadonlySet<string> = new Set(CONNECTORS);
function isConnector(word: string): boolean {
  return CONNECTOR_SET.has(word.toLowerCase().replace(/\.$/, ''));
}
