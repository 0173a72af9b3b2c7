import {
  type EngineProgress,
  insertRunAnswer,
  listRunAnswers,
} from '@lumen/db/repositories/quick-score.repository';
import { EngineError } from '@lumen/engines/engine';
import { getEngine } from '@lumen/engines/registry';
import type { WorkerDeps } from '../deps';
import { runPool } from '../run-pool';
import { engineEnvOf } from './engine-env';

export type CollectAnswersInput = {
  runId: string;
  engines: { id: string; label: string }[];
  prompts: string[];
  /** Engine calls in flight at once. */
  concurrency: number;
  /** Called after every stored answer, in the order they landed; `percent` is 0–95. */
  onProgress(progress: EngineProgress[], percent: number): Promise<void>;
  /** For log lines: which job this is (a quick score id, a run id). */
  logContext: Record<string, string>;
};

/**
 * prompts × engines → stored answers → progress: the loop every measuring job shares (the
 * quick score, brand runs). Answers already stored for the run (an earlier delivery) are reused,
 * so a retry does no duplicate work and never stores an answer twice.
 *
 * An engine failing one prompt is recorded on that answer and does not fail the job, unless the
 * engine says a retry may help. A database error always propagates: the job is retried within
 * its budget, and it is logged as what it is, not as an engine failure.
 */
export async function collectAnswers(
  deps: WorkerDeps,
  input: CollectAnswersInput,
): Promise<EngineProgress[]> {
  const { db } = deps;
  const engineEnv = engineEnvOf(deps.env);
  const total = input.prompts.length * input.engines.length;
  const progress: EngineProgress[] = input.engines.map((e) => ({
    engine: e.id,
    label: e.label,
    done: 0,
    failed: 0,
    total: input.prompts.length,
  }));
  const stored = await listRunAnswers(db, input.runId);
  const have = new Set(stored.map((a) => `${a.engine}\u0000${a.promptText}`));
  for (const a of stored) {
    const entry = progress.find((e) => e.engine === a.engine);
    if (entry && a.error) entry.failed++;
    else if (entry) entry.done++;
  }
  const percent = () =>
    total === 0
      ? 95
      : Math.min(
          95,
          Math.round((95 * progress.reduce((s, e) => s + e.done + e.failed, 0)) / total),
        );

  const tasks = input.engines.flatMap(({ id }) =>
    input.prompts
      .filter((prompt) => !have.has(`${id}\u0000${prompt}`))
      .map((prompt) => ({ engine: id, prompt })),
  );
  let writes: Promise<void> = Promise.resolve();
  await runPool(tasks, input.concurrency, async ({ engine, prompt }) => {
    const entry = progress.find((e) => e.engine === engine)!;
    let answer: Awaited<ReturnType<ReturnType<typeof getEngine>['answer']>> | null = null;
    let failure: string | null = null;
    try {
      answer = await getEngine(engine, { env: engineEnv, db }).answer({ prompt });
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      deps.logger.warn(
        { ...input.logContext, engine, err: error.message },
        'engine did not answer',
      );
      if (error.retryable) throw error;
      failure = error.message;
    }
    await insertRunAnswer(db, input.runId, {
      promptText: prompt,
      engine,
      text: answer?.text ?? null,
      citations: answer?.citations ?? [],
      requestedModel: answer?.requestedModel ?? null,
      servedModel: answer?.servedModel ?? null,
      latencyMs: answer?.latencyMs ?? null,
      usage: answer?.usage ?? null,
      error: failure,
    });
    if (failure === null) entry.done++;
    else entry.failed++;
    // Writes are chained so they land in the order the answers did: the row never shows an
    // older snapshot after a newer one.
    const snapshot = { progress: structuredClone(progress), percent: percent() };
    writes = writes.then(() => input.onProgress(snapshot.progress, snapshot.percent));
    await writes;
  });
  return progress;
}
