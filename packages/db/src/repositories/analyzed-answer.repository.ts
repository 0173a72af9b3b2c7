import { labelSentiment } from '@lumen/domain/analysis/sentiment';
import type { AnswerAnalysis, Mention } from '@lumen/domain/entities/types';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import type { CitationValues, MentionValues } from './brand-run.repository';

/** A brand run's stored answer with its stored analysis, as the domain's metric functions take it. */
export type AnalyzedAnswer = {
  id: string;
  runId: string;
  promptId: string | null;
  promptText: string;
  keywordId: string | null;
  branded: boolean;
  engine: string;
  /** Where it was asked for (docs/brands.md, "Country and language"). */
  country: string | null;
  language: string | null;
  analysis: AnswerAnalysis;
};

/** One run's measured answers with their analysis. */
export function listRunAnalyzedAnswers(db: Tx, runId: string): Promise<AnalyzedAnswer[]> {
  return loadAnalyzedAnswers(db, sql`a.run_id = ${runId}`);
}

/**
 * The answers a condition selects (`a` = answers, `r` = runs, `p` = prompts), with mentions and
 * citations read back from their tables, so rollups and gaps count exactly what was stored.
 * Answers an engine failed to give (error set, no text) are left out: they measure nothing.
 */
export async function loadAnalyzedAnswers(db: Tx, where: SQL): Promise<AnalyzedAnswer[]> {
  const answers = await db.execute<Omit<AnalyzedAnswer, 'analysis'>>(sql`
    select a.id, a.run_id as "runId", a.prompt_id as "promptId", a.prompt_text as "promptText",
           p.keyword_id as "keywordId", coalesce(p.branded, false) as branded, a.engine,
           a.country, a.language
      from answers a
      join runs r on r.id = a.run_id
      left join prompts p on p.id = a.prompt_id
     where a.error is null and a.text is not null and (${where})
     order by a.created_at, a.id`);
  if (answers.length === 0) return [];
  const ids = sql.join(
    answers.map((a) => sql`${a.id}::uuid`),
    sql`, `,
  );
  const mentionRows = await db.execute<MentionValues>(sql`
    select answer_id as "answerId", entity, entity_id as "entityId", name, rank,
           first_offset as "firstOffset", count, sentiment, snippet, spans
      from mentions where answer_id in (${ids})
     order by first_offset`);
  const citationRows = await db.execute<Omit<CitationValues, 'title'>>(sql`
    select answer_id as "answerId", url, domain, position, owner, entity_id as "entityId"
      from citations where answer_id in (${ids})
     order by position`);

  const byAnswer = new Map<string, AnswerAnalysis>(
    answers.map((a) => [a.id, { mentions: [], citations: [], discovered: [] }]),
  );
  for (const m of mentionRows) {
    const analysis = byAnswer.get(m.answerId);
    if (!analysis) continue;
    if (m.entity === 'discovered' || m.entityId === null) {
      analysis.discovered.push({ name: m.name, firstOffset: m.firstOffset });
      continue;
    }
    const mention: Mention = {
      entityId: m.entityId,
      rank: m.rank ?? 1,
      firstOffset: m.firstOffset,
      count: m.count,
      sentiment: m.sentiment,
      sentimentLabel: m.sentiment === null ? null : labelSentiment(m.sentiment),
      snippet: m.snippet ?? '',
      spans: m.spans,
    };
    analysis.mentions.push(mention);
  }
  for (const c of citationRows) {
    byAnswer.get(c.answerId)?.citations.push({
      url: c.url,
      domain: c.domain,
      position: c.position,
      owner: c.owner,
      ...(c.entityId ? { entityId: c.entityId } : {}),
    });
  }
  return answers.map((a) => ({ ...a, analysis: byAnswer.get(a.id)! }));
}
