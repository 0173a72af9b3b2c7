import type { Database, Tx } from '@lumen/db/client';
import { listRunAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import {
  listImpactAnswers,
  listPublishedWindows,
} from '@lumen/db/repositories/closed-loop.repository';
import {
  type GapOutcome,
  listBrandOpportunities,
  lockBrandOpportunities,
  recordGap,
  resolveOpportunity,
  type StoredOpportunity,
} from '@lumen/db/repositories/opportunity.repository';
import { findGaps, type GapPrompt, opportunityResolved } from '@lumen/domain/gaps/find-gaps';
import {
  describeEvidence,
  type Evidence,
  judgeEvidence,
  splitEvidence,
} from '@lumen/domain/publishing/evidence';
import { loadBrandEntities } from './brand-entities';

export type GapAnalysisResult = Record<GapOutcome | 'resolved', number>;

/**
 * A finished run's gaps become opportunities (docs/metrics.md, "Gaps"): each gap found creates
 * one or refreshes the one of the same prompt and type; an open opportunity whose prompt this run
 * answered with the brand present everywhere, and without the gap, is resolved by this run.
 * An opportunity with a published page is judged instead by the evidence rule the impact page
 * shows (docs/closed-loop.md, "The evidence rule"): resolved when it says IMPROVED, reopened
 * only when it no longer does.
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
    const evidence = await publishedEvidence(tx, workspaceId, brandId, existing, prompts);
    const key = (promptId: string | null, type: string) => `${promptId}\u0000${type}`;
    const byKey = new Map(existing.map((o) => [key(o.promptId, o.type), o]));
    const found = new Set<string>();
    for (const gap of gaps) {
      found.add(key(gap.promptId, gap.type));
      const keywordId = prompts.get(gap.promptId)?.keywordId ?? null;
      const stored = byKey.get(key(gap.promptId, gap.type));
      const judged = stored ? evidence.get(stored.id) : undefined;
      const outcome = await recordGap(
        tx,
        workspaceId,
        brandId,
        runId,
        { gap, keywordId, keepResolved: judged?.verdict === 'IMPROVED' },
        stored,
      );
      result[outcome]++;
    }
    for (const o of existing) {
      if (o.status === 'RESOLVED' || o.status === 'DISMISSED' || !o.promptId) continue;
      const judged = evidence.get(o.id);
      if (judged) {
        // Some answers may still show the gap; the published page is judged on all of them.
        if (
          judged.verdict === 'IMPROVED' &&
          (await resolveOpportunity(tx, workspaceId, o, runId, describeEvidence(judged)))
        ) {
          result.resolved++;
        }
        continue;
      }
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

/**
 * The evidence of each opportunity with a published page whose prompt this run asked: the same
 * answers, split and judged as the impact page does (`splitEvidence`, `judgeEvidence`).
 */
async function publishedEvidence(
  tx: Tx,
  workspaceId: string,
  brandId: string,
  existing: readonly StoredOpportunity[],
  asked: ReadonlyMap<string, unknown>,
): Promise<Map<string, Evidence>> {
  const out = new Map<string, Evidence>();
  const windows = await listPublishedWindows(tx, workspaceId, brandId);
  for (const w of windows) {
    const o = existing.find((x) => x.id === w.opportunityId);
    // A prompt this run did not ask says nothing new about the page.
    if (!o?.promptId || !asked.has(o.promptId)) continue;
    const answers = await listImpactAnswers(tx, workspaceId, brandId, [o.promptId]);
    const { before, after } = splitEvidence({ ...w, answers });
    out.set(o.id, judgeEvidence(before, after));
  }
  return out;
}
