import type { SourceKind } from './source-kinds';

// Where to ask a cited site to mention the brand (docs/sources.md, "Cites them, not us"): a
// page of the site whose link words or path say "submit", "write for us", "contact"…, or, on a
// UGC site, the cited thread itself (anyone may answer there). Pure: the links come from the
// fetched page.

export type PageLink = { href: string; text: string };

export type OutreachContactKind = 'submit' | 'contact' | 'thread';

export type OutreachContact = { url: string; kind: OutreachContactKind };

/** Links read from one page at most: a page with more is a link farm, not an article. */
export const MAX_LINKS = 2_000;

const SUBMIT =
  /(?:^|[^a-z])(submit|suggest|suggestions?|contribute|write[\s_-]*for[\s_-]*us|guest[\s_-]*posts?|advertise|advertising|get[\s_-]*listed|add[\s_-]*(?:your|a)[\s_-]*(?:tool|product|listing|company|site|app))(?:$|[^a-z])/i;
const CONTACT =
  /(?:^|[^a-z])(contact|contact[\s_-]*us|get[\s_-]*in[\s_-]*touch|reach[\s_-]*us)(?:$|[^a-z])/i;

const bare = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');

/** Same site: one host is the other or a subdomain of it ("www." aside). */
function sameSite(a: string, b: string): boolean {
  const x = bare(a);
  const y = bare(b);
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

function matchKind(words: string): OutreachContactKind | null {
  if (SUBMIT.test(words)) return 'submit';
  if (CONTACT.test(words)) return 'contact';
  return null;
}

/**
 * The page to ask on: for a UGC source the thread itself; otherwise the first link on the same
 * site (resolved against the page's address, http or https only) whose words or path say submit
 * (submit, suggest, write for us, contribute, guest post, advertise, get listed), else the first
 * that says contact. A link counts by its words or, failing them, its path: "Write for us"
 * linking to `/p/123` is a submit page. Null when nothing says so.
 */
export function findContactPage(
  pageUrl: string,
  links: readonly PageLink[],
  kind: SourceKind,
): OutreachContact | null {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (kind === 'ugc') return { url: page.href, kind: 'thread' };
  let contact: OutreachContact | null = null;
  for (const link of links.slice(0, MAX_LINKS)) {
    let target: URL;
    try {
      target = new URL(link.href.trim(), page);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
    if (target.username || target.password) continue;
    if (!sameSite(target.hostname, page.hostname)) continue;
    target.hash = '';
    // The page itself ("#contact" anchors, the current URL) is not a way in.
    if (target.href === new URL(page.pathname + page.search, page).href) continue;
    const path = decodeURIComponentSafe(target.pathname);
    const found = matchKind(link.text.replace(/\s+/g, ' ')) ?? matchKind(path);
    if (found === 'submit') return { url: target.href, kind: 'submit' };
    if (found === 'contact' && !contact) contact = { url: target.href, kind: 'contact' };
  }
  return contact;
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
