import type { Tx } from '@lumen/db/client';
import { checkRunQuota } from '@lumen/db/repositories/usage.repository';
import { LumenError } from '../errors';

/**
 * A run asks the plan's monthly answer quota before it starts (docs/brands.md, "Answer quota"):
 * QUOTA_EXCEEDED with what remains when it would exceed it. Call it in the transaction that
 * inserts the run; `checkRunQuota` takes the workspace's quota lock.
 */
export async function assertRunQuota(tx: Tx, workspaceId: string, brandId: string): Promise<void> {
  const quota = await checkRunQuota(tx, workspaceId, brandId);
  if (quota.allowed) return;
  throw new LumenError('QUOTA_EXCEEDED', quota.message ?? 'The monthly answer quota is spent.', {
    plan: quota.plan.toUpperCase(),
    resource: 'answers',
    limit: quota.limit,
    remaining: quota.remaining,
    needed: quota.needed,
  });
}
