import type { Tx } from '@lumen/db/client';
import {
  findRunRollupScope,
  listRollupAnswers,
  lockBrandRollups,
  type RollupScope,
  replaceMetricSnapshots,
} from '@lumen/db/repositories/metric-snapshot.repository';
import { buildRollups } from './rollup';

/**
 * Rewrites the daily rollups of the run's brand and local day from every measured answer of
 * that day (docs/metrics.md, "Daily rollups"). Call it inside the transaction that completes the
 * run: the run counts even while still RUNNING, and readers never see the run completed without
 * its rollups. Null for a run without a brand (a guest's quick check).
 */
export async function writeDailyRollups(tx: Tx, runId: string): Promise<RollupScope | null> {
  const scope = await findRunRollupScope(tx, runId);
  if (!scope) return null;
  // Two runs of the brand finishing together would each miss the other's answers.
  await lockBrandRollups(tx, scope.brandId);
  const answers = await listRollupAnswers(tx, scope, runId);
  const rows = buildRollups(
    answers.map((a) => ({
      analysis: a.analysis,
      engine: a.engine,
      promptId: a.promptId ?? a.promptText,
      branded: a.branded,
      keywordId: a.keywordId,
    })),
    scope.brandId,
  );
  await replaceMetricSnapshots(tx, scope, rows);
  return { workspaceId: scope.workspaceId, brandId: scope.brandId, day: scope.day };
}
