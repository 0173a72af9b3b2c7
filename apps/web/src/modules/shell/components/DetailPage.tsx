import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../ui/ErrorState';
import { Page } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useNavigationCounts } from '../hooks/useNavigationCounts';
import { MissingItem } from './MissingItem';

type DetailPageProps = {
  noun: string;
  backTo: string;
  backLabel: string;
  breadcrumb: ReactNode;
};

/**
 * Detail routes for items the workspace does not hold yet answer "not found", the same answer the
 * API gives for another workspace's id.
 */
export function DetailPage({ noun, backTo, backLabel, breadcrumb }: DetailPageProps) {
  const { loading, error, refetch } = useNavigationCounts();
  return (
    <Page>
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={backTo} className="hover:text-fg">
          {breadcrumb}
        </Link>
      </nav>
      {error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading ? (
        <div role="status" aria-label={`Loading ${noun}`} className="flex flex-col gap-3">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <MissingItem noun={noun} backTo={backTo} backLabel={backLabel} />
      )}
    </Page>
  );
}
