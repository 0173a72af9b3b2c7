import type { JobStatus } from '@lumen/schema/generated/graphql';
import { progressSummary } from './quickScoreView';

type Snapshot = {
  status: JobStatus;
  progress: number;
  expired: boolean;
  result: { mentionRate: { value: number } } | null;
  engines: readonly { done: number; failed: number; total: number }[];
};

// Ranked by the percentage the page shows, so the bar can never move backwards.
const rank = (s: Snapshot) =>
  (s.expired ? 3000 : 0) +
  (s.status === 'COMPLETED' || s.status === 'FAILED' ? 1000 : 0) +
  progressSummary(s).percent;

/**
 * The further-along of two snapshots of the same check (the query's, refreshed by polling, and
 * the subscription's), so that a late or stale copy never moves the page backwards. Ties go to
 * `pushed`, the subscription's copy.
 */
export function pickLatest<T extends Snapshot>(
  fetched: T | null | undefined,
  pushed: T | null | undefined,
): T | null | undefined {
  if (!pushed) return fetched;
  if (!fetched) return fetched === null ? fetched : pushed;
  return rank(fetched) > rank(pushed) ? fetched : pushed;
}
