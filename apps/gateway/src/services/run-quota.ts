import type { Tx } from '@lumen/db/client';

/**
 * The seam where a manual run asks the plan's monthly answer quota before it starts
 * (docs/brands.md, "Runs"). It throws QUOTA_EXCEEDED with what remains when the run would exceed
 * it. The quota itself (`checkRunQuota` in usage.repository.ts) is being built alongside; until it
 * lands every run is allowed.
 */
export async function assertRunQuota(
  _tx: Tx,
  _workspaceId: string,
  _brandId: string,
): Promise<void> {}
