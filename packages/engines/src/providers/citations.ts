import type { Citation } from '../engine';

/** Keeps the first occurrence of each URL (ignoring a trailing slash and the fragment). */
export function dedupeCitations(citations: Citation[]): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const citation of citations) {
    const key = citationKey(citation.url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(citation);
  }
  return out;
}

function citationKey(url: string): string {
  return url.replace(/#.*$/, '').replace(/\/+$/, '');
}

const MARKDOWN_LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)/g;
const BARE_URL = /\bhttps?:\/\/[^\s<>()[\]"'`]+/g;

/** Links a model wrote in its text: markdown links first (they carry a title), then bare URLs. */
export function citationsFromText(text: string): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const [, title, url] = match;
    if (url) found.push({ url: trimUrl(url), title: title?.trim() });
  }
  const withoutLinks = text.replace(MARKDOWN_LINK, ' ');
  for (const match of withoutLinks.matchAll(BARE_URL)) {
    found.push({ url: trimUrl(match[0]) });
  }
  return dedupeCitations(found);
}

function trimUrl(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}
