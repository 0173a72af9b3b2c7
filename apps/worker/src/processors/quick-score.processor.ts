import {
  completeQuickScore,
  ensureQuickScoreRun,
  failQuickScore,
  findQuickScore,
  finishRun,
  listOpenQuickScores,
  listRunAnswers,
  markQuickScoreRunning,
  updateQuickScoreProgress,
} from '@lumen/db/repositories/quick-score.repository';
import { findGaps } from '@lumen/domain/gaps/find-gaps';
import { generatePrompts } from '@lumen/domain/prompts/generate-prompts';
import {
  analyzeQuickScore,
  buildQuickScoreResult,
  type QuickScoreAnswer,
} from '@lumen/domain/quick-score/build-quick-score-result';
import { QUICK_SCORE_LIMITS } from '@lumen/domain/quick-score/quick-score-input';
import { defaultEngineIds, listEngines } from '@lumen/engines/registry';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { collectAnswers } from '../answers/collect-answers';
import { engineEnvOf } from '../answers/engine-env';
import { defineProcessor, JobFailure } from '../define-processor';
import type { StatusRow } from '../status-row';

/** How many engine calls one quick score makes at once. */
const CONCURRENCY = 8;

export const quickScoreStatusRow: StatusRow = {
  definition: QuickScoreJob,
  rowIdOf: (payload) => String(payload.quickScoreId),
  payloadFor: (quickScoreId) => ({ quickScoreId }),
  fail: failQuickScore,
  listOpen: listOpenQuickScores,
  topic: TOPIC.quickScore,
  failedMessage: 'The quick check could not be completed. Please try again.',
  stoppedMessage: 'This check stopped before it finished. Please run it again.',
};

/**
 * 10 brand-neutral prompts × every available engine, answered in parallel; the row and an
 * event are updated as each answer lands; then analysis, metrics and gaps make the result.
 */
export const quickScoreProcessor = defineProcessor(
  QuickScoreJob,
  async ({ quickScoreId }, { deps }) => {
    const { db } = deps;
    const publish = () => deps.publish(TOPIC.quickScore(quickScoreId));
    const row = await findQuickScore(db, quickScoreId);
    if (!row || row.status === 'COMPLETED' || row.status === 'FAILED')
      return { status: row?.status ?? 'MISSING' };

    const engineEnv = engineEnvOf(deps.env);
    const infos = new Map(listEngines(engineEnv).map((e) => [e.id, e]));
    const engines = defaultEngineIds(engineEnv).map((id) => ({
      id,
      label: infos.get(id)?.label ?? id,
    }));
    // The industry ("CRM software") is the keyword; brand-neutral questions only.
    const prompts = generatePrompts({
      keyword: row.industry,
      industry: '',
      competitors: row.competitors.map((c) => c.name),
      count: QUICK_SCORE_LIMITS.prompts,
    }).map((p) => localizePrompt(p.text, row.country));
    const initial = engines.map((e) => ({
      engine: e.id,
      label: e.label,
      done: 0,
      failed: 0,
      total: prompts.length,
    }));
    if (!(await markQuickScoreRunning(db, quickScoreId, { engines: initial, phase: 'asking' }))) {
      return { status: 'MOVED_ON' };
    }
    await publish();

    const runId = await ensureQuickScoreRun(db, quickScoreId, prompts.length * engines.length);
    const progress = await collectAnswers(deps, {
      runId,
      engines,
      prompts,
      concurrency: CONCURRENCY,
      logContext: { quickScoreId },
      onProgress: async (engineProgress, percent) => {
        await updateQuickScoreProgress(db, quickScoreId, percent, {
          engines: engineProgress,
          phase: 'asking',
        });
        await publish();
      },
    });

    const answers: QuickScoreAnswer[] = (await listRunAnswers(db, runId))
      .filter((a) => a.text !== null && a.error === null)
      .map((a) => ({
        engine: a.engine,
        label: infos.get(a.engine)?.label ?? a.engine,
        prompt: a.promptText,
        text: a.text ?? '',
        citations: a.citations,
      }));
    if (answers.length === 0)
      throw new JobFailure('None of the AI engines answered. Please try again later.');

    const analyzed = analyzeQuickScore(
      {
        brandName: row.brandName,
        domain: row.domain,
        competitors: row.competitors.map((c) => ({ name: c.name, website: c.website ?? null })),
      },
      answers,
    );
    const gaps = findGaps({
      brandId: 'brand',
      entities: analyzed.entities,
      prompts: prompts.map((text) => ({
        promptId: text,
        text,
        answers: analyzed.analyses
          .filter(({ answer }) => answer.prompt === text)
          .map(({ answer, analysis }) => ({ engine: answer.engine, analysis })),
      })),
    });
    const result = buildQuickScoreResult(
      analyzed,
      prompts,
      gaps.map((g) => ({
        title: g.title,
        type: g.type,
        impact: g.impact,
        recommendedKind: g.recommendedKind,
      })),
    );
    await completeQuickScore(db, quickScoreId, result, { engines: progress, phase: 'done' });
    await finishRun(db, runId, 'COMPLETED', answers.length, null);
    await publish();
    return { status: 'COMPLETED' };
  },
  { statusRow: quickScoreStatusRow },
);

/** A country makes every question local: "What is the best CRM software in Germany?" */
export function localizePrompt(text: string, country: string | null): string {
  if (!country) return text;
  const match = /^(.*?)([?.!]?)$/s.exec(text.trim());
  const body = match?.[1] ?? text;
  const end = match?.[2] || '';
  return `${body} in ${country}${end}`;
}
