import type { AnswerAnalysis, Citation, CitationOwner, TrackedEntity } from '../entities/types';

/**
 * The version of the reading rules in this folder. Raise it by one whenever a change would give
 * a stored answer other mentions, ranks, citation owners or sentiment: every brand whose stored
 * analyses are older is then re-analysed when the worker starts, its rollups are rebuilt and its
 * trend shows "Method changed" (docs/analysis.md, "Re-analysis").
 */
export const ANALYZER_VERSION = 7;

/** One row of `mentions`: a tracked entity named in an answer, or a discovered name. */
export type MentionRow = {
  answerId: string;
  entity: 'brand' | 'competitor' | 'discovered';
  entityId: string | null;
  name: string;
  rank: number | null;
  firstOffset: number;
  count: number;
  sentiment: number | null;
  snippet: string | null;
  spans: [number, number][];
};

/** One row of `citations`. */
export type CitationRow = {
  answerId: string;
  url: string;
  domain: string;
  title: string | null;
  position: number;
  owner: CitationOwner;
  entityId: string | null;
};

/**
 * The stored rows of one answer's analysis: tracked mentions (brand, competitors), discovered
 * names and citations. The one place they are shaped: brand runs, a claimed quick check and the
 * re-analysis all store what this returns.
 */
export function analysisRows(
  answerId: string,
  analysis: AnswerAnalysis,
  entities: readonly TrackedEntity[],
  cited: readonly Citation[],
): { mentions: MentionRow[]; citations: CitationRow[] } {
  const byId = new Map(entities.map((e) => [e.id, e]));
  const titles = new Map<string, string | undefined>();
  // The first listed title of a URL wins, as the answer listed it.
  for (const c of cited) if (!titles.has(c.url)) titles.set(c.url, c.title);
  const mentions: MentionRow[] = analysis.mentions.map((m) => {
    const entity = byId.get(m.entityId);
    return {
      answerId,
      entity: entity?.kind === 'brand' ? 'brand' : 'competitor',
      entityId: m.entityId,
      name: entity?.name ?? '',
      rank: m.rank,
      firstOffset: m.firstOffset,
      count: m.count,
      sentiment: m.sentiment,
      snippet: m.snippet,
      spans: m.spans,
    };
  });
  for (const d of analysis.discovered) {
    mentions.push({
      answerId,
      entity: 'discovered',
      entityId: null,
      name: d.name,
      rank: null,
      firstOffset: d.firstOffset,
      count: 1,
      sentiment: null,
      snippet: null,
      spans: [],
    });
  }
  const citations: CitationRow[] = analysis.citations.map((c) => ({
    answerId,
    url: c.url,
    domain: c.domain,
    title: titles.get(c.url) ?? null,
    position: c.position,
    owner: c.owner,
    entityId: c.entityId ?? null,
  }));
  return { mentions, citations };
}
