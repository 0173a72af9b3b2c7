import type { TrackedEntity } from '../entities/types';
import { foldString } from './text-normalize';

/**
 * The host of a URL or of a bare domain, lower-cased, without scheme, credentials, port, path,
 * trailing dot or leading "www.". Returns '' when there is no plausible host.
 */
export function hostOf(input: string): string {
  const hostEnd = simpleHostEnd(input);
  if (hostEnd !== -1) return bareHost(input.slice(input.charCodeAt(4) === 115 ? 8 : 7, hostEnd));
  let s = input.trim().toLowerCase();
  const scheme = s.indexOf('://');
  if (scheme !== -1 && scheme < 12) s = s.slice(scheme + 3);
  else if (s.startsWith('//')) s = s.slice(2);
  const end = s.search(/[/?#\\]/);
  if (end !== -1) s = s.slice(0, end);
  const at = s.lastIndexOf('@');
  if (at !== -1) s = s.slice(at + 1);
  if (s.startsWith('[')) return '';
  const colon = s.indexOf(':');
  if (colon !== -1) s = s.slice(0, colon);
  while (s.endsWith('.')) s = s.slice(0, -1);
  if (s.startsWith('www.')) s = s.slice(4);
  if (!s.includes('.') || !(ASCII_HOST.test(s) || UNICODE_HOST.test(s))) return '';
  return s;
}

const ASCII_HOST = /^[a-z0-9.-]+$/;

/**
 * The common shape of citation URLs, "http(s)://" + a lower-case ASCII host + "/", "?", "#" or the
 * end: returns where the host ends, or -1 for anything else (which takes the general path).
 */
export function simpleHostEnd(url: string): number {
  let i: number;
  if (url.startsWith('https://')) i = 8;
  else if (url.startsWith('http://')) i = 7;
  else return -1;
  const from = i;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46) continue;
    if (c === 47 || c === 63 || c === 35) break;
    return -1;
  }
  return i > from ? i : -1;
}

/** A lower-case ASCII host without trailing dots or "www.", or '' without a dot. */
function bareHost(host: string): string {
  let s = host;
  while (s.endsWith('.')) s = s.slice(0, -1);
  if (s.startsWith('www.')) s = s.slice(4);
  return s.includes('.') ? s : '';
}
const UNICODE_HOST = /^[\p{L}\p{N}.-]+$/u;

export type DomainOwner = { entity: TrackedEntity };

/**
 * Owner lookup by host: an entity owns its domains and every subdomain of them. The most specific
 * owned domain wins (a competitor may own a subdomain of a shared platform's domain).
 */
export function createDomainIndex(entities: readonly TrackedEntity[]) {
  const owners = new Map<string, TrackedEntity>();
  for (const entity of entities) {
    for (const domain of entity.domains) {
      const host = hostOf(foldString(domain));
      if (host && !owners.has(host)) owners.set(host, entity);
    }
  }
  return {
    size: owners.size,
    ownerOf(host: string): TrackedEntity | undefined {
      let h = host;
      while (h) {
        const owner = owners.get(h);
        if (owner) return owner;
        const dot = h.indexOf('.');
        if (dot === -1) return undefined;
        h = h.slice(dot + 1);
      }
      return undefined;
    },
  };
}

export type DomainIndex = ReturnType<typeof createDomainIndex>;

// Query parameters that identify a campaign or a click, never the page.
const TRACKING_PARAM =
  /^(utm_.*|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|yclid|_hs.*|ref|ref_src|source|srsltid|igshid)$/i;

const SIMPLE_URL = /^https?:\/\/[^/]+(\/|$)/i;
const SCHEME_WWW = /^https?:\/\/(www\.)?/i;

/**
 * A URL without scheme, "www.", fragment, tracking parameters or trailing slash, for
 * deduplication. String operations only: this runs for every citation of every answer.
 */
export function canonicalUrl(url: string): string {
  const hostEnd = simpleHostEnd(url);
  if (hostEnd !== -1) return canonicalSimpleUrl(url, hostEnd);
  let s = url.trim();
  if (s.indexOf('?') === -1 && s.indexOf('#') === -1 && SIMPLE_URL.test(s)) {
    // Common case: scheme, host and path only.
    s = s.replace(SCHEME_WWW, '');
    const slash = s.indexOf('/');
    const host = slash === -1 ? s : s.slice(0, slash);
    const path = slash === -1 ? '' : s.slice(slash);
    return `${host.toLowerCase().replace(/:\d*$/, '')}${path.endsWith('/') ? path.replace(/\/+$/, '') : path}`;
  }
  const hash = s.indexOf('#');
  if (hash !== -1) s = s.slice(0, hash);
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
  const q = s.indexOf('?');
  let query = '';
  if (q !== -1) {
    query = s
      .slice(q + 1)
      .split('&')
      .filter((pair) => pair !== '' && !TRACKING_PARAM.test(pair.split('=')[0] ?? ''))
      .join('&');
    s = s.slice(0, q);
  }
  const slash = s.indexOf('/');
  const host = (slash === -1 ? s : s.slice(0, slash)).toLowerCase().replace(/:\d*$/, '');
  const path = (slash === -1 ? '' : s.slice(slash)).replace(/\/+$/, '');
  return `${host}${path}${query ? `?${query}` : ''}`;
}

/** canonicalUrl for a URL whose host `simpleHostEnd` isolated (scheme and host already clean). */
function canonicalSimpleUrl(url: string, hostEnd: number): string {
  const schemeEnd = url.charCodeAt(4) === 115 ? 8 : 7;
  const host = url.startsWith('www.', schemeEnd)
    ? url.slice(schemeEnd + 4, hostEnd)
    : url.slice(schemeEnd, hostEnd);
  // Only trailing space can be trimmed: the text before hostEnd is the scheme and host.
  let rest = url.slice(hostEnd).trim();
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const path = (q === -1 ? rest : rest.slice(0, q)).replace(/\/+$/, '');
  if (q === -1) return `${host}${path}`;
  const query = rest
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING_PARAM.test(pair.split('=')[0] ?? ''))
    .join('&');
  return `${host}${path}${query ? `?${query}` : ''}`;
}
