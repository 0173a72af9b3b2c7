import type { Span } from '../entities/types';

/**
 * A match in original offsets; linkTextStart ≥ 0 for the target URL of a markdown link. `token`
 * is the word's token index for a one-word alias of a common-word brand (common-word.ts), else
 * URL_MATCH (-2) for a URL or domain, PLAIN_MATCH (-1) for any other alias.
 */
export type RawMatch = {
  entityIndex: number;
  start: number;
  end: number;
  linkTextStart: number;
  token: number;
};

/**
 * A match inside a longer match of another entity is not a mention ("Acme" inside the competitor
 * "Acme Analytics"). A URL that is the target of a markdown link whose text already names the
 * same entity is the same mention, not a second one.
 */
export function dropShadowed(matches: RawMatch[]): RawMatch[] {
  sortMatches(matches);
  const kept: RawMatch[] = [];
  // m is shadowed when an earlier match (start ≤ m.start) of another entity ends after m, or ends
  // with m and starts before it. The earlier match of greatest (end, then smallest start) decides,
  // so keep the best one and the best one of any other entity: linear, however matches nest.
  let best: RawMatch | undefined;
  let second: RawMatch | undefined;
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    const other = best && best.entityIndex !== m.entityIndex ? best : second;
    let shadowed =
      other !== undefined && (other.end > m.end || (other.end === m.end && other.start < m.start));
    if (!shadowed && m.linkTextStart !== -1) {
      // Matches inside the link text sit just before the URL (at most a line, see find-urls.ts).
      for (let j = i - 1; j >= 0 && !shadowed; j--) {
        const o = matches[j]!;
        if (o.start < m.linkTextStart) break;
        shadowed = o.entityIndex === m.entityIndex && o.linkTextStart === -1 && o.end <= m.start;
      }
    }
    if (!shadowed) kept.push(m);
    if (!best || ranksAbove(m, best)) {
      if (best && best.entityIndex !== m.entityIndex) second = best;
      best = m;
    } else if (m.entityIndex !== best.entityIndex && (!second || ranksAbove(m, second))) {
      second = m;
    }
  }
  return kept;
}

function ranksAbove(a: RawMatch, b: RawMatch): boolean {
  return a.end > b.end || (a.end === b.end && a.start < b.start);
}

/**
 * Overlapping matches of one entity ("Acme" and "Acme CRM") are one mention, and so are adjacent
 * ones ("Salesforce Sales Cloud"): merge them.
 */
export function spansPerEntity(text: string, count: number, matches: RawMatch[]): Span[][] {
  const spans: Span[][] = [];
  for (let i = 0; i < count; i++) spans.push([]);
  for (const m of matches) {
    const list = spans[m.entityIndex]!;
    const last = list[list.length - 1];
    if (last && (m.start < last[1] || onlySpaces(text, last[1], m.start))) {
      if (m.end > last[1]) last[1] = m.end;
    } else {
      list.push([m.start, m.end]);
    }
  }
  return spans;
}

/** Spaces and emphasis markers on one line: "Salesforce **Sales Cloud**". */
function onlySpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!(c === 32 || c === 42 || c === 95 || c === 0xa0)) return false;
  }
  return true;
}

/**
 * Stable insertion sort by start, then longer first: matches arrive as two runs already in text
 * order (URLs, then aliases), where Array.prototype.sort with a comparator cost more.
 */
function sortMatches(matches: RawMatch[]): void {
  if (matches.length > 64) {
    matches.sort((a, b) => a.start - b.start || b.end - a.end);
    return;
  }
  for (let i = 1; i < matches.length; i++) {
    const m = matches[i]!;
    let j = i - 1;
    while (j >= 0 && after(matches[j]!, m)) {
      matches[j + 1] = matches[j]!;
      j--;
    }
    matches[j + 1] = m;
  }
}

function after(a: RawMatch, b: RawMatch): boolean {
  return a.start > b.start || (a.start === b.start && a.end < b.end);
}
