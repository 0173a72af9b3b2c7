import type { Env } from '@lumen/config/env';
import type { JudgementRow } from '@lumen/db/repositories/analysis-judgement.repository';
import { ANALYZER_VERSION } from '@lumen/domain/analysis/analysis-rows';
import {
  type AnalyzerOptions,
  createAnalyzer,
  truncateAnswer,
} from '@lumen/domain/analysis/analyze-answer';
import {
  type AmbiguousOccurrence,
  pickAmbiguous,
  planJudging,
  verdictKey,
} from '@lumen/domain/analysis/judge';
import type { AnswerAnalysis, AnswerInput, TrackedEntity } from '@lumen/domain/entities/types';
import { createJudge, type Judge } from '@lumen/engines/judge';
import { engineEnvOf } from './engine-env';

/**
 * The judge the settings give (`ANALYSIS_JUDGE`, with its provider's key), or null: then every
 * figure comes from the deterministic rule alone (docs/analysis.md, "The optional judge").
 */
export function judgeOf(env: Env): Judge | null {
  return createJudge(engineEnvOf(env), env.ANALYSIS_JUDGE, env.ANALYSIS_JUDGE_MODEL);
}

/** Where a judge failure is told: the worker's logger. */
export type JudgeLog = { warn(fields: Record<string, unknown>, message: string): void };

/** Judge calls in flight at once for one answer. */
const CONCURRENCY = 4;

/** A verdict the judge gave now, to be cached with the answer. */
export type FreshVerdict = { entityId: string; start: number; brand: boolean };

export type JudgedAnalysis = { analysis: AnswerAnalysis; fresh: FreshVerdict[] };

/**
 * Analyses answers as `createAnalyzer` does, and lets the judge decide their ambiguous
 * occurrences: cached verdicts are reused, the rest are asked (at most MAX_JUDGED_PER_ANSWER per
 * answer), and an occurrence without a verdict (the judge failed or replied out of form) keeps
 * the deterministic decision. Failures are logged with ids and the reason, never the text.
 */
export function createJudgedAnalyzer(
  entities: readonly TrackedEntity[],
  options: AnalyzerOptions,
  judge: Judge,
  logger: JudgeLog,
): (
  answer: AnswerInput,
  cached: ReadonlyMap<string, boolean>,
  logContext: Record<string, unknown>,
) => Promise<JudgedAnalysis> {
  const analyze = createAnalyzer(entities, { ...options, explain: true });
  const names = new Map(entities.map((e) => [e.id, e.name]));
  return async (answer, cached, logContext) => {
    const first = analyze(answer);
    const ambiguous = pickAmbiguous(truncateAnswer(answer.text), first.decisions ?? []);
    if (ambiguous.length === 0) return { analysis: first, fresh: [] };
    const { known, ask } = planJudging(ambiguous, cached);
    const fresh: FreshVerdict[] = [];
    await eachLimited(ask, CONCURRENCY, async (o) => {
      const brand = await judge.ask(
        { brand: names.get(o.entityId) ?? '', sentence: o.sentence },
        (reason) =>
          logger.warn(
            { ...logContext, entityId: o.entityId, start: o.start, model: judge.model, reason },
            'the judge gave no verdict; the deterministic rule decides',
          ),
      );
      if (brand === null) return;
      known.set(verdictKey(o), brand);
      fresh.push({ entityId: o.entityId, start: o.start, brand });
    });
    fresh.sort((a, b) => a.start - b.start || a.entityId.localeCompare(b.entityId));
    if (known.size === 0) return { analysis: first, fresh };
    return { analysis: analyze(answer, known), fresh };
  };
}

/** The cache rows of an answer's fresh verdicts. */
export function judgementRows(
  answerId: string,
  workspaceId: string,
  judge: Judge,
  fresh: readonly FreshVerdict[],
): JudgementRow[] {
  return fresh.map((v) => ({
    answerId,
    workspaceId,
    entityId: v.entityId,
    start: v.start,
    model: judge.model,
    analyzerVersion: ANALYZER_VERSION,
    brand: v.brand,
  }));
}

async function eachLimited(
  items: readonly AmbiguousOccurrence[],
  limit: number,
  work: (item: AmbiguousOccurrence) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
