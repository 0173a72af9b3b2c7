// The sources of an opportunity's evidence (docs/opportunities.md, "Evidence"): the domains cited
// in the answers that show the gap, most cited first, with who owns them. The detail page shows
// them and the draft writers quote them, so both read this one aggregation.

/** How many distinct cited addresses a source keeps: what the API's `EvidenceSource.urls` gives. */
export const MAX_SOURCE_URLS = 5;

export type SourceOwner = 'OWN' | 'COMPETITOR' | 'THIRD_PARTY';

export type EvidenceSource = {
  domain: string;
  owner: SourceOwner;
  /** The competitor (or the brand) that owns the domain, when it is a tracked one. */
  ownerName: string | null;
  count: number;
  /** Distinct cited addresses in the order first cited, at most MAX_SOURCE_URLS. */
  urls: string[];
};

/** What an answer contributes: the names it gave tracked entities and what it cited. */
export type EvidenceAnswer = {
  mentions: readonly { entityId: string | null; name: string }[];
  citations: readonly {
    domain: string;
    url: string;
    owner: SourceOwner;
    entityId: string | null;
  }[];
};

/** What the opportunity itself recorded when it was found (stands in when the answers are gone). */
export type StoredEvidence = {
  citedDomains?: readonly { domain: string; count: number }[];
  urls?: readonly string[];
  competitors?: readonly { entityId: string; name: string }[];
};

/**
 * Cited domains, most cited first (ties by domain), with their owner and up to MAX_SOURCE_URLS
 * addresses. Without answers (the run was deleted) the stored third-party counts stand in, with
 * the stored addresses on each domain.
 */
export function evidenceSources(
  answers: readonly EvidenceAnswer[],
  evidence: StoredEvidence,
): EvidenceSource[] {
  if (answers.length === 0) {
    return (evidence.citedDomains ?? []).map((d) => ({
      domain: d.domain,
      owner: 'THIRD_PARTY',
      ownerName: null,
      count: d.count,
      urls: (evidence.urls ?? []).filter((u) => hostOf(u) === d.domain).slice(0, MAX_SOURCE_URLS),
    }));
  }
  const names = new Map<string, string>();
  for (const a of answers) {
    for (const m of a.mentions) if (m.entityId) names.set(m.entityId, m.name);
  }
  for (const c of evidence.competitors ?? []) names.set(c.entityId, c.name);
  const byDomain = new Map<string, EvidenceSource>();
  for (const a of answers) {
    for (const c of a.citations) {
      const source = byDomain.get(c.domain) ?? {
        domain: c.domain,
        owner: c.owner,
        ownerName: c.entityId ? (names.get(c.entityId) ?? null) : null,
        count: 0,
        urls: [],
      };
      source.count++;
      if (source.urls.length < MAX_SOURCE_URLS && !source.urls.includes(c.url)) {
        source.urls.push(c.url);
      }
      byDomain.set(c.domain, source);
    }
  }
  return [...byDomain.values()].sort(
    (a, b) => b.count - a.count || a.domain.localeCompare(b.domain),
  );
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
