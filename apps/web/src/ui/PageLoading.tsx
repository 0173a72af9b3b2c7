import { ErrorState } from './ErrorState';
import { Page } from './PageHeader';
import { SkeletonRows } from './Skeleton';

/**
 * A page built on one query, before its data is there: the error with "Try again" when the read
 * failed, otherwise skeleton rows named for what is loading.
 */
export function PageLoading({
  error,
  onRetry,
  label,
}: {
  error: { message: string } | null | undefined;
  onRetry: () => unknown;
  label: string;
}) {
  return (
    <Page>
      {error ? (
        <ErrorState error={error} onRetry={() => void onRetry()} />
      ) : (
        <SkeletonRows rows={6} label={label} />
      )}
    </Page>
  );
}
