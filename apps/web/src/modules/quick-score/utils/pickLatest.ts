type Snapshot = {
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  progress: number;
  expired: boolean;
};

const rank = (s: Snapshot) =>
  (s.expired ? 3000 : 0) +
  (s.status === 'COMPLETED' || s.status === 'FAILED' ? 1000 : 0) +
  s.progress;

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
