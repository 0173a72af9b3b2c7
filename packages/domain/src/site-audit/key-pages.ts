import type { PageRole } from './page-checks';
import { samePage } from './sitemap';

/** At most this many pages are read per audit, the home page included. */
export const MAX_KEY_PAGES = 12;

const ROLE_PATTERNS: [Exclude<PageRole, 'home' | 'cited' | 'published'>, RegExp][] = [
  ['pricing', /(^|\/)(pricing|prices|plans|tarifs?|preise)(\/|$|\.)/i],
  ['comparison', /(^|\/|-)(vs|versus|compare|comparison|alternatives?)(\/|$|-|\.)/i],
  ['product', /(^|\/)(product|products|features|platform|solutions?)(\/|$|\.)/i],
];

/** The role a path suggests (pricing, comparison, product), or null. */
export function roleOfPath(url: string): PageRole | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  for (const [role, re] of ROLE_PATTERNS) if (re.test(path)) return role;
  return null;
}

export type KeyPage = { url: string; role: PageRole };

/**
 * The pages an audit reads, on the site's origin only, deduplicated, at most MAX_KEY_PAGES: the
 * home page, the brand's published items, its pages that answers cite (most cited first), then
 * pricing, product and comparison pages found in the home page's links and the sitemap.
 */
export function selectKeyPages(input: {
  origin: string;
  published: readonly string[];
  cited: readonly string[];
  discovered: readonly string[];
  limit?: number;
}): KeyPage[] {
  const limit = input.limit ?? MAX_KEY_PAGES;
  const host = new URL(input.origin).hostname.replace(/^www\./, '');
  const out: KeyPage[] = [{ url: `${input.origin}/`, role: 'home' }];
  const add = (url: string, role: PageRole) => {
    if (out.length >= limit) return;
    let u: URL;
    try {
      u = new URL(url, input.origin);
    } catch {
      return;
    }
    if (u.hostname.replace(/^www\./, '') !== host) return;
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    u.hash = '';
    const s = u.toString();
    if (out.some((p) => samePage(p.url, s))) return;
    out.push({ url: s, role });
  };
  for (const u of input.published) add(u, 'published');
  for (const u of input.cited) add(u, 'cited');
  // One of each role first, then the rest, so a long sitemap of comparisons leaves room for pricing.
  const found = input.discovered
    .map((url) => ({ url, role: roleOfPath(url) }))
    .filter((p): p is KeyPage => p.role !== null);
  for (const role of ['pricing', 'product', 'comparison'] as const) {
    const first = found.find((p) => p.role === role);
    if (first) add(first.url, role);
  }
  for (const p of found) add(p.url, p.role);
  return out;
}
