import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { Page, PageHeader } from '../../../ui/PageHeader';

export function QuickScoreResultsPage() {
  const { requestId = '' } = useParams();
  return (
    <Page width="narrow">
      <PageHeader title="Visibility Score results" />
      <EmptyState
        icon={SearchX}
        title="No results for this check"
        action={
          <Link to="/visibility/quick-score" className={buttonClass.primary}>
            Start a new check
          </Link>
        }
      >
        We have no quick score with the id <code className="break-all text-fg">{requestId}</code>.
        Results are kept for 30 days; after that, run the check again.
      </EmptyState>
    </Page>
  );
}
