import {
  completeQuickScore,
  type EngineProgress,
  ensureQuickScoreRun,
  failQuickScore,
  findQuickScore,
  finishRun,
  insertRunAnswer,
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
import { EngineError } from '@lumen/engines/engine';
import { defaultEngineIds, getEngine, listEngines } from '@lumen/engines/registry';
import { QuickScoreJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { runPool } from '../run-pool';

/** How many engine calls one quick score makes at once. */
const CONCURRENCY = 8;

/**
 * 10 brand-neutral prompts × every available engine, answered in parallel; the row and an
 * event are updated as each answer lands; then analysis, metrics and gaps make the result.
 * Answers already stored (an earlier delivery) are reused, so a retry does no duplicate work.
 */
export async function processQuickScore(job: Job, deps: WorkerDeps): Promise<{ status: string }> {
  const { quickScoreId } = QuickScoreJob.payload.parse(job.data);
  const { sql } = deps.db;
  const publish = () => deps.publish(TOPIC.quickScore(quickScoreId));
  const row = await findQuickScore(sql, quickScoreId);
  if (!row || row.status === 'COMPLETED' || row.status === 'FAILED')
    return { status: row?.status ?? 'MISSING' };

  try {
    const engineEnv = engineEnvOf(deps);
    const engineIds = defaultEngineIds(engineEnv);
    const infos = new Map(listEngines(engineEnv).map((e) => [e.id, e]));
    // The industry ("CRM software") is the keyword; brand-neutral questions only.
    const prompts = generatePrompts({
      keyword: row.industry,
      industry: '',
      competitors: row.competitors.map((c) => c.name),
      count: QUICK_SCORE_LIMITS.prompts,
    }).map((p) => localizePrompt(p.text, row.country));
    const total = prompts.length * engineIds.length;
    const progress: EngineProgress[] = engineIds.map((id) => ({
      engine: id,
      label: infos.get(id)?.label ?? id,
      done: 0,
      failed: 0,
      total: prompts.length,
    }));
    if (!(await markQuickScoreRunning(sql, quickScoreId, { engines: progress, phase: 'asking' }))) {
      return { status: 'MOVED_ON' };
    }
    await publish();

    const runId = await ensureQuickScoreRun(sql, quickScoreId, total);
    const stored = await listRunAnswers(sql, runId);
    const have = new Set(stored.map((a) => `${a.engine}\u0000${a.promptText}`));
    for (const a of stored) {
      const p = progress.find((e) => e.engine === a.engine);
      if (p && a.error) p.failed++;
      else if (p) p.done++;
    }
    const percent = () =>
      Math.min(95, Math.round((95 * progress.reduce((s, e) => s + e.done + e.failed, 0)) / total));

    const tasks = engineIds.flatMap((engine) =>
      prompts
        .filter((prompt) => !have.has(`${engine}\u0000${prompt}`))
        .map((prompt) => ({ engine, prompt })),
    );
    let writes: Promise<void> = Promise.resolve();
    await runPool(tasks, CONCURRENCY, async ({ engine, prompt }) => {
      const entry = progress.find((e) => e.engine === engine)!;
      try {
        const answer = await getEngine(engine, { env: engineEnv, sql }).answer({ prompt });
        await insertRunAnswer(sql, runId, {
          promptText: prompt,
          engine,
          text: answer.text,
          citations: answer.citations,
          requestedModel: answer.requestedModel,
          servedModel: answer.servedModel,
          latencyMs: answer.latencyMs,
          usage: answer.usage ?? null,
          error: null,
        });
        entry.done++;
      } catch (error) {
        // One engine failing one prompt does not fail the check; it is recorded and shown.
        const message = error instanceof EngineError ? error.message : 'The engine did not answer.';
        deps.logger.warn({ engine, quickScoreId, err: message }, 'quick score answer failed');
        if (error instanceof EngineError && error.retryable) throw error;
        await insertRunAnswer(sql, runId, {
          promptText: prompt,
          engine,
          text: null,
          citations: [],
          requestedModel: null,
          servedModel: null,
          latencyMs: null,
          usage: null,
          error: message,
        });
        entry.failed++;
      }
      // Writes are chained so they land in the order the answers did: the row never shows an
      // older snapshot after a newer one.
      const snapshot = {
        percent: percent(),
        state: { engines: structuredClone(progress), phase: 'asking' },
      };
      writes = writes.then(async () => {
        await updateQuickScoreProgress(sql, quickScoreId, snapshot.percent, snapshot.state);
        await publish();
      });
      await writes;
    });

    const answers: QuickScoreAnswer[] = (await listRunAnswers(sql, runId))
      .filter((a) => a.text !== null && a.error === null)
      .map((a) => ({
        engine: a.engine,
        label: infos.get(a.engine)?.label ?? a.engine,
        prompt: a.promptText,
        text: a.text ?? '',
        citations: a.citations,
      }));
    if (answers.length === 0)
      throw new QuickScoreFailure('None of the AI engines answered. Please try again later.');

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
    await completeQuickScore(sql, quickScoreId, result, { engines: progress, phase: 'done' });
    await finishRun(sql, runId, 'COMPLETED', answers.length, null);
    await publish();
    return { status: 'COMPLETED' };
  } catch (error) {
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof QuickScoreFailure || job.attemptsMade + 1 >= attempts;
    if (final) {
      const message =
        error instanceof QuickScoreFailure
          ? error.message
          : 'The quick check could not be completed. Please try again.';
      await failQuickScore(sql, quickScoreId, message);
      await publish();
    }
    throw error;
  }
}

class QuickScoreFailure extends Error {}

/** A country makes every question local: "What is the best CRM software in Germany?" */
export function localizePrompt(text: string, country: string | null): string {
  if (!country) return text;
  const match = /^(.*?)([?.!]?)$/s.exec(text.trim());
  const body = match?.[1] ?? text;
  const end = match?.[2] || '';
  return `${body} in ${country}${end}`;
}

const ENGINE_SETTINGS = [
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_BASE_URL',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_MODEL',
  'GOOGLE_GENERATIVE_AI_BASE_URL',
  'PERPLEXITY_API_KEY',
  'PERPLEXITY_MODEL',
  'PERPLEXITY_BASE_URL',
  'OPENAI_COMPATIBLE_BASE_URL',
  'OPENAI_COMPATIBLE_API_KEY',
  'OPENAI_COMPATIBLE_MODEL',
] as const;

/** Only the provider settings reach the engines, never the rest of the environment. */
function engineEnvOf(deps: WorkerDeps): Record<string, string | undefined> {
  return Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, deps.env[key]]));
}
