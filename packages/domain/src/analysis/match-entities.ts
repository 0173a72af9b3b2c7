import type { Span, TrackedEntity } from '../entities/types';
import { findUrls } from './find-urls';
import { createDomainIndex, type DomainIndex, hostOf } from './hosts';
import { type FoldedText, foldString, foldText, isWordCharAt, toOriginalRange } from './text-normalize';

type CompiledAlias = {
  entityIndex: number;
  pattern: RegExp;
  /** Check word boundaries only on sides where the alias itself ends in a letter or digit. */
  checkStart: boolean;
  checkEnd: boolean;
  /** Aliases under 3 characters ("HP") match case-sensitively. */
  cased: boolean;
};

export type EntityMatcher = {
  entities: readonly TrackedEntity[];
  aliases: CompiledAlias[];
  hasCased: boolean;
  domains: DomainIndex;
  /** Aliases written like domains ("monday.com") also claim that host when it appears as a URL. */
  aliasHosts: Map<string, number>;
};

type RawMatch = { entityIndex: number; start: number; end: number; linkTextStart: number };

export type TextUrl = { start: number; end: number; host: string; hasScheme: boolean };

export type TextMatches = {
  /** Per entity (same order as the matcher's entities): merged spans in original offsets. */
  spans: Span[][];
  /** URLs and bare domains written in the text, in original offsets. */
  urls: TextUrl[];
};

// Between the words of a multi-word alias, engines may put any spacing, hyphens or markdown.
const SEPARATOR = String.raw`[\s*_~\x60\-]+`;
const HAS_WORD = /[\p{L}\p{N}]/u;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileAlias(raw: string, entityIndex: number): CompiledAlias | null {
  const caseless = foldString(raw).replace(/\s+/g, ' ').trim();
  if (!HAS_WORD.test(caseless)) return null;
  const cased = caseless.replace(/\s/g, '').length < 3;
  const folded = cased ? foldString(raw, false).replace(/\s+/g, ' ').trim() : caseless;
  const words = folded.split(/[\s-]+/).filter((w) => w.length > 0);
  if (words.length === 0) return null;
  const source = words.map(escapeRegExp).join(SEPARATOR);
  return {
    entityIndex,
    pattern: new RegExp(source, 'g'),
    checkStart: isWordCharAt(folded, 0),
    checkEnd: isWordCharAt(folded, folded.length - 1),
    cased,
  };
}

/** Compiles entity aliases once; reuse the matcher for every answer. */
export function createEntityMatcher(entities: readonly TrackedEntity[]): EntityMatcher {
  const aliases: CompiledAlias[] = [];
  const aliasHosts = new Map<string, number>();
  entities.forEach((entity, entityIndex) => {
    const seen = new Set<string>();
    for (const raw of [entity.name, ...entity.aliases, ...entity.domains]) {
      if (typeof raw !== 'string') continue;
      const compiled = compileAlias(raw, entityIndex);
      if (!compiled || seen.has(compiled.pattern.source + compiled.cased)) continue;
      seen.add(compiled.pattern.source + compiled.cased);
      aliases.push(compiled);
      const host = hostOf(foldString(raw));
      if (host && !raw.includes(' ') && !aliasHosts.has(host)) aliasHosts.set(host, entityIndex);
    }
  });
  return {
    entities,
    aliases,
    hasCased: aliases.some((a) => a.cased),
    domains: createDomainIndex(entities),
    aliasHosts,
  };
}

function collectAliasMatches(
  matcher: EntityMatcher,
  original: string,
  folded: FoldedText,
  cased: boolean,
  out: RawMatch[],
): void {
  const text = folded.text;
  for (const alias of matcher.aliases) {
    if (alias.cased !== cased) continue;
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
export function matchEntities(matcher: EntityMatcher, original: string): TextMatches {
  const folded = foldText(original, true);
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
      token.linkTextStart === -1 ? -1 : (folded.map[token.linkTextStart] ?? -1);
    raw.push({ entityIndex, start: range[0], end: range[1], linkTextStart });
  }

  const aliasMatches: RawMatch[] = [];
  collectAliasMatches(matcher, original, folded, false, aliasMatches);
  if (matcher.hasCased) {
    collectAliasMatches(matcher, original, foldText(original, false), true, aliasMatches);
  }
  // URLs are atomic: words inside a URL never match an alias.
  for (const m of aliasMatches) {
    if (!insideAny(urlRanges, m.start)) raw.push(m);
  }

  return { spans: spansPerEntity(matcher.entities.length, dropShadowed(raw)), urls };
}

function insideAny(ranges: Span[], offset: number): boolean {
  for (const [s, e] of ranges) if (offset >= s && offset < e) return true;
  return false;
}

/**
 * A match inside a longer match of another entity is not a mention ("Acme" inside the competitor
 * "Acme Analytics"). A URL that is the target of a markdown link whose text already names the
 * same entity is the same mention, not a second one.
 */
function dropShadowed(matches: RawMatch[]): RawMatch[] {
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: RawMatch[] = [];
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    let shadowed = false;
    for (let j = 0; j < matches.length && !shadowed; j++) {
      const o = matches[j]!;
      if (o.start > m.start) break;
      shadowed =
        o.entityIndex !== m.entityIndex && o.end >= m.end && o.end - o.start > m.end - m.start;
    }
    if (!shadowed && m.linkTextStart !== -1) {
      shadowed = matches.some(
        (o) =>
          o.entityIndex === m.entityIndex &&
          o.linkTextStart === -1 &&
          o.start >= m.linkTextStart &&
          o.end <= m.start,
      );
    }
    if (!shadowed) kept.push(m);
  }
  return kept;
}

/** Overlapping matches of one entity ("Acme" and "Acme CRM") are one mention: merge them. */
function spansPerEntity(count: number, matches: RawMatch[]): Span[][] {
  const spans: Span[][] = Array.from({ length: count }, () => []);
  for (const m of matches) {
    const list = spans[m.entityIndex]!;
    const last = list[list.length - 1];
    if (last && m.start < last[1]) {
      if (m.end > last[1]) last[1] = m.end;
    } else {
      list.push([m.start, m.end]);
    }
  }
  return spans;
}
