import type { CitationRow, MentionRow } from '@lumen/domain/analysis/analysis-rows';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { citations, mentions, runs } from '../schema/runs';

export type CopiedAnswer = {
  id: string;
  promptId: string | null;
  promptText: string;
  engine: string;
  text: string | null;
  citations: { url: string; title?: string }[];
  error: string | null;
};

/**
 * A completed QUICK_SCORE run for a brand holding copies of a quick check's stored answers,
 * each linked to the brand's prompt of the same text. The guest's rows stay as they were (they
 * expire with the check); the brand's copies are the workspace's own.
 */
export async function recordQuickScoreRun(
  db: Tx,
  workspaceId: string,
  input: {
    brandId: string;
    quickScoreRunId: string;
    startedAt: Date | null;
    finishedAt: Date | null;
    /** The brand's place: the check's prompts were asked for it. */
    place: { country: string | null; language: string };
  },
): Promise<{ runId: string; answers: CopiedAnswer[] }> {
  const [run] = await db
    .insert(runs)
    .values({
      workspaceId,
      brandId: input.brandId,
      trigger: 'quick_score',
      status: 'COMPLETED',
      startedAt: input.startedAt,
      finishedAt: input.finishedAt ?? new Date(),
    })
    .returning({ id: runs.id });
  if (!run) throw new Error('insert returned no row');
  const answers = await db.execute<CopiedAnswer>(sql`
    insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, requested_model,
                         served_model, text, citations, latency_ms, usage, error, created_at,
                         country, language)
    select ${workspaceId}, ${run.id}, p.id, a.prompt_text, a.engine, a.requested_model,
           a.served_model, a.text, a.citations, a.latency_ms, a.usage, a.error, a.created_at,
           ${input.place.country}::text, ${input.place.language}::text
      from answers a
      left join prompts p on p.brand_id = ${input.brandId} and p.text = a.prompt_text
     where a.run_id = ${input.quickScoreRunId}
    returning id, prompt_id as "promptId", prompt_text as "promptText", engine, text, citations,
              error`);
  return { runId: run.id, answers: [...answers] };
}

// Shaped by `analysisRows` (@lumen/domain/analysis/analysis-rows), the one place they are made.
export type MentionValues = MentionRow;
export type CitationValues = CitationRow;

/** Stores the analysis of a run's answers and its headline numbers. */
export async function storeRunAnalysis(
  db: Tx,
  workspaceId: string,
  runId: string,
  analysis: {
    mentions: MentionValues[];
    citations: CitationValues[];
    total: number;
    done: number;
    score: number;
    metrics: Record<string, unknown>;
  },
): Promise<void> {
  if (analysis.mentions.length > 0) {
    await db.insert(mentions).values(analysis.mentions.map((m) => ({ ...m, workspaceId })));
  }
  if (analysis.citations.length > 0) {
    await db.insert(citations).values(analysis.citations.map((c) => ({ ...c, workspaceId })));
  }
  await db
    .update(runs)
    .set({
      total: analysis.total,
      done: analysis.done,
      score: analysis.score,
      metrics: analysis.metrics,
    })
    .where(sql`${runs.id} = ${runId} and ${runs.workspaceId} = ${workspaceId}`);
}

/** The run behind a guest's quick check, if it still has one (expired checks lose theirs). */
export async function findQuickScoreRunId(db: Tx, quickScoreId: string): Promise<string | null> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from runs where quick_score_id = ${quickScoreId} order by created_at limit 1`,
  );
  return rows[0]?.id ?? null;
}

/**
 * Names the engines gave in this brand's answers that it does not track (discovered entities),
 * most frequent first: the competitor suggestions of the brand form.
 */
export async function listDiscoveredNames(
  db: Tx,
  workspaceId: string,
  brandId: string,
  limit = 20,
): Promise<{ name: string; answers: number }[]> {
  const rows = await db.execute<{ name: string; answers: number }>(sql`
    select m.name, count(distinct m.answer_id)::int as answers
      from mentions m
      join answers a on a.id = m.answer_id
      join runs r on r.id = a.run_id
     where r.workspace_id = ${workspaceId} and r.brand_id = ${brandId} and m.entity = 'discovered'
     group by m.name
     order by answers desc, m.name
     limit ${limit}`);
  return [...rows];
}
