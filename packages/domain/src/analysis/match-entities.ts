import type { Span, TrackedEntity } from '../entities/types';
import { type CommonWordDecision, filterCommonWords, PLAIN_MATCH, URL_MATCH } from './common-word';
import { findUrls, hasKnownTld, type UrlToken } from './find-urls';
import { createDomainIndex, type DomainIndex, hostOf } from './hosts';
import { canonicalHost } from './idn';
import type { Language } from './language';
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
  /** A one-word alias of a brand marked as a common word: counts only in brand context. */
  ambiguous: boolean;
};

/**
 * Aliases with other punctuation ("monday.com", "C++", "AT&T"): literal chunks (the alias split at
 * spacing, hyphens and markdown emphasis) that must follow each other with at least one such
 * separator between them. Matched by a deterministic scan, never a RegExp built from user input:
 * see docs/analysis.md ("Linear time").
 */
type ChunkAlias = {
  entityIndex: number;
  chunks: string[];
  /** Check word boundaries only on sides where the alias itself ends in a letter or digit. */
  checkStart: boolean;
  checkEnd: boolean;
  cased: boolean;
};

export type EntityMatcher = {
  entities: readonly TrackedEntity[];
  byFirstWord: WordTable<TokenAlias[]>;
  chunkAliases: ChunkAlias[];
  /** chunkAliases split once by case sensitivity (matched in lower-cased, resp. cased text). */
  caselessChunks: ChunkAlias[];
  casedChunks: ChunkAlias[];
  domains: DomainIndex;
  /** Aliases written like domains ("monday.com") also claim that host when it appears as a URL. */
  aliasHosts: Map<string, number>;
  /** Whether any entity is marked as a common word (common-word.ts runs only then). */
  commonWords: boolean;
};

export type TextUrl = {
  start: number;
  end: number;
  host: string;
  hasScheme: boolean;
  /** For the target of a markdown link: where its link text starts (original offset), else -1. */
  linkTextStart: number;
};

export type TextMatches = {
  /** Per entity (same order as the matcher's entities): merged spans in original offsets. */
  spans: Span[][];
  /** URLs and bare domains written in the text, in original offsets. */
  urls: TextUrl[];
  /** The lower-case folded text and its token scan, reused by sentiment. */
  folded: FoldedText;
  scan: TextScan;
  /** The answer's language when the common-word rule needed it, else null. */
  language: Language | null;
};

const NON_WORD = /[^\p{L}\p{N}]/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;
const SIMPLE_ALIAS = /^[\p{L}\p{N}\s-]+$/u;
// Between the words of a multi-word alias, engines may put any spacing, hyphens or markdown.
const SEPARATORS = /[\s*_~\x60-]+/;

/** Longer aliases are ignored: no name is that long, and the cap bounds the matching work. */
export const MAX_ALIAS_LENGTH = 100;
/** Aliases and domains per entity beyond this are ignored, for the same reason. */
export const MAX_ALIASES_PER_ENTITY = 50;

/** The characters SEPARATORS matches (\s as JavaScript defines it, plus * _ ~ ` -). */
export function isSeparatorCode(c: number): boolean {
  if (c < 0x80) {
    return (
      c === 32 || (c >= 9 && c <= 13) || c === 42 || c === 95 || c === 126 || c === 96 || c === 45
    );
  }
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isShort(caseless: string): boolean {
  return caseless.replace(/\s/g, '').length < 3;
}

function compileChunkAlias(caseless: string, raw: string, entityIndex: number): ChunkAlias | null {
  const cased = isShort(caseless);
  const folded = cased ? foldString(raw, false) : caseless;
  const chunks = folded.split(SEPARATORS).filter((w) => w.length > 0);
  const first = chunks[0];
  const last = chunks[chunks.length - 1];
  if (first === undefined || last === undefined) return null;
  return {
    entityIndex,
    chunks,
    checkStart: isWordCharAt(first, 0),
    checkEnd: isWordCharAt(last, last.length - 1),
    cased,
  };
}

/** Compiles entity aliases once; reuse the matcher for every answer. */
export function createEntityMatcher(entities: readonly TrackedEntity[]): EntityMatcher {
  const firstWords = new Map<string, TokenAlias[]>();
  const chunkAliases: ChunkAlias[] = [];
  const aliasHosts = new Map<string, number>();
  entities.forEach((entity, entityIndex) => {
    const seen = new Set<string>();
    const raws = [entity.name, ...(entity.aliases ?? []), ...(entity.domains ?? [])].slice(
      0,
      MAX_ALIASES_PER_ENTITY,
    );
    for (const raw of raws) {
      if (typeof raw !== 'string' || raw.length > MAX_ALIAS_LENGTH) continue;
      const caseless = foldString(raw).replace(/\s+/g, ' ').trim();
      if (!HAS_WORD.test(caseless) || seen.has(caseless)) continue;
      seen.add(caseless);
      const host = hostOf(caseless);
      const ownHost =
        host && !caseless.includes(' ') ? canonicalHost(hostOf(raw.trim().normalize('NFKC'))) : '';
      if (ownHost && !aliasHosts.has(ownHost)) aliasHosts.set(ownHost, entityIndex);
      if (!SIMPLE_ALIAS.test(caseless)) {
        // A domain the URL scanner recognises is found (and attributed) by host already.
        const scanned = host === caseless.replace(/^www\./, '') && hasKnownTld(host);
        const alias = scanned ? null : compileChunkAlias(caseless, raw, entityIndex);
        if (alias) chunkAliases.push(alias);
        continue;
      }
      const aliasScan = scanText(caseless);
      const words = Array.from({ length: aliasScan.count }, (_, i) => wordAt(aliasScan, i));
      const first = words[0];
      if (first === undefined) continue;
      const cased = isShort(caseless) ? foldString(raw, false).replace(NON_WORD, '') : null;
      const list = firstWords.get(first);
      const alias = {
        entityIndex,
        words,
        cased,
        ambiguous: !!entity.commonWord && words.length === 1,
      };
      if (list) list.push(alias);
      else firstWords.set(first, [alias]);
    }
  });
  const byFirstWord = new WordTable(firstWords);
  return {
    entities,
    byFirstWord,
    chunkAliases,
    caselessChunks: chunkAliases.filter((a) => !a.cased),
    casedChunks: chunkAliases.filter((a) => a.cased),
    domains: createDomainIndex(entities),
    aliasHosts,
    commonWords: entities.some((e) => e.commonWord),
  };
}

/** Only spacing, hyphens and markdown emphasis between two words of an alias. */
function onlySeparators(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSeparatorCode(text.charCodeAt(i))) return false;
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
      const token = alias.ambiguous ? j : PLAIN_MATCH;
      out.push({ entityIndex: alias.entityIndex, start: s, end: e, linkTextStart: -1, token });
    }
  }
}

/**
 * Every occurrence of each chunk alias. For one start the scan is deterministic (a chunk never
 * begins with a separator, so the separator run before it is skipped whole), and the runs skipped
 * from different starts are disjoint: O(text × alias length), whatever the alias or the text.
 */
function collectChunkMatches(
  aliases: readonly ChunkAlias[],
  original: string,
  folded: FoldedText,
  out: RawMatch[],
): void {
  const text = folded.text;
  const n = text.length;
  for (const alias of aliases) {
    const { chunks } = alias;
    const first = chunks[0]!;
    for (let p = text.indexOf(first); p !== -1; p = text.indexOf(first, p + 1)) {
      if (alias.checkStart && isWordCharAt(text, p - 1)) continue;
      let q = p + first.length;
      let ok = true;
      for (let j = 1; j < chunks.length && ok; j++) {
        const gap = q;
        while (q < n && isSeparatorCode(text.charCodeAt(q))) q++;
        const chunk = chunks[j]!;
        ok = q > gap && text.startsWith(chunk, q);
        q += chunk.length;
      }
      if (!ok || (alias.checkEnd && isWordCharAt(text, q))) continue;
      const [s, e] = toOriginalRange(original, folded, p, q);
      out.push({
        entityIndex: alias.entityIndex,
        start: s,
        end: e,
        linkTextStart: -1,
        token: PLAIN_MATCH,
      });
    }
  }
}

export type CommonWordInput = {
  /** The answer's language (a capital says nothing in German). */
  language: (scan: TextScan) => Language;
  /** Entities owning a citation listed with the answer. */
  cited: ReadonlySet<number>;
  /** Filled with the reason of every common-word occurrence when given. */
  decisions?: CommonWordDecision[];
  /** The optional judge's verdict on an ambiguous occurrence (docs/analysis.md, the judge). */
  verdict?: (entityIndex: number, start: number) => boolean | undefined;
};

/** Finds every mention of every tracked entity: aliases as whole words, and URLs by host. */
export function matchEntities(
  matcher: EntityMatcher,
  original: string,
  buffers?: ScanBuffers,
  commonWord?: CommonWordInput,
): TextMatches {
  const folded = foldText(original, true);
  const scan = scanText(folded.text, buffers, { text: original, map: folded.map });
  const raw: RawMatch[] = [];
  const urlRanges: Span[] = [];
  const urls: TextUrl[] = [];

  for (const token of findUrls(folded.text)) {
    const range = toOriginalRange(original, folded, token.start, token.end);
    urlRanges.push(range);
    const host = originalHost(original, folded, token);
    const linkTextStart =
      token.linkTextStart === -1
        ? -1
        : originalOffset(folded, token.linkTextStart, original.length);
    urls.push({ start: range[0], end: range[1], host, hasScheme: token.hasScheme, linkTextStart });
    const owner = matcher.domains.ownerOf(host);
    const entityIndex = owner
      ? matcher.entities.indexOf(owner)
      : (matcher.aliasHosts.get(host) ?? -1);
    if (entityIndex === -1) continue;
    raw.push({ entityIndex, start: range[0], end: range[1], linkTextStart, token: URL_MATCH });
  }

  const aliasMatches: RawMatch[] = [];
  collectTokenMatches(matcher, original, folded, scan, aliasMatches);
  if (matcher.chunkAliases.length > 0) {
    const { caselessChunks: caseless, casedChunks: cased } = matcher;
    collectChunkMatches(caseless, original, folded, aliasMatches);
    if (cased.length > 0)
      collectChunkMatches(cased, original, foldText(original, false), aliasMatches);
  }
  // URLs are atomic: words inside a URL never match an alias.
  for (const m of aliasMatches) {
    if (urlRanges.length === 0 || !insideAny(urlRanges, m.start)) raw.push(m);
  }

  let kept = dropShadowed(raw);
  let language: Language | null = null;
  if (matcher.commonWords && commonWord) {
    language = commonWord.language(scan);
    const ctx = {
      text: original,
      folded,
      scan,
      language,
      cited: commonWord.cited,
      verdict: commonWord.verdict,
    };
    kept = filterCommonWords(ctx, kept, commonWord.decisions);
  }
  return {
    spans: spansPerEntity(original, matcher.entities.length, kept),
    urls,
    folded,
    scan,
    language,
  };
}

/**
 * The host as written, in canonical form: folding strips accents ("bücher.de" → "bucher.de"),
 * which would make it another host, so it is read from the original text.
 */
function originalHost(original: string, folded: FoldedText, token: UrlToken): string {
  const [s, e] = toOriginalRange(original, folded, token.hostStart, token.hostEnd);
  let plain = token.host.indexOf('xn--') === -1;
  for (let i = s; i < e && plain; i++) plain = original.charCodeAt(i) < 0x80;
  return plain ? token.host : canonicalHost(original.slice(s, e));
}

/** Whether offset lies in one of the ranges (in text order, disjoint): a binary search. */
function insideAny(ranges: Span[], offset: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = ranges[mid]!;
    if (offset < range[0]) hi = mid - 1;
    else if (offset >= range[1]) lo = mid + 1;
    else return true;
  }
  return false;
}
