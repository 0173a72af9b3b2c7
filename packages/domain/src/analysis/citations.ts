import type { AnalyzedCitation, Citation } from '../entities/types';
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
  const add = (url: string) => {
    const trimmed = url.trim();
    if (!trimmed) return;
    const hostEnd = simpleHostEnd(trimmed);
    const key = hostEnd === -1 ? canonicalUrl(trimmed) : canonicalSimpleUrl(trimmed, hostEnd);
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
  };
  for (const citation of citations) {
    if (citation && typeof citation.url === 'string') add(citation.url);
  }
  for (const url of inlineUrls) add(url);
  return out;
}
