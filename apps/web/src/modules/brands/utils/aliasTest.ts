import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { CommonWordReason } from '@lumen/domain/analysis/common-word';
import type { TrackedEntity } from '@lumen/domain/entities/types';

type TesterSegment = { text: string; entity: number | null; start: number };

/** One occurrence of an everyday-word name, and why it did or did not count. */
type TesterDecision = {
  entity: number;
  text: string;
  start: number;
  counted: boolean;
  why: string;
};

/** The reasons as the tester says them (docs/analysis.md, "Brands that are everyday words"). */
const REASON_TEXT: Record<CommonWordReason, string> = {
  capitalised: 'capitalised where the word would not be',
  emphasis: 'in bold',
  standalone: 'on its own in a heading, cell or list item',
  domain: 'its domain is in the same sentence',
  'product-noun': 'next to a product word (app, tool, pricing …)',
  possessive: 'possessive',
  'product-verb': 'subject of a product verb (offers, integrates …)',
  'tracked-neighbour': 'listed or compared with another tracked name',
  established: 'capital at a sentence start, and the answer uses it as the brand elsewhere',
  idiom: 'part of an idiom',
  lowercase: 'everyday word in lower-case prose',
  'sentence-start': 'capital only because a sentence starts there',
  'title-case': 'capital of a title',
  'capitalised-noun': 'German capitalises every noun',
};

export type TesterResult = {
  segments: TesterSegment[];
  /** One row per tracked entity, in the entities' order: found or not, with rank and count. */
  rows: {
    id: string;
    name: string;
    kind: TrackedEntity['kind'];
    rank: number | null;
    count: number;
  }[];
  /** Brand-like names in the text that nothing tracks: candidates for competitors. */
  discovered: string[];
  /** Every occurrence of a name marked as an everyday word, counted or not, with the reason. */
  decisions: TesterDecision[];
};

/**
 * Runs the worker's analyzer on pasted text: exactly what a run would count as a mention of each
 * entity, with its spans for highlighting. Spans of different entities never overlap (the longest
 * alias wins in the analyzer), so segments can be cut in one pass.
 */
export function testAliases(entities: TrackedEntity[], text: string): TesterResult {
  const analysis = createAnalyzer(entities, { explain: true })({ text, citations: [] });
  const index = new Map(entities.map((e, i) => [e.id, i]));
  const spans = analysis.mentions
    .flatMap((m) => m.spans.map(([start, end]) => ({ start, end, entity: index.get(m.entityId)! })))
    .sort((a, b) => a.start - b.start);
  const segments: TesterSegment[] = [];
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    if (span.start > cursor) {
      segments.push({ text: text.slice(cursor, span.start), entity: null, start: cursor });
    }
    segments.push({
      text: text.slice(span.start, span.end),
      entity: span.entity,
      start: span.start,
    });
    cursor = span.end;
  }
  if (cursor < text.length)
    segments.push({ text: text.slice(cursor), entity: null, start: cursor });
  const byEntity = new Map(analysis.mentions.map((m) => [m.entityId, m]));
  const tracked = new Set(entities.map((e) => e.name.toLowerCase()));
  return {
    segments,
    rows: entities.map((e) => {
      const m = byEntity.get(e.id);
      return { id: e.id, name: e.name, kind: e.kind, rank: m?.rank ?? null, count: m?.count ?? 0 };
    }),
    decisions: (analysis.decisions ?? []).map((d) => ({
      entity: index.get(d.entityId)!,
      text: text.slice(d.start, d.end),
      start: d.start,
      counted: d.counted,
      why: REASON_TEXT[d.reason],
    })),
    discovered: [
      ...new Set(
        analysis.discovered.map((d) => d.name).filter((n) => !tracked.has(n.toLowerCase())),
      ),
    ],
  };
}
