import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { analysisJudgements } from '../schema/runs';

// The optional judge's verdicts, cached per answer, entity, occurrence offset, judge model and
// analyzer version (docs/analysis.md, "The optional judge"): a re-analysis reads them instead of
// asking the provider again.

/** One verdict: whether the occurrence of the entity at `start` in the answer is the brand. */
export type JudgementRow = {
  answerId: string;
  workspaceId: string;
  entityId: string;
  start: number;
  model: string;
  analyzerVersion: number;
  brand: boolean;
};

/**
 * The cached verdicts of the answers for this judge model and analyzer version: answer id →
 * (`entityId:start` → verdict), the keys of `verdictKey` in @lumen/domain/analysis/judge.
 */
export async function cachedVerdicts(
  db: Tx,
  answerIds: readonly string[],
  model: string,
  analyzerVersion: number,
): Promise<Map<string, Map<string, boolean>>> {
  const byAnswer = new Map<string, Map<string, boolean>>();
  if (answerIds.length === 0) return byAnswer;
  const rows = await db
    .select({
      answerId: analysisJudgements.answerId,
      entityId: analysisJudgements.entityId,
      start: analysisJudgements.start,
      brand: analysisJudgements.brand,
    })
    .from(analysisJudgements)
    .where(
      and(
        inArray(analysisJudgements.answerId, [...answerIds]),
        eq(analysisJudgements.model, model),
        eq(analysisJudgements.analyzerVersion, analyzerVersion),
      ),
    );
  for (const r of rows) {
    let verdicts = byAnswer.get(r.answerId);
    if (!verdicts) {
      verdicts = new Map();
      byAnswer.set(r.answerId, verdicts);
    }
    verdicts.set(`${r.entityId}:${r.start}`, r.brand);
  }
  return byAnswer;
}

/**
 * Stores verdicts; one already stored under the same key is kept (two deliveries asking at once
 * store the first).
 */
export async function saveVerdicts(db: Tx, rows: readonly JudgementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(analysisJudgements)
    .values([...rows])
    .onConflictDoNothing();
}
