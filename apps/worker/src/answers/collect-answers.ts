import {
  type EngineProgress,
  insertRunAnswers,
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

  // Prompt-major: the personas of one prompt are asked together, so that the local engine's
  // identical searches overlap and run once (local-engine.ts, `sharedSearch`).
  const tasks = input.prompts.flatMap((prompt) =>
    input.engines
      .filter(({ id }) => !have.has(`${id}\u0000${prompt}`))
      .map(({ id }) => ({ engine: id, prompt })),
  );

  // Answers are stored in batches: every answer that lands while the previous batch is being
  // written goes into the next one, stored in one statement and followed by one progress write.
  // So a write is never waited for twice, and there are two round trips per batch instead of
  // two per answer (docs/benchmarks.md, "Quick checks per minute"). Batches are written one
  // after another, so the row never shows an older snapshot after a newer one; each task waits
  // for the batch holding its answer, so a database error still fails the job.
  type Row = Parameters<typeof insertRunAnswers>[2][number];
  let chain: Promise<void> = Promise.resolve();
  let open: { rows: Row[]; written: Promise<void> } | null = null;
  const store = (row: Row): Promise<void> => {
    if (!open) {
      const rows: Row[] = [];
      const written = chain.then(async () => {
        // Closed as its write starts: later answers go into the next batch.
        open = null;
        await insertRunAnswers(db, input.runId, rows);
        for (const r of rows) {
          const entry = progress.find((e) => e.engine === r.engine)!;
          if (r.error === null) entry.done++;
          else entry.failed++;
        }
        await input.onProgress(structuredClone(progress), percent());
      });
      open = { rows, written };
      chain = written;
    }
    open.rows.push(row);
    return open.written;
  };

  await runPool(tasks, input.concurrency, async ({ engine, prompt }) => {
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
    await store({
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
  });
  return progress;
}
