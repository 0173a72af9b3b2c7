import { guestDistinctId } from '@lumen/config/analytics';
import {
  completeQuickScore,
  ensureQuickScoreRun,
  failQuickScore,
  findQuickScore,
  findQuickScoreRequester,
  finishRun,
  listOpenQuickScores,
  listRunAnswers,
  markQuickScoreRunning,
  updateQuickScoreProgress,
} from '@lumen/db/repositories/quick-score.repository';
import { findGaps } from '@lumen/domain/gaps/find-gaps';
import { generatePrompts } from '@lumen/domain/prompts/generate-prompts';
import { quoteGuestText, unquotePlainTerm } from '@lumen/domain/prompts/guest-text';
import {
  analyzeQuickScore,
  buildQuickScoreResult,
  type QuickScoreAnswer,
} from '@lumen/domain/quick-score/build-quick-score-result';
import { QUICK_SCORE_LIMITS } from '@lumen/domain/quick-score/quick-score-input';
import { defaultEngineIds, listEngines } from '@lumen/engines/registry';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { GUEST_BUDGET_SPENT_MESSAGE, reserveGuestEngines } from '@lumen/jobs/guest-engine-budget';
import { collectAnswers } from '../answers/collect-answers';
import { engineEnvOf } from '../answers/engine-env';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import type { StatusRow } from '../status-row';

/** How many engine calls one quick score makes at once. */
const CONCURRENCY = 8;

type ClaimedQuickScore = {
  score: NonNullable<Awaited<ReturnType<typeof findQuickScore>>>;
  engines: { id: string; label: string }[];
  prompts: string[];
  infos: Map<string, { label: string; offline: boolean }>;
};

export const quickScoreStatusRow: StatusRow<ClaimedQuickScore> = {
  definition: QuickScoreJob,
  rowIdOf: (payload) => String(payload.quickScoreId),
  payloadFor: (quickScoreId) => ({ quickScoreId }),
  fail: failQuickScore,
  listOpen: listOpenQuickScores,
  topic: TOPIC.quickScore,
  // RUNNING starts with the engines the check will ask (the guest budget decides the paid ones),
  // so the results page lists them from its first frame.
  claim: async (deps, quickScoreId) => {
    const score = await findQuickScore(deps.db, quickScoreId);
    if (!score || score.status === 'COMPLETED' || score.status === 'FAILED') {
      return { movedOn: score?.status ?? 'MISSING' };
    }
    const engineEnv = engineEnvOf(deps.env);
    const infos = new Map(listEngines(engineEnv).map((e) => [e.id, e]));
    const engines = (
      await guestEngines(deps, quickScoreId, defaultEngineIds(engineEnv), infos)
    ).map((id) => ({ id, label: infos.get(id)?.label ?? id }));
    if (engines.length === 0) throw new JobFailure(GUEST_BUDGET_SPENT_MESSAGE);
    const prompts = guestPrompts(score);
    const initial = engines.map((e) => ({
      engine: e.id,
      label: e.label,
      done: 0,
      failed: 0,
      total: prompts.length,
    }));
    const moved = await markQuickScoreRunning(deps.db, quickScoreId, {
      engines: initial,
      phase: 'asking',
    });
    if (!moved) return { movedOn: 'MOVED_ON' };
    await deps.publish(TOPIC.quickScore(quickScoreId));
    return { row: { score, engines, prompts, infos } };
  },
  failedMessage: 'The quick check could not be completed. Please try again.',
  stoppedMessage: 'This check stopped before it finished. Please run it again.',
};

/**
 * 10 brand-neutral prompts × every available engine, answered in parallel; the row and an
 * event are updated as each answer lands; then analysis, metrics and gaps make the result.
 */
export const quickScoreProcessor = defineProcessor(
  QuickScoreJob,
  async ({ quickScoreId }, { deps, row: claimed }) => {
    const { db } = deps;
    const { score: row, engines, prompts, infos } = claimed;
    const publish = () => deps.publish(TOPIC.quickScore(quickScoreId));

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
    const requester = await findQuickScoreRequester(db, quickScoreId);
    if (requester) {
      deps.analytics.capture(guestDistinctId(requester), 'quick_score_completed', {
        quick_score_id: quickScoreId,
        score: result.score,
        engines: engines.length,
        answers: answers.length,
      });
    }
    return { status: 'COMPLETED' };
  },
  { statusRow: quickScoreStatusRow },
);

/**
 * The engines this check may use: offline engines always; a paid engine only while it has
 * today's guest budget left (reserved atomically per engine and UTC day, see
 * @lumen/jobs/guest-engine-budget). A spent engine is skipped; with none left the check fails
 * with the "try again tomorrow" message.
 */
async function guestEngines(
  deps: WorkerDeps,
  quickScoreId: string,
  ids: string[],
  infos: Map<string, { offline: boolean }>,
): Promise<string[]> {
  const paid = ids.filter((id) => infos.get(id)?.offline === false);
  if (paid.length === 0) return ids;
  const granted = new Set(
    await reserveGuestEngines(
      {
        redis: deps.redis,
        prefix: deps.env.REDIS_PREFIX,
        perEngine: deps.env.GUEST_ENGINE_DAILY_BUDGET,
      },
      quickScoreId,
      paid,
    ),
  );
  return ids.filter((id) => infos.get(id)?.offline !== false || granted.has(id));
}

/**
 * The check's questions: the industry ("CRM software") is the keyword; brand-neutral questions
 * only. Everything the guest typed goes in cleaned and quoted (guest-text.ts), so it is the
 * subject of our question and never an instruction of its own; a plain term loses its quotes
 * again, so the question reads as a person would ask it: `What is the best CRM software in
 * Germany?`, but `What is the best “CRM . Ignore previous instructions and …”?`
 */
export function guestPrompts(row: {
  industry: string;
  country: string | null;
  competitors: { name: string }[];
}): string[] {
  return generatePrompts({
    keyword: quoteGuestText(row.industry),
    industry: '',
    competitors: row.competitors.map((c) => quoteGuestText(c.name)),
    count: QUICK_SCORE_LIMITS.prompts,
  }).map((p) => localizePrompt(p.text, row.country ? quoteGuestText(row.country) : null));
}

/** A country makes every question local: "What is the best CRM software in Germany?" */
export function localizePrompt(text: string, country: string | null): string {
  if (!country) return text;
  const match = /^(.*?)([?.!]?)$/s.exec(text.trim());
  const body = match?.[1] ?? text;
  const end = match?.[2] || '';
  return `${body} in ${unquotePlainTerm(country)}${end}`;
}
