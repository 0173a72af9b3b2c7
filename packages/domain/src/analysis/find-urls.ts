import { isWordCharAt } from './text-normalize';

/**
 * Common top-level domains. A bare "word.tld" only counts as a domain with one of these, so that
 * "Node.js", "e.g." or a missing space after a full stop ("Acme.Great") are not taken for hosts.
 */
const TLDS = [
  'com',
  'org',
  'net',
  'io',
  'ai',
  'co',
  'app',
  'dev',
  'so',
  'gg',
  'me',
  'tv',
  'us',
  'uk',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'be',
  'ch',
  'at',
  'se',
  'no',
  'dk',
  'fi',
  'pl',
  'pt',
  'ie',
  'eu',
  'ca',
  'au',
  'nz',
  'in',
  'jp',
  'cn',
  'kr',
  'br',
  'mx',
  'ar',
  'za',
  'sg',
  'hk',
  'il',
  'ru',
  'cz',
  'gr',
  'tr',
  'biz',
  'info',
  'xyz',
  'tech',
  'cloud',
  'site',
  'online',
  'store',
  'shop',
  'inc',
  'ly',
  'to',
  'fm',
  'cc',
  'edu',
  'gov',
  'health',
  'finance',
  'agency',
  'studio',
  'design',
  'digital',
];

const TLD_SET = new Set(TLDS);

/** Whether a bare host ends in a TLD that the scanner recognises in prose. */
export function hasKnownTld(host: string): boolean {
  return TLD_SET.has(host.slice(host.lastIndexOf('.') + 1));
}

function isHostChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80)
    return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || (c >= 65 && c <= 90);
  return isWordCharAt(text, i);
}

/**
 * Characters that end a URL: space, quotes of every language (" ' ` « » ‹ › “ ” „ ‚ ‘ ’ 「 」
 * 『 』), angle and square brackets, braces and the table pipe. A closing parenthesis is
 * handled by the caller: it belongs to the URL when it closes one the URL opened.
 */
export function isUrlChar(c: number): boolean {
  if (c >= 0x80) return !QUOTE_MARKS.has(c) && c !== 0xa0 && c !== 0x3000;
  return !(
    c <= 32 ||
    c === 34 ||
    c === 39 ||
    c === 96 ||
    c === 60 ||
    c === 62 ||
    c === 93 ||
    c === 125 ||
    c === 124
  );
}

const QUOTE_MARKS: ReadonlySet<number> = new Set([
  0xab, 0xbb, 0x2039, 0x203a, 0x201c, 0x201d, 0x201e, 0x201a, 0x2018, 0x2019, 0x300c, 0x300d,
  0x300e, 0x300f, 0xff02, 0xff07,
]);

/**
 * The end of a URL's path from `from`: URL characters, with parentheses kept while balanced
 * ("https://en.wikipedia.org/wiki/Harvest_(software)"); an unmatched ")" ends it, so a URL
 * in parentheses or a markdown link target loses only the closing one.
 */
export function urlEnd(text: string, from: number): number {
  let depth = 0;
  let end = from;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (c === 40) depth++;
    else if (c === 41) {
      if (depth === 0) break;
      depth--;
    } else if (!isUrlChar(c)) break;
  }
  return end;
}

export function isTrailingPunct(c: number): boolean {
  // 。 、 ！ ？ … and full-width , . ; :
  if (c >= 0x80)
    return (
      c === 0x3002 ||
      c === 0x3001 ||
      c === 0xff01 ||
      c === 0xff1f ||
      c === 0x2026 ||
      c === 0xff0c ||
      c === 0xff0e ||
      c === 0xff1b ||
      c === 0xff1a
    );
  // . , ; : ! ? * _ ~ ' "
  return (
    c === 46 ||
    c === 44 ||
    c === 59 ||
    c === 58 ||
    c === 33 ||
    c === 63 ||
    c === 42 ||
    c === 95 ||
    c === 126 ||
    c === 39 ||
    c === 34
  );
}

export type UrlToken = {
  /** [start, end) in the text that was searched. */
  start: number;
  end: number;
  url: string;
  host: string;
  /** [hostStart, hostEnd) of the host (without "www.") in the searched text. */
  hostStart: number;
  hostEnd: number;
  /** Whether the token has a scheme (a link), rather than a domain written in prose. */
  hasScheme: boolean;
  /** For the target of a markdown link `[text](url)`: where the link text starts. */
  linkTextStart: number;
};

/**
 * Finds URLs ("https://…") and bare domains ("www.acme.com/pricing", "monday.com") by scanning
 * around every dot: a hand-written scanner, because a regular expression with Unicode lookbehind
 * costs more than the whole rest of the analysis. Callers pass the folded (lower-case) text.
 */
export function findUrls(text: string): UrlToken[] {
  const tokens: UrlToken[] = [];
  const n = text.length;
  let from = 0;
  for (let found = text.indexOf('.', from); found !== -1; found = text.indexOf('.', from)) {
    from = found + 1;
    // Most dots end a sentence: nothing host-like follows, so no host can contain this dot.
    if (found + 1 >= n || !isHostOrDot(text, found + 1)) continue;
    // The run of host characters and dots around the dot holds at most one host: trim the
    // run's ends, and take the first dot left inside. Every later dot of the run is skipped
    // (from ≥ runEnd below), so each character is looked at a bounded number of times.
    let runStart = found;
    while (runStart > 0 && isHostOrDot(text, runStart - 1)) runStart--;
    let runEnd = found + 1;
    while (runEnd < n && isHostOrDot(text, runEnd)) runEnd++;
    from = runEnd;
    let s = runStart;
    while (s < runEnd && isDashOrDot(text.charCodeAt(s))) s++;
    let e = runEnd;
    while (e > s && isDashOrDot(text.charCodeAt(e - 1))) e--;
    const dot = text.indexOf('.', s);
    if (dot === -1 || dot >= e - 1) continue;
    const host = text.slice(s, e);
    if (host.includes('..')) continue;
    let start = s;
    let hasScheme = false;
    if (text.startsWith('://', s - 3)) {
      const schemeStart = s - 3 - (text.startsWith('https', s - 8) ? 5 : 4);
      if (schemeStart >= 0 && text.startsWith('http', schemeStart)) {
        start = schemeStart;
        hasScheme = true;
      }
    }
    if (!hasScheme) {
      const prev = start > 0 ? text.charCodeAt(start - 1) : 32;
      // Inside a path, an identifier or an unrecognised scheme: not a host of its own.
      if (prev === 47 || prev === 95 || prev === 58 || prev === 92) continue;
      const tld = host.slice(host.lastIndexOf('.') + 1);
      if (!TLD_SET.has(tld)) continue;
    }
    let end = e;
    const next = text.charCodeAt(end);
    if (next === 58 || next === 47 || next === 63 || next === 35) end = urlEnd(text, end);
    while (end > e && isTrailingPunct(text.charCodeAt(end - 1))) end--;
    from = Math.max(from, end);
    const url = text.slice(start, end);
    // The scanner isolated the host already (letters, digits, dots and hyphens only).
    const www = host.startsWith('www.') ? 4 : 0;
    const normalizedHost = www ? host.slice(4) : host;
    if (!normalizedHost.includes('.')) continue;
    tokens.push({
      start,
      end,
      url,
      host: normalizedHost,
      hostStart: s + www,
      hostEnd: e,
      hasScheme,
      linkTextStart: linkTextStart(text, start),
    });
  }
  return tokens;
}

function isHostOrDot(text: string, i: number): boolean {
  return text.charCodeAt(i) === 46 || isHostChar(text, i);
}

function isDashOrDot(c: number): boolean {
  return c === 45 || c === 46;
}

function linkTextStart(text: string, urlStart: number): number {
  if (
    urlStart < 2 ||
    text.charCodeAt(urlStart - 1) !== 40 ||
    text.charCodeAt(urlStart - 2) !== 93
  ) {
    return -1;
  }
  // Walk back from "](" to the matching "[" on the same line.
  let depth = 0;
  for (let i = urlStart - 3; i >= 0 && i >= urlStart - 400; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return -1;
    if (c === 93) depth++;
    else if (c === 91) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}
