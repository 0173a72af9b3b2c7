import { samplesForRun } from '@lumen/domain/brands/samples';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { type AnswerQuota, checkRunQuota } from './usage.repository';

// Starting and cancelling a brand run (docs/jobs.md, "Brand runs"). Every start, whoever asks
// (the API, a brand's schedule, a re-measure after a publication), goes through
// `startBrandRun` inside a transaction, then `enqueueBrandRun(queues, runId)` after the commit.

export type BrandRunTrigger = 'MANUAL' | 'SCHEDULED' | 'TARGETED';

/** Why a brand with nothing to ask gets no run; a scheduled slot records it as its run's error. */
export const NOTHING_TO_ASK_MESSAGE =
  'This brand has no active prompts to ask. Add a prompt and run it again.';

export type StartBrandRunInput = {
  trigger: BrandRunTrigger;
  brandId: string;
  /** The workspace that asks (the API): another workspace's brand is 'no-brand'. */
  workspaceId?: string;
  /** TARGETED: the prompts to ask again (those still active); others ask every active prompt. */
  promptIds?: readonly string[];
  /** Whether the instance sells plans (`PLANS`): only then does a refusal name the plan. */
  plans: boolean;
};

export type StartBrandRunOutcome =
  | { kind: 'started'; runId: string; workspaceId: string }
  /** The brand has an open run (named): one open run per brand. */
  | { kind: 'busy'; runId: string; workspaceId: string }
  /** Missing, archived, or (SCHEDULED) paused or manual: its scheduler should not exist. */
  | { kind: 'no-brand' }
  /** No active prompt to ask. SCHEDULED: `runId` is the FAILED run that says so. */
  | { kind: 'nothing-to-ask'; workspaceId: string; runId: string | null }
  /**
   * The plan's monthly answer quota does not cover it (docs/brands.md, "Answer quota").
   * SCHEDULED: `runId` is the FAILED run that says so; otherwise nothing is inserted.
   */
  | {
      kind: 'quota-exceeded';
      code: 'QUOTA_EXCEEDED';
      workspaceId: string;
      quota: AnswerQuota;
      message: string;
      runId: string | null;
    };

const TRIGGER = { MANUAL: 'manual', SCHEDULED: 'scheduled', TARGETED: 'targeted' } as const;

/**
 * A QUEUED run of a brand, under one locking scheme: the brand row is locked FOR UPDATE, so two
 * starts of one brand queue and the second sees the first's run ('busy'); then the month's answer
 * quota is asked under the workspace's quota lock (`checkRunQuota`) for exactly the prompts the
 * run will ask × the brand's paid engines. The partial unique index (one open run per brand)
 * stays the last word for a run inserted without this function (tests, seeds).
 *
 * A scheduled slot has nobody watching, so its refusals are recorded as a FAILED run that says
 * why (the brand's history shows it); the API and a re-measure insert nothing when refused.
 */
export async function startBrandRun(
  tx: Tx,
  input: StartBrandRunInput,
): Promise<StartBrandRunOutcome> {
  const { brandId, trigger } = input;
  const scope = input.workspaceId ? sql`and b.workspace_id = ${input.workspaceId}` : sql``;
  const eligible =
    trigger === 'SCHEDULED'
      ? sql`b.status = 'active' and b.schedule <> 'manual'`
      : sql`b.status <> 'archived'`;
  const [brand] = await tx.execute<{ workspaceId: string; engines: number; samples: number }>(sql`
    select b.workspace_id as "workspaceId", cardinality(b.engines)::int as engines, b.samples
      from brands b
     where b.id = ${brandId} ${scope} and ${eligible}
       for update of b`);
  if (!brand) return { kind: 'no-brand' };
  const { workspaceId } = brand;
  const open = await openRunOf(tx, brandId);
  if (open) return { kind: 'busy', runId: open, workspaceId };

  const only = input.promptIds ? sql`and id = any(${uuidArray(input.promptIds)})` : sql``;
  const prompts = await tx.execute<{ id: string }>(sql`
    select id from prompts where brand_id = ${brandId} and active ${only}
     order by created_at, id`);
  if (prompts.length === 0) {
    const runId = await recordRefusal(tx, input, workspaceId, NOTHING_TO_ASK_MESSAGE);
    return { kind: 'nothing-to-ask', workspaceId, runId };
  }
  // Every sample is an answer: the quota is asked for all of them (docs/metrics.md, "Samples").
  const samples = samplesForRun(trigger, brand.samples);
  const quota = await checkRunQuota(
    tx,
    workspaceId,
    brandId,
    prompts.length * samples,
    input.plans,
  );
  if (!quota.allowed) {
    const message = quota.message ?? 'The monthly answer quota is spent.';
    const runId = await recordRefusal(tx, input, workspaceId, message);
    return { kind: 'quota-exceeded', code: 'QUOTA_EXCEEDED', workspaceId, quota, message, runId };
  }

  // The worker recounts `total` when it claims the run (a brand without engines asks the
  // default set); this is the plan as it stands now.
  const total = Math.max(brand.engines, 1) * prompts.length * samples;
  const promptIds = input.promptIds ? uuidArray(prompts.map((p) => p.id)) : null;
  const [run] = await tx.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total, prompt_ids, samples)
    values (${workspaceId}, ${brandId}, ${TRIGGER[trigger]}, 'QUEUED', ${total}, ${promptIds},
            ${samples})
    on conflict do nothing
    returning id`);
  if (run) return { kind: 'started', runId: run.id, workspaceId };
  return { kind: 'busy', runId: (await openRunOf(tx, brandId)) ?? '', workspaceId };
}

async function openRunOf(tx: Tx, brandId: string): Promise<string | null> {
  const [open] = await tx.execute<{ id: string }>(sql`
    select id from runs where brand_id = ${brandId} and status in ('QUEUED', 'RUNNING')
     order by created_at desc limit 1`);
  return open?.id ?? null;
}

async function recordRefusal(
  tx: Tx,
  input: StartBrandRunInput,
  workspaceId: string,
  message: string,
): Promise<string | null> {
  if (input.trigger !== 'SCHEDULED') return null;
  const [run] = await tx.execute<{ id: string }>(sql`
    insert into runs (workspace_id, brand_id, trigger, status, error, finished_at)
    values (${workspaceId}, ${input.brandId}, 'scheduled', 'FAILED', ${message}, now())
    returning id`);
  return run?.id ?? null;
}

function uuidArray(ids: readonly string[]) {
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * Stops an open run: FAILED with error 'Cancelled'. Guarded by the open statuses, so a run that
 * already finished keeps its result; returns whether the row changed.
 */
export async function cancelOpenRun(tx: Tx, workspaceId: string, runId: string): Promise<boolean> {
  const rows = await tx.execute<{ id: string }>(sql`
    update runs set status = 'FAILED', error = 'Cancelled', finished_at = now()
     where id = ${runId} and workspace_id = ${workspaceId} and brand_id is not null
       and status in ('QUEUED', 'RUNNING')
    returning id`);
  return rows.length > 0;
}
