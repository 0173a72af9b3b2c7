import type { AnalyzedCitation, Citation } from '../entities/types';
import { isTrailingPunct } from './find-urls';
import { canonicalUrl, type DomainIndex, hostOf } from './hosts';
import { canonicalHost } from './idn';
import { canonicalSimpleUrl, simpleHost, simpleHostEnd } from './simple-url';

/**
 * The answer's citations, then links written inline in its text (engines with web search often
 * cite that way), deduplicated by URL without tracking parameters. Owner by host: the brand's
 * domain or a subdomain of it is `own`, a competitor's is `competitor`, anything else third party.
 */
const ASCII = /^[\x20-\x7e]*$/;

export function analyzeCitations(
  citations: readonly Citation[],
  inlineUrls: readonly string[],
  domains: DomainIndex,
): AnalyzedCitation[] {
  const out: AnalyzedCitation[] = [];
  const seen = new Set<string>();
  for (const citation of citations) {
    if (citation && typeof citation.url === 'string') addCitation(citation.url, out, seen, domains);
  }
  for (const url of inlineUrls) addCitation(url, out, seen, domains);
  return out;
}

// A module function, not a closure made per answer (docs/analysis.md, "Speed").
function addCitation(
  url: string,
  out: AnalyzedCitation[],
  seen: Set<string>,
  domains: DomainIndex,
): void {
  const trimmed = unwrapAmp(cleanUrl(url));
  if (!trimmed) return;
  const hostEnd = simpleHostEnd(trimmed);
  const key = keyOf(trimmed, hostEnd);
  if (seen.has(key)) return;
  seen.add(key);
  const host =
    hostEnd !== -1
      ? simpleHost(trimmed, hostEnd)
      : hostOf(ASCII.test(trimmed) ? trimmed : trimmed.normalize('NFKC'));
  const domain = canonicalHost(host);
  const owner = domain ? domains.ownerOf(domain) : undefined;
  const position = out.length + 1;
  if (!owner) out.push({ url: trimmed, domain, position, owner: 'third_party' });
  else {
    const kind = owner.kind === 'brand' ? 'own' : 'competitor';
    out.push({ url: trimmed, domain, position, owner: kind, entityId: owner.id });
  }
}

function keyOf(cleaned: string, hostEnd: number): string {
  return sameAsMainHost(
    hostEnd === -1 ? canonicalUrl(cleaned) : canonicalSimpleUrl(cleaned, hostEnd),
  );
}

/** The key two URLs share when they are one citation (as analyzeCitations deduplicates). */
export function citationKey(url: string): string {
  const cleaned = unwrapAmp(cleanUrl(url));
  return keyOf(cleaned, simpleHostEnd(cleaned));
}

// Wrappers a URL may come in: quotes of every language, angle and square brackets.
const OPENING = new Set([
  '<',
  '"',
  "'",
  '«',
  '»',
  '‹',
  '›',
  '“',
  '”',
  '„',
  '‚',
  '‘',
  '’',
  '「',
  '『',
  '[',
  '`',
]);
const CLOSING = new Set([
  '>',
  '"',
  "'",
  '»',
  '«',
  '›',
  '‹',
  '”',
  '“',
  '’',
  '‘',
  '」',
  '』',
  ']',
  '`',
]);

/**
 * A URL as written, without its wrapper ("<https://x>", «https://x», „https://x“), trailing
 * punctuation ("https://x/a." → "https://x/a") and an unmatched closing parenthesis; a
 * balanced one stays ("…/Harvest_(software)"). Docs: docs/analysis.md, "Citations".
 */
export function cleanUrl(raw: string): string {
  let s = raw.trim();
  for (let changed = true; changed && s.length > 0; ) {
    changed = false;
    if (OPENING.has(s[0]!) || s[0] === '(') {
      s = s.slice(1).trimStart();
      changed = true;
    }
    const last = s.charCodeAt(s.length - 1);
    if (CLOSING.has(s[s.length - 1]!) || isTrailingPunct(last)) {
      s = s.slice(0, -1).trimEnd();
      changed = true;
    } else if (last === 41 && unbalanced(s)) {
      s = s.slice(0, -1);
      changed = true;
    }
  }
  return s;
}

function unbalanced(s: string): boolean {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
  }
  return depth < 0;
}

const AMP_CACHE = /^https?:\/\/[^/?#]+\.cdn\.ampproject\.org\/[a-z]\/(s\/)?([^?#]+.*)$/i;
const GOOGLE_AMP = /^https?:\/\/(?:www\.)?google\.[a-z.]{2,12}\/amp\/(s\/)?([^?#]+.*)$/i;

/**
 * The page an AMP cache URL serves: "https://acme-com.cdn.ampproject.org/c/s/acme.com/x" and
 * "https://www.google.com/amp/s/acme.com/x" are citations of https://acme.com/x.
 */
export function unwrapAmp(url: string): string {
  if (url.indexOf('amp') === -1) return url;
  const m = AMP_CACHE.exec(url) ?? GOOGLE_AMP.exec(url);
  if (!m) return url;
  return `${m[1] ? 'https' : 'http'}://${m[2]}`;
}

const MOBILE_LABEL = /^(?:m|mobile|amp)\./;
const AMP_PATH = /\/amp$/;
const AMP_QUERY = /(^|&)(?:amp|amp=1|amp=true|outputtype=amp)(?=&|$)/gi;

/**
 * A deduplication key where the AMP and mobile versions of a page are the page itself:
 * "m.acme.com/x", "amp.acme.com/x", "acme.com/x/amp" and "acme.com/x?amp=1" are "acme.com/x".
 */
export function sameAsMainHost(key: string): string {
  if (key.indexOf('amp') === -1 && !key.startsWith('m.') && !key.startsWith('mobile.')) return key;
  const q = key.indexOf('?');
  let path = q === -1 ? key : key.slice(0, q);
  let query = q === -1 ? '' : key.slice(q + 1);
  path = path.replace(MOBILE_LABEL, '').replace(AMP_PATH, '');
  query = query.replace(AMP_QUERY, '').replace(/^&+/, '');
  return query ? `${path}?${query}` : path;
}
