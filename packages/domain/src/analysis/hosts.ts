import type { TrackedEntity } from '../entities/types';
import { canonicalHost } from './idn';
import { canonicalSimpleUrl, simpleHost, simpleHostEnd, TRACKING_PARAM } from './simple-url';

/**
 * The host of a URL or of a bare domain, lower-cased, without scheme, credentials, port, path,
 * trailing dot or leading "www.". Returns '' when there is no plausible host.
 */
export function hostOf(input: string): string {
  const hostEnd = simpleHostEnd(input);
  if (hostEnd !== -1) return simpleHost(input, hostEnd);
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
  if (s.length > MAX_HOST_LENGTH || !s.includes('.')) return '';
  if (!(ASCII_HOST.test(s) || UNICODE_HOST.test(s))) return '';
  return s;
}

const ASCII_HOST = /^[a-z0-9.-]+$/;

/** The longest host name DNS allows. */
export const MAX_HOST_LENGTH = 253;

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
      if (typeof domain !== 'string') continue;
      // Canonical (Unicode) form: "xn--bcher-kva.de" and "bücher.de" are one host.
      const host = canonicalHost(hostOf(domain.normalize('NFKC')));
      if (host && !owners.has(host)) owners.set(host, entity);
    }
  }
  return {
    size: owners.size,
    /** The owner of a host in canonical form (see canonicalHost). */
    ownerOf(host: string): TrackedEntity | undefined {
      // No real host is longer; the cap also bounds the suffix lookups below.
      if (host.length > MAX_HOST_LENGTH) return undefined;
      let h = host;
      while (h) {
        // Every owned host has a dot: a bare label ("com") is never looked up.
        const dot = h.indexOf('.');
        if (dot === -1) return undefined;
        const owner = owners.get(h);
        if (owner) return owner;
        h = h.slice(dot + 1);
      }
      return undefined;
    },
  };
}

export type DomainIndex = ReturnType<typeof createDomainIndex>;

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
    return `${host.toLowerCase().replace(/:\d*$/, '')}${trimSlashes(path)}`;
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
  const path = trimSlashes(slash === -1 ? '' : s.slice(slash));
  return `${host}${path}${query ? `?${query}` : ''}`;
}

/** Without trailing slashes (a loop: /\/+$/ backtracks quadratically on long runs of "/"). */
function trimSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}
