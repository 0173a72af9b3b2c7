import { currentTraceparent, inSpan } from '@lumen/config/tracing';
import { BrandRunJob, EngineQueryJob } from './definitions';
import { engineQueueOf } from './engine-queues';
import { enqueue } from './enqueue';
import { DEFAULT_JOB_OPTIONS, type Queues } from './queues';
import { retryPolicy } from './retry-policy';

/**
 * Starts a brand's run: its `brand-run` job, job id = run id, so a second call (a double click,
 * the reconciler) adds nothing. The job itself reads the run's prompts and engines and adds its
 * `engine-query` children (docs/jobs.md, "Brand runs"). Call it after the run row is committed.
 */
export function enqueueBrandRun(queues: Queues, runId: string): Promise<string> {
  return enqueue(queues, BrandRunJob, { runId }, { jobId: runId });
}

/**
 * A child's job id: one per (run, prompt, engine, sample), so adding the children again adds
 * nothing. The first sample keeps the id a run without samples always had.
 */
export function engineQueryJobId(
  runId: string,
  promptId: string,
  engine: string,
  sample = 1,
): string {
  return sample === 1
    ? `${runId}_${promptId}_${engine}`
    : `${runId}_${promptId}_${engine}_${sample}`;
}

/**
 * The payload a child job id (or its Redis key, `<prefix>:<queue>:<id>`) stands for: how the
 * parent names children that failed before they could store anything. Null for other ids.
 */
export function parseEngineQueryJobId(
  keyOrId: string,
): { runId: string; promptId: string; engine: string; sample: number } | null {
  const jobId = keyOrId.slice(keyOrId.lastIndexOf(':') + 1);
  const [runId = '', promptId = '', ...rest] = jobId.split('_');
  // Samples after the first carry their number as a last segment (engineQueryJobId).
  const suffixed = rest.length > 1 && /^[2-5]$/.test(rest.at(-1) ?? '');
  const sample = suffixed ? Number(rest.at(-1)) : 1;
  const engine = (suffixed ? rest.slice(0, -1) : rest).join('_');
  const parsed = EngineQueryJob.payload.safeParse({ runId, promptId, engine, sample });
  return parsed.success ? parsed.data : null;
}

/**
 * Adds a run's `engine-query` children under its running `brand-run` job, each on its engine's
 * queue, in one atomic flow insert. A child that fails for good leaves its parent free to finish
 * (`ignoreDependencyOnFailure`): the parent counts it as failed.
 */
export async function addEngineQueries(
  queues: Queues,
  parent: { id: string; queue: string },
  runId: string,
  children: readonly { promptId: string; engine: string; sample: number }[],
): Promise<void> {
  if (children.length === 0) return;
  const policy = retryPolicy(
    EngineQueryJob.retryBudgetMinutes,
    queues.timeScale,
    EngineQueryJob.attempts,
  );
  // With tracing on, the children carry the brand-run job's trace as `enqueue` does
  // (docs/observability.md, "Traces"): each engine query is a span of the run's one trace.
  await inSpan(
    `enqueue ${EngineQueryJob.name}`,
    {
      kind: 'producer',
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'send',
        'messaging.batch.message_count': children.length,
        'lumen.job.name': EngineQueryJob.name,
        'lumen.run_id': runId,
      },
    },
    async () => {
      const traceparent = currentTraceparent();
      await queues.flows.addBulk(
        children.map(({ promptId, engine, sample }) => ({
          name: EngineQueryJob.name,
          queueName: engineQueueOf(engine),
          data: {
            ...EngineQueryJob.payload.parse({ runId, promptId, engine, sample }),
            ...(traceparent ? { traceparent } : {}),
          },
          opts: {
            ...DEFAULT_JOB_OPTIONS,
            ...policy,
            jobId: engineQueryJobId(runId, promptId, engine, sample),
            parent,
            ignoreDependencyOnFailure: true,
          },
        })),
      );
    },
  );
}

/**
 * Takes a cancelled run's jobs out of Redis where it can: the parent and its children that have
 * not started. Best effort: a child already running finishes, sees the run is no longer RUNNING
 * and stores nothing (the processors re-read the row).
 */
export async function removeBrandRunJobs(queues: Queues, runId: string): Promise<boolean> {
  try {
    return (await queues[BrandRunJob.queue].remove(runId, { removeChildren: true })) === 1;
  } catch {
    return false;
  }
}
