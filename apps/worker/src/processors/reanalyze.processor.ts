import { cachedVerdicts, saveVerdicts } from '@lumen/db/repositories/analysis-judgement.repository';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { listCompetitorsOfBrands } from '@lumen/db/repositories/competitor.repository';
import { rebuildBrandRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import {
  claimReanalysis,
  completeReanalysis,
  countReanalysisAnswers,
  failReanalysis,
  findReanalysis,
  listOpenReanalyses,
  listReanalysisAnswers,
  replaceAnalysisBatch,
} from '@lumen/db/repositories/reanalysis.repository';
import { ANALYZER_VERSION, analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { trackedEntities } from '@lumen/domain/entities/tracked-entities';
import type { AnswerAnalysis } from '@lumen/domain/entities/types';
import { ReanalyzeJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { DelayedError } from 'bullmq';
import { createJudgedAnalyzer, judgementRows, judgeOf } from '../answers/judged-analysis';
import { defineProcessor } from '../define-processor';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';

/** Answers read, analysed and replaced per transaction. */
const BATCH = 100;
/** How long a re-analysis waits while another of its brand is running, before trying again. */
const BUSY_WAIT_MS = 2_000;

async function tellBrand(deps: WorkerDeps, reanalysisId: string): Promise<void> {
  const row = await findReanalysis(deps.db, reanalysisId);
  if (!row) return;
  await deps.publish(TOPIC.recount(row.brandId), { reanalysisId, done: row.done });
  await deps.publish(TOPIC.workspace(row.workspaceId), { kind: 'recount', brandId: row.brandId });
}

export const reanalyzeStatusRow: StatusRow = {
  definition: ReanalyzeJob,
  rowIdOf: (payload) => String(payload.reanalysisId),
  payloadFor: (reanalysisId) => ({ reanalysisId }),
  fail: failReanalysis,
  listOpen: listOpenReanalyses,
  topic: TOPIC.reanalysis,
  // The brand's pages follow the brand, not the row.
  afterFail: tellBrand,
  failedMessage: 'Recounting the stored answers failed. Edit a name again to retry.',
  stoppedMessage: 'Recounting the stored answers stopped before it finished.',
};

/**
 * A brand's stored answers analysed again with its current names and today's analyzer
 * (docs/jobs.md, "Re-analysis"): in batches, each replacing its answers' mentions and citations
 * in one transaction and publishing the progress; then every daily rollup of the brand is
 * rebuilt in the transaction that completes the row (and records "Method changed" when the
 * analyzer's version moved). A second delivery starts over; each answer's rows are replaced, so
 * nothing counts twice. While another re-analysis of the brand runs, this one waits its turn.
 */
export const reanalyzeProcessor = defineProcessor(
  ReanalyzeJob,
  async ({ reanalysisId }, { deps, job, runtime }) => {
    const row = await findReanalysis(deps.db, reanalysisId);
    if (!row || row.status === 'COMPLETED' || row.status === 'FAILED') {
      return { status: row?.status ?? 'MISSING' };
    }
    const brand = await findBrand(deps.db, row.workspaceId, row.brandId);
    if (!brand) {
      await failReanalysis(deps.db, reanalysisId, 'The brand was deleted.');
      return { status: 'FAILED' };
    }
    const total = await countReanalysisAnswers(deps.db, row.brandId);
    const claimed = await claimReanalysis(deps.db, reanalysisId, {
      total,
      analyzerVersion: ANALYZER_VERSION,
    });
    if (claimed === 'over') return { status: 'OVER' };
    if (claimed === 'busy') {
      await job.moveToDelayed(Date.now() + BUSY_WAIT_MS, runtime.token);
      throw new DelayedError();
    }
    await tellBrand(deps, reanalysisId);

    const competitors = await listCompetitorsOfBrands(deps.db, row.workspaceId, [row.brandId]);
    const entities = trackedEntities(brand, competitors);
    const analyze = createAnalyzer(entities, { languageHint: brand.language });
    // With the judge on, cached verdicts decide again and only missing ones are asked
    // (docs/analysis.md, "The optional judge"); off, the deterministic rule alone.
    const judge = judgeOf(deps.env);
    const judged = judge
      ? createJudgedAnalyzer(entities, { languageHint: brand.language }, judge, deps.logger)
      : null;
    const started = performance.now();
    let after: string | null = null;
    let read = 0;
    while (true) {
      const batch = await listReanalysisAnswers(deps.db, row.brandId, after, BATCH);
      if (batch.length === 0) break;
      const mentions = [];
      const citations = [];
      const ids = batch.map((a) => a.id);
      const cached = judge
        ? await cachedVerdicts(deps.db, ids, judge.model, ANALYZER_VERSION)
        : null;
      for (const answer of batch) {
        const input = { text: answer.text, citations: answer.citations };
        let analysis: AnswerAnalysis;
        if (judge && judged) {
          const result = await judged(input, cached?.get(answer.id) ?? new Map(), {
            reanalysisId,
            answerId: answer.id,
          });
          await saveVerdicts(
            deps.db,
            judgementRows(answer.id, row.workspaceId, judge, result.fresh),
          );
          analysis = result.analysis;
        } else {
          analysis = analyze(input);
        }
        const rows = analysisRows(answer.id, analysis, entities, answer.citations);
        mentions.push(...rows.mentions);
        citations.push(...rows.citations);
      }
      const progress = await replaceAnalysisBatch(deps.db, reanalysisId, row.workspaceId, ids, {
        mentions,
        citations,
      });
      // Failed meanwhile (the reconciler, past its deadline): stop without another write.
      if (progress === null) return { status: 'OVER' };
      read += batch.length;
      after = ids[ids.length - 1] ?? null;
      await deps.publish(TOPIC.recount(row.brandId), { reanalysisId, ...progress });
    }
    const finished = await deps.db.transaction(async (tx) => {
      const days = await rebuildBrandRollups(tx, row.workspaceId, row.brandId);
      return (await completeReanalysis(tx, reanalysisId)) ? days : null;
    });
    if (finished === null) return { status: 'OVER' };
    const seconds = (performance.now() - started) / 1000;
    deps.logger.info(
      { reanalysisId, brandId: row.brandId, answers: read, days: finished, seconds },
      'brand re-analysed',
    );
    await tellBrand(deps, reanalysisId);
    return { status: 'COMPLETED', answers: read, days: finished };
  },
  { statusRow: reanalyzeStatusRow },
);
