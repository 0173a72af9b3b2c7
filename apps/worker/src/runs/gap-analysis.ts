import type { Database } from '@lumen/db/client';
import { listRunAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import {
  type GapOutcome,
  listBrandOpportunities,
  lockBrandOpportunities,
  recordGap,
  resolveOpportunity,
} from '@lumen/db/repositories/opportunity.repository';
import { findGaps, type GapPrompt, opportunityResolved } from '@lumen/domain/gaps/find-gaps';
import { loadBrandEntities } from './brand-entities';

export type GapAnalysisResult = Record<GapOutcome | 'resolved', number>;

/**
 * A finished run's gaps become opportunities (docs/metrics.md, "Gaps"): each gap found creates
 * one or refreshes the one of the same prompt and type; an open opportunity whose prompt this run
 * answered with the brand present everywhere, and without the gap, is resolved by this run.
 * One transaction, serialised per brand, so two analyses never race on the same rows.
 */
export async function analyzeRunGaps(
  db: Database,
  scope: { workspaceId: string; brandId: string; runId: string },
): Promise<GapAnalysisResult> {
  const { workspaceId, brandId, runId } = scope;
  const result: GapAnalysisResult = { created: 0, updated: 0, reopened: 0, resolved: 0 };
  const entities = await loadBrandEntities(db, workspaceId, brandId);
  if (!entities) return result;
  const answers = await listRunAnalyzedAnswers(db, runId);
  const prompts = new Map<string, GapPrompt & { keywordId: string | null }>();
  for (const a of answers) {
    if (!a.promptId) continue;
    const prompt = prompts.get(a.promptId) ?? {
      promptId: a.promptId,
      text: a.promptText,
      keywordId: a.keywordId,
      answers: [],
    };
    prompt.answers.push({ engine: a.engine, analysis: a.analysis });
    prompts.set(a.promptId, prompt);
  }
  const gaps = findGaps({ brandId, entities, prompts: [...prompts.values()] });

  await db.transaction(async (tx) => {
    await lockBrandOpportunities(tx, brandId);
    const existing = await listBrandOpportunities(tx, workspaceId, brandId);
    const key = (promptId: string | null, type: string) => `${promptId}\u0000${type}`;
    const byKey = new Map(existing.map((o) => [key(o.promptId, o.type), o]));
    const found = new Set<string>();
    for (const gap of gaps) {
      found.add(key(gap.promptId, gap.type));
      const keywordId = prompts.get(gap.promptId)?.keywordId ?? null;
      const outcome = await recordGap(
        tx,
        workspaceId,
        brandId,
        runId,
        { gap, keywordId },
        byKey.get(key(gap.promptId, gap.type)),
      );
      result[outcome]++;
    }
    for (const o of existing) {
      if (o.status === 'RESOLVED' || o.status === 'DISMISSED' || !o.promptId) continue;
      if (found.has(key(o.promptId, o.type))) continue;
      const prompt = prompts.get(o.promptId);
      // A prompt this run did not ask (paused, or every engine failed) says nothing either way.
      if (!prompt) continue;
      const gone = opportunityResolved(
        { type: o.type, promptId: o.promptId },
        { brandId, entities, prompt },
      );
      if (gone && (await resolveOpportunity(tx, workspaceId, o, runId))) result.resolved++;
    }
  });
  return result;
}
