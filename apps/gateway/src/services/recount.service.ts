import type { Tx } from '@lumen/db/client';
import {
  hasReanalysisAnswers,
  requestReanalysis,
} from '@lumen/db/repositories/reanalysis.repository';
import { enqueueReanalysis } from '@lumen/jobs/reanalyze';
import type { GatewayDeps } from '../context';
import { afterCommit } from './brand-schedule.service';

type Deps = Pick<GatewayDeps, 'queues' | 'logger'>;

/**
 * In the transaction that changes a brand's tracked names: its stored answers are to be read
 * again (docs/jobs.md, "Re-analysis"). Null when it has none. Changes in a row share one
 * waiting re-analysis; enqueue it with `enqueueRecount` after the commit.
 */
export async function requestRecount(
  tx: Tx,
  workspaceId: string,
  brandId: string,
): Promise<string | null> {
  if (!(await hasReanalysisAnswers(tx, brandId))) return null;
  const { id } = await requestReanalysis(tx, workspaceId, brandId, { methodChanged: false });
  return id;
}

/**
 * After the commit. The change is saved already, so Redis being away is logged, not thrown: the
 * reconciler enqueues a waiting re-analysis whose job is missing.
 */
export async function enqueueRecount(deps: Deps, reanalysisId: string | null): Promise<void> {
  if (reanalysisId === null) return;
  await afterCommit(deps, 'recount not queued', { reanalysisId }, () =>
    enqueueReanalysis(deps.queues, reanalysisId),
  );
}
