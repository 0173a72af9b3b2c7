import type { AnalyzedCitation, Citation, TrackedEntity } from '../entities/types';
import { canonicalUrl, type DomainIndex, hostOf, simpleHostEnd } from './hosts';
import { foldString } from './text-normalize';

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
    const key = canonicalUrl(trimmed);
    if (seen.has(key)) return;
    seen.add(key);
    // A simple URL's host is ASCII up to a "/", "?" or "#": folding the rest cannot change it.
    const plain = simpleHostEnd(trimmed) !== -1 || ASCII.test(trimmed);
    const domain = hostOf(plain ? trimmed : foldString(trimmed));
    const owner = domain ? domains.ownerOf(domain) : undefined;
    out.push({
      url: trimmed,
      domain,
      position: out.length + 1,
      ...ownerFields(owner),
    });
  };
  for (const citation of citations) {
    if (citation && typeof citation.url === 'string') add(citation.url);
  }
  for (const url of inlineUrls) add(url);
  return out;
}

function ownerFields(
  owner: TrackedEntity | undefined,
): Pick<AnalyzedCitation, 'owner' | 'entityId'> {
  if (!owner) return { owner: 'third_party' };
  return { owner: owner.kind === 'brand' ? 'own' : 'competitor', entityId: owner.id };
}
