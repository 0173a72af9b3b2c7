import { Plus, Swords } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { useNavigationCounts } from '../../shell/hooks/useNavigationCounts';

export function CompetitorsPage() {
  const { counts, loading, error, refetch } = useNavigationCounts();
  return (
    <Page>
      <PageHeader
        title="Competitors"
        description="The brands AI engines name next to yours: the ones you track and the ones Lumen discovers in answers."
      />
      {error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading || !counts ? (
        <SkeletonRows label="Loading competitors" />
      ) : (
        <EmptyState
          icon={Swords}
          title="No competitors yet"
          action={
            <Link
              to={counts.brands === 0 ? '/campaigns/create' : '/campaigns'}
              className={buttonClass.primary}
            >
              <Plus aria-hidden="true" size={16} />
              {counts.brands === 0
                ? 'Add a brand and its competitors'
                : 'Add competitors to a brand'}
            </Link>
          }
        >
          Competitors belong to a brand. Name them when you add the brand, or let Lumen suggest the
          brands engines mention most once your first run completes.
        </EmptyState>
      )}
    </Page>
  );
}
