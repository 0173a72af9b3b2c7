import { ErrorState } from '../../../ui/ErrorState';
import { Page } from '../../../ui/PageHeader';
import { Skeleton, SkeletonRows } from '../../../ui/Skeleton';
import { MissingItem } from '../../shell/components/MissingItem';

/**
 * What a page of one brand (sources, site) shows before it has the brand to show: the load's
 * error with a retry, a skeleton while it loads, or "brand not found" once it answered without
 * one (another workspace's brand, or a deleted one).
 * Use: `if (!data?.brand) return <BrandSubpageStates loaded={Boolean(data)} … />`.
 */
export function BrandSubpageStates({
  loaded,
  error,
  onRetry,
  what,
  tableLabel,
}: {
  /** Whether the query has answered. */
  loaded: boolean;
  error: { message: string } | null | undefined;
  onRetry(): void;
  /** What the page shows, for "Could not load …" and "Loading …" ("the sources"). */
  what: string;
  /** The table the skeleton stands for, read by screen readers. */
  tableLabel: string;
}) {
  if (loaded)
    return (
      <Page>
        <MissingItem noun="brand" backTo="/campaigns" backLabel="Back to brands" />
      </Page>
    );
  return (
    <Page>
      {error ? (
        <ErrorState title={`Could not load ${what}`} error={error} onRetry={onRetry} />
      ) : (
        <div role="status" aria-label={`Loading ${what}`} className="flex flex-col gap-4">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-24 w-full" />
          <SkeletonRows rows={6} label={tableLabel} />
        </div>
      )}
    </Page>
  );
}
