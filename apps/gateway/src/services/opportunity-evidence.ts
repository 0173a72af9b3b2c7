import type { OpportunityRow } from '@lumen/db/repositories/opportunity-query.repository';
import type { AnswerRow } from '@lumen/db/repositories/run-query.repository';
import { excerptAround } from '@lumen/domain/opportunities/excerpt';
import { type Outline, suggestOutline } from '@lumen/domain/opportunities/outline';

// What the detail page shows as proof, derived from the stored answers that show the gap
// (docs/opportunities.md, "Evidence"). Pure shaping: the loaders did the reading.

export type SourceCount = {
  domain: string;
  owner: 'OWN' | 'COMPETITOR' | 'THIRD_PARTY';
  ownerName: string | null;
  count: number;
  urls: string[];
};

const MAX_URLS = 5;

/**
 * The domains cited in the answers that show the gap, most cited first, with who owns them.
 * Without the answers (the run was deleted) the evidence's own third-party counts stand in.
 */
export function evidenceSources(o: OpportunityRow, answers: readonly AnswerRow[]): SourceCount[] {
  if (answers.length === 0) {
    return (o.evidence.citedDomains ?? []).map((d) => ({
      domain: d.domain,
      owner: 'THIRD_PARTY',
      ownerName: null,
      count: d.count,
      urls: (o.evidence.urls ?? []).filter((u) => hostOf(u) === d.domain).slice(0, MAX_URLS),
    }));
  }
  const names = new Map<string, string>();
  for (const a of answers) {
    for (const m of a.mentions) if (m.entityId) names.set(m.entityId, m.name);
  }
  for (const c of o.evidence.competitors ?? []) names.set(c.entityId, c.name);
  const byDomain = new Map<string, SourceCount>();
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
      if (source.urls.length < MAX_URLS && !source.urls.includes(c.url)) source.urls.push(c.url);
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
