import {
  budgetRefusalMessage,
  holdPaidAnswer,
  releaseHold,
} from '@lumen/db/repositories/budget.repository';
import { loadQueryContext, storeEngineAnswer } from '@lumen/db/repositories/run.repository';
import { analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { isPaidEngine } from '@lumen/domain/brands/answer-quota';
import { type BudgetThreshold, utcMonth } from '@lumen/domain/costs/budget';
import { storedPlace } from '@lumen/domain/places/place';
import type { EngineAnswer } from '@lumen/engines/engine';
import { EngineError, EngineRateLimitError } from '@lumen/engines/engine';
import { loadPriceTable, priceAnswer, typicalCost } from '@lumen/engines/pricing/price-table';
import { getEngine } from '@lumen/engines/registry';
import { EngineQueryJob } from '@lumen/jobs/definitions';
import { ENGINE_QUEUES } from '@lumen/jobs/engine-queues';
import { TOPIC } from '@lumen/jobs/events';
import { enqueueNotify } from '@lumen/jobs/notify';
import { Worker } from 'bullmq';
import { activityAdded } from '../activity/job-outcome';
import { createJudgedAnalyzer, judgementRows, judgeOf } from '../answers/judged-analysis';
import { workspaceEngineContext } from '../answers/workspace-engines';
import { defineProcessor } from '../define-processor';
import type { WorkerDeps } from '../deps';

/** After the commit: the budget thresholds reached now go to the notify queue, once each. */
async function announceBudget(
  deps: WorkerDeps,
  workspaceId: string,
  outcomes: readonly { spendId: string; due: readonly BudgetThreshold[] }[],
): Promise<void> {
  const due = outcomes.filter((o) => o.due.length > 0);
  for (const { spendId, due: thresholds } of due) {
    for (const threshold of thresholds) {
      await enqueueNotify(deps.queues, 'budget', spendId, threshold === 'warning' ? 80 : 100);
    }
  }
  if (due.length > 0) await activityAdded(deps, workspaceId);
}

/** A 429 without a retry-after pauses its provider's queue this long. */
const DEFAULT_RATE_LIMIT_MS = 5_000;
/**
 * A query rate-limited this many times gives up (429s do not use up attempts, so without a cap
 * a provider that never lets us through would hold the run until its deadline).
 */
const MAX_STARTS = 60;

/**
 * One prompt asked of one engine for a brand run, as one of the run's samples (docs/jobs.md,
 * "Brand runs"; docs/metrics.md, "Samples"): the engine's answer is analysed against the brand's
 * tracked entities and stored with its mentions and citations in one transaction, counted on the
 * run, and the run's subscribers are told.
 *
 * - The run is no longer RUNNING (cancelled, failed): nothing is asked or stored.
 * - The answer is stored already (a second delivery): nothing is asked or stored.
 * - With `ANALYSIS_JUDGE` on, ambiguous occurrences of common-word names are put to the judge
 *   before the answer is stored, and its verdicts are stored with it (docs/analysis.md, "The
 *   optional judge"); a judge failure leaves the deterministic rule and never fails the query.
 * - 429: the provider's whole queue pauses for its retry-after and the query waits its turn,
 *   without using an attempt.
 * - An engine error a retry cannot help (auth, bad request, unconfigured), or any engine error
 *   on the last of the 5 attempts: stored as a failed answer (counted in `runs.failed`).
 * - Anything else (the database away) is retried; a query that fails for good is counted as
 *   failed by its parent.
 */
export const engineQueryProcessor = defineProcessor(
  EngineQueryJob,
  async ({ runId, promptId, engine, sample }, { deps, job, finalAttempt, runtime }) => {
    const context = await loadQueryContext(deps.db, runId, promptId, engine, sample);
    if (context?.status !== 'RUNNING') return { status: 'SKIPPED' };
    if (context.promptText === null) return { status: 'PROMPT_DELETED' };
    if (context.answered) return { status: 'DUPLICATE' };

    let answer: EngineAnswer | null = null;
    let costUsd: number | null = null;
    let failure: string | null = null;
    // A paid answer holds its typical cost in the month's budget before it is asked, and is
    // charged its real cost when stored (docs/engines.md, "Budget").
    const paid = isPaidEngine(engine);
    const hold = { key: `${runId}:${promptId}:${engine}:${sample}`, month: utcMonth(new Date()) };
    const budgetDue: { spendId: string; due: BudgetThreshold[] }[] = [];
    try {
      const engineContext = await workspaceEngineContext(deps, context.workspaceId, engine);
      const asked = getEngine(engine, engineContext);
      const prices = loadPriceTable(deps.env);
      const held = paid
        ? await holdPaidAnswer(deps.db, {
            workspaceId: context.workspaceId,
            runId,
            key: hold.key,
            month: hold.month,
            estimateUsd: typicalCost(prices, asked.provider, asked.model) ?? 0,
          })
        : ({ allowed: true } as const);
      if (held.allowed) {
        answer = await asked.answer({
          prompt: context.promptText,
          sample,
          country: context.place.country,
          language: context.place.language,
        });
        costUsd = priceAnswer(prices, asked.provider, answer);
      } else {
        failure = budgetRefusalMessage(held.budgetUsd);
        budgetDue.push({ spendId: held.spendId, due: held.due });
      }
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      const gaveUp = finalAttempt || job.attemptsStarted >= MAX_STARTS;
      if (error instanceof EngineRateLimitError && !gaveUp) {
        await runtime.rateLimit(error.retryAfterMs ?? DEFAULT_RATE_LIMIT_MS);
        throw Worker.RateLimitError();
      }
      if (error.retryable && !gaveUp) {
        deps.logger.warn({ runId, engine, err: error.message }, 'engine did not answer; retrying');
        throw error;
      }
      deps.logger.warn({ runId, engine, code: error.code }, 'engine query failed for good');
      failure = error.message;
    }

    // The optional judge asks before the answer is stored (a new answer has no cached verdict),
    // so its verdicts are stored with the analysis they decided, in one transaction.
    const judge = answer ? judgeOf(deps.env) : null;
    const judged =
      answer && judge
        ? await createJudgedAnalyzer(
            context.entities,
            { languageHint: context.place.language },
            judge,
            deps.logger,
          )({ text: answer.text, citations: answer.citations }, new Map(), {
            runId,
            promptId,
            engine,
          })
        : null;

    const outcome = await storeEngineAnswer(
      deps.db,
      runId,
      context.workspaceId,
      {
        promptId,
        promptText: context.promptText,
        engine,
        sample,
        requestedModel: answer?.requestedModel ?? null,
        servedModel: answer?.servedModel ?? null,
        text: answer?.text ?? null,
        citations: answer?.citations ?? [],
        latencyMs: answer?.latencyMs ?? null,
        usage: answer?.usage ?? null,
        costUsd: answer ? costUsd : null,
        noOverview: answer?.noOverview === true,
        ...storedPlace(context.place),
        error: failure,
      },
      (answerId) =>
        answer
          ? {
              ...analysisRows(
                answerId,
                judged?.analysis ??
                  createAnalyzer(context.entities, { languageHint: context.place.language })({
                    text: answer.text,
                    citations: answer.citations,
                  }),
                context.entities,
                answer.citations,
              ),
              judgements:
                judge && judged
                  ? judgementRows(answerId, context.workspaceId, judge, judged.fresh)
                  : [],
            }
          : { mentions: [], citations: [] },
      paid && budgetDue.length === 0
        ? { ...hold, onCharged: (charged) => budgetDue.push(charged) }
        : undefined,
    );
    if (paid && outcome !== 'stored') await releaseHold(deps.db, hold.key);
    await announceBudget(deps, context.workspaceId, budgetDue);
    if (outcome === 'stored') await deps.publish(TOPIC.run(runId), { engine });
    return { status: outcome.toUpperCase() };
  },
  { queues: ENGINE_QUEUES },
);
