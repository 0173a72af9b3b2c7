import type { OpportunityRow } from '@lumen/db/repositories/opportunity-query.repository';
import type { AnswerRow } from '@lumen/db/repositories/run-query.repository';
import {
  type EvidenceSource,
  evidenceSources as sourcesOf,
} from '@lumen/domain/opportunities/evidence-sources';
import { excerptAround } from '@lumen/domain/opportunities/excerpt';
import { type Outline, suggestOutline } from '@lumen/domain/opportunities/outline';

// What the detail page shows as proof, derived from the stored answers that show the gap
// (docs/opportunities.md, "Evidence"). Pure shaping: the loaders did the reading.

export type SourceCount = EvidenceSource;

/** The opportunity's sources (the one aggregation in @lumen/domain, shared with the drafts). */
export function evidenceSources(o: OpportunityRow, answers: readonly AnswerRow[]): SourceCount[] {
  return sourcesOf(answers, o.evidence);
}

/** One excerpt per answer that names competitors, cut around the first name, names marked. */
export function evidenceExcerpts(
  _o: OpportunityRow,
  answers: readonly AnswerRow[],
  engineLabel: (engine: string) => string,
) {
  return answers.flatMap((a) => {
    const competitors = a.mentions.filter((m) => m.entity === 'COMPETITOR');
    if (!a.text || competitors.length === 0) return [];
    const spans = competitors.flatMap((m) => m.spans.map(([start, end]) => ({ start, end })));
    const excerpt = excerptAround(a.text, spans);
    return [
      {
        answerId: a.id,
        engine: a.engine,
        engineLabel: engineLabel(a.engine),
        text: excerpt.text,
        spans: excerpt.spans,
        names: [...new Set(competitors.map((m) => m.name))],
      },
    ];
  });
}

export function evidenceOutline(o: OpportunityRow, answers: readonly AnswerRow[]): Outline {
  return suggestOutline({
    prompt: o.promptText ?? o.title,
    kind: o.recommendedKind === 'glossary' ? null : o.recommendedKind,
    brandName: o.brandName,
    competitors: (o.evidence.competitors ?? []).map((c) => c.name),
    sources: o.evidence.sources ?? (o.evidence.citedDomains ?? []).map((d) => d.domain),
    answers: answers.flatMap((a) => (a.text ? [a.text] : [])),
  });
}
