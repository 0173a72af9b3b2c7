import type { Span, TrackedEntity } from '../entities/types';
import { findUrls, hasKnownTld } from './find-urls';
import { createDomainIndex, type DomainIndex, hostOf } from './hosts';
import { dropShadowed, type RawMatch, spansPerEntity } from './merge-spans';
import { type ScanBuffers, scanText, type TextScan, tokenIs, wordAt } from './scan-text';
import {
  type FoldedText,
  foldString,
  foldText,
  isWordCharAt,
  originalOffset,
  toOriginalRange,
} from './text-normalize';
import { WordTable } from './word-table';

/** Aliases made of words separated by spaces or hyphens: matched on the shared token scan. */
type TokenAlias = {
  entityIndex: number;
  words: string[];
  /** For aliases under 3 characters ("HP"): the exact letters to compare case-sensitively. */
  cased: string | null;
};

/** Aliases with other punctuation ("monday.com", "C++", "AT&T"): matched with a RegExp. */
type RegexAlias = {
  entityIndex: number;
  pattern: RegExp;
  /** Check word boundaries only on sides where the alias itself ends in a letter or digit. */
  checkStart: boolean;
  checkEnd: boolean;
  cased: boolean;
};

export type EntityMatcher = {
  entities: readonly TrackedEntity[];
  byFirstWord: WordTable<TokenAlias[]>;
  regexAliases: RegexAlias[];
  domains: DomainIndex;
  /** Aliases written like domains ("monday.com") also claim that host when it appears as a URL. */
  aliasHosts: Map<string, number>;
};

export type TextUrl = { start: number; end: number; host: string; hasScheme: boolean };

export type TextMatches = {
  /** Per entity (same order as the matcher's entities): merged spans in original offsets. */
  spans: Span[][];
  /** URLs and bare domains written in the text, in original offsets. */
  urls: TextUrl[];
  /** The lower-case folded text and its token scan, reused by sentiment. */
  folded: FoldedText;
  scan: TextScan;
};

const NON_WORD = /[^\p{L}\p{N}]/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;
const SIMPLE_ALIAS = /^[\p{L}\p{N}\s-]+$/u;
// Between the words of a multi-word alias, engines may put any spacing, hyphens or markdown.
const REGEX_SEPARATOR = String.raw`[\s*_~\x60\-]+`;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isShort(caseless: string): boolean {
  return caseless.replace(/\s/g, '').length < 3;
}

function compileRegexAlias(caseless: string, raw: string, entityIndex: number): RegexAlias {
  const cased = isShort(caseless);
  const folded = cased ? foldString(raw, false).replace(/\s+/g, ' ').trim() : caseless;
  const words = folded.split(/[\s-]+/).filter((w) => w.length > 0);
  return {
    entityIndex,
    pattern: new RegExp(words.map(escapeRegExp).join(REGEX_SEPARATOR), 'g'),
    checkStart: isWordCharAt(folded, 0),
    checkEnd: isWordCharAt(folded, folded.length - 1),
    cased,
  };
}

/** Compiles entity aliases once; reuse the matcher for every answer. */
export function createEntityMatcher(entities: readonly TrackedEntity[]): EntityMatcher {
  const firstWords = new Map<string, TokenAlias[]>();
  const regexAliases: RegexAlias[] = [];
  const aliasHosts = new Map<string, number>();
  entities.forEach((entity, entityIndex) => {
    const seen = new Set<string>();
    const raws = [entity.name, ...(entity.aliases ?? []), ...(entity.domains ?? [])];
    for (const raw of raws) {
      if (typeof raw !== 'string') continue;
      const caseless = foldString(raw).replace(/\s+/g, ' ').trim();
      if (!HAS_WORD.test(caseless) || seen.has(caseless)) continue;
      seen.add(caseless);
      const host = hostOf(caseless);
      if (host && !caseless.includes(' ') && !aliasHosts.has(host)) {
        aliasHosts.set(host, entityIndex);
      }
      if (!SIMPLE_ALIAS.test(caseless)) {
        // A domain the URL scanner recognises is found (and attributed) by host already.
        const scanned = host === caseless.replace(/^www\./, '') && hasKnownTld(host);
        if (!scanned) regexAliases.push(compileRegexAlias(caseless, raw, entityIndex));
        continue;
      }
      const aliasScan = scanText(caseless);
      const words = Array.from({ length: aliasScan.count }, (_, i) => wordAt(aliasScan, i));
      const first = words[0];
      if (first === undefined) continue;
      const cased = isShort(caseless) ? foldString(raw, false).replace(NON_WORD, '') : null;
      const list = firstWords.get(first);
      const alias = { entityIndex, words, cased };
      if (list) list.push(alias);
      else firstWords.set(first, [alias]);
    }
  });
  const byFirstWord = new WordTable(firstWords);
  return { entities, byFirstWord, regexAliases, domains: createDomainIndex(entities), aliasHosts };
}

/** Only spacing, hyphens and markdown emphasis between two words of an alias. */
function onlySeparators(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (
      !(
        c === 32 ||
        c === 9 ||
        c === 10 ||
        c === 13 ||
        c === 42 ||
        c === 95 ||
        c === 126 ||
        c === 96 ||
        c === 45 ||
        c === 0xa0
      )
    ) {
      return false;
    }
  }
  return true;
}

function collectTokenMatches(
  matcher: EntityMatcher,
  original: string,
  folded: FoldedText,
  scan: TextScan,
  out: RawMatch[],
): void {
  const { count, starts, ends } = scan;
  for (let j = 0; j < count; j++) {
    const candidates = matcher.byFirstWord.at(scan, j);
    if (!candidates) continue;
    for (const alias of candidates) {
      const k = alias.words.length;
      if (j + k > count) continue;
      let ok = true;
      for (let q = 1; q < k && ok; q++) {
        ok =
          tokenIs(scan, j + q, alias.words[q]!) &&
          onlySeparators(folded.text, ends[j + q - 1]!, starts[j + q]!);
      }
      if (!ok) continue;
      const [s, e] = toOriginalRange(original, folded, starts[j]!, ends[j + k - 1]!);
      if (
        alias.cased !== null &&
        foldString(original.slice(s, e), false).replace(NON_WORD, '') !== alias.cased
      ) {
        continue;
      }
      out.push({ entityIndex: alias.entityIndex, start: s, end: e, linkTextStart: -1 });
    }
  }
}

function collectRegexMatches(
  aliases: readonly RegexAlias[],
  original: string,
  folded: FoldedText,
  out: RawMatch[],
): void {
  const text = folded.text;
  for (const alias of aliases) {
    const re = alias.pattern;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      // A failed boundary may hide a later valid match that overlaps this one: retry one further.
      re.lastIndex = start + 1;
      if (alias.checkStart && isWordCharAt(text, start - 1)) continue;
      if (alias.checkEnd && isWordCharAt(text, end)) continue;
      const [s, e] = toOriginalRange(original, folded, start, end);
      out.push({ entityIndex: alias.entityIndex, start: s, end: e, linkTextStart: -1 });
    }
  }
}

/** Finds every mention of every tracked entity: aliases as whole words, and URLs by host. */
export function matchEntities(
  matcher: EntityMatcher,
  original: string,
  buffers?: ScanBuffers,
): TextMatches {
  const folded = foldText(original, true);
  const scan = scanText(folded.text, buffers);
  const raw: RawMatch[] = [];
  const urlRanges: Span[] = [];
  const urls: TextUrl[] = [];

  for (const token of findUrls(folded.text)) {
    const range = toOriginalRange(original, folded, token.start, token.end);
    urlRanges.push(range);
    urls.push({ start: range[0], end: range[1], host: token.host, hasScheme: token.hasScheme });
    const owner = matcher.domains.ownerOf(token.host);
    const entityIndex = owner
      ? matcher.entities.indexOf(owner)
      : (matcher.aliasHosts.get(token.host) ?? -1);
    if (entityIndex === -1) continue;
    const linkTextStart =
      token.linkTextStart === -1
        ? -1
        : originalOffset(folded, token.linkTextStart, original.length);
    raw.push({ entityIndex, start: range[0], end: range[1], linkTextStart });
  }

  const aliasMatches: RawMatch[] = [];
  collectTokenMatches(matcher, original, folded, scan, aliasMatches);
  if (matcher.regexAliases.length > 0) {
    const caseless = matcher.regexAliases.filter((a) => !a.cased);
    const cased = matcher.regexAliases.filter((a) => a.cased);
    collectRegexMatches(caseless, original, folded, aliasMatches);
    if (cased.length > 0)
      collectRegexMatches(cased, original, foldText(original, false), aliasMatches);
  }
  // URLs are atomic: words inside a URL never match an alias.
  for (const m of aliasMatches) {
    if (urlRanges.length === 0 || !insideAny(urlRanges, m.start)) raw.push(m);
  }

  return {
    spans: spansPerEntity(original, matcher.entities.length, dropShadowed(raw)),
    urls,
    folded,
    scan,
  };
}

function insideAny(ranges: Span[], offset: number): boolean {
  for (const [s, e] of ranges) if (offset >= s && offset < e) return true;
  return false;
}
