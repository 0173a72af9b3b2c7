import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { SkeletonRows } from '../../../ui/Skeleton';
import { useNavigationCounts } from '../hooks/useNavigationCounts';

export type CountKey =
  | 'brands'
  | 'opportunities'
  | 'ordersInProgress'
  | 'drafts'
  | 'published'
  | 'sites';

type CountedSectionProps = {
  countKey: CountKey;
  noun: { one: string; many: string };
  empty: { icon: LucideIcon; title: string; body: ReactNode; action: ReactNode };
};

/**
 * Loading, error and empty states for a workspace collection, driven by the live navigation
 * counts, so a section is honest about what the workspace holds before its list view exists.
 */
export function CountedSection({ countKey, noun, empty }: CountedSectionProps) {
  const { counts, loading, error, refetch } = useNavigationCounts();
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (loading || !counts) return <SkeletonRows label={`Loading ${noun.many}`} />;
  const count = counts[countKey];
  if (count === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
        {empty.body}
      </EmptyState>
    );
  }
  return (
    <section className="rounded-xl border border-border bg-surface p-5">
      <p className="text-3xl font-semibold tabular-nums text-fg">{count}</p>
      <p className="text-sm text-muted">{count === 1 ? noun.one : noun.many} in this workspace</p>
    </section>
  );
}
