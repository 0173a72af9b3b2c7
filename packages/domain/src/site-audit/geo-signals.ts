/**
 * GEO tactics a page shows, counted in its main text: statistics, quotations and cited
 * sources are what generative engines quote most readily (Aggarwal et al., "GEO", KDD 2024).
 */
export type GeoSignals = { statistics: number; quotations: number; citedSources: number };

// A number that states a measure: a percentage, a multiple, a magnitude or a currency amount.
const STATISTIC =
  /(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion)?\b|\b\d[\d,.]*\s?(?:%|percent\b|per cent\b|x\b|times\b|million\b|billion\b|thousand\b))/gi;
// A quoted passage of at least a few words, in straight or curly quotes.
const QUOTATION = /(?:"[^"\n]{20,400}"|“[^”\n]{20,400}”|«[^»\n]{20,400}»)/g;

export function countStatistics(text: string): number {
  return text.match(STATISTIC)?.length ?? 0;
}

export function countQuotations(text: string, blockquotes = 0): number {
  return (text.match(QUOTATION)?.length ?? 0) + blockquotes;
}

/** Distinct other sites a page links to from its text: its cited sources. */
export function countCitedSources(links: readonly string[], pageUrl: string): number {
  let own: string;
  try {
    own = new URL(pageUrl).hostname.replace(/^www\./, '');
  } catch {
    return 0;
  }
  const hosts = new Set<string>();
  for (const l of links) {
    try {
      const u = new URL(l, pageUrl);
      const h = u.hostname.replace(/^www\./, '');
      if ((u.protocol === 'http:' || u.protocol === 'https:') && h !== own) hosts.add(h);
    } catch {
      // not a link
    }
  }
  return hosts.size;
}
