import { RotateCcw } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { formatDate } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { ProgressPanel } from '../components/ProgressPanel';
import { QuickScoreResults } from '../components/QuickScoreResults';
import {
  ExpiredState,
  FailedState,
  NotFoundState,
  ResultsSkeleton,
} from '../components/ResultStates';
import { SignupCta } from '../components/SignupCta';
import { type QuickScoreData, useQuickScore } from '../hooks/useQuickScore';
import { quickScoreView } from '../utils/quickScoreView';

function describe(score: QuickScoreData) {
  const where = [score.domain, score.industry, score.country].filter(Boolean).join(' · ');
  return `${where} · ${formatDate(score.createdAt)}`;
}

export function QuickScoreResultsPage() {
  const { requestId = '' } = useParams();
  // A fresh view per check, so live state (fallback, pushed snapshot) never leaks between ids.
  return <QuickScoreResultsView key={requestId} requestId={requestId} />;
}

function QuickScoreResultsView({ requestId }: { requestId: string }) {
  const { score, error, polling, refetch } = useQuickScore(requestId);
  const view = quickScoreView({ score, loading: score === undefined, error: error !== null });

  return (
    <Page>
      <PageHeader
        title={score ? `Visibility Score: ${score.brandName}` : 'Visibility Score results'}
        description={score ? describe(score) : undefined}
        actions={
          <Link to="/visibility/quick-score" className={buttonClass.secondary}>
            <RotateCcw aria-hidden="true" size={16} />
            New check
          </Link>
        }
      />
      {view === 'loading' ? <ResultsSkeleton /> : null}
      {view === 'error' ? (
        <ErrorState
          title="Could not load this check"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {view === 'notFound' ? <NotFoundState requestId={requestId} /> : null}
      {view === 'expired' && score ? <ExpiredState score={score} /> : null}
      {view === 'failed' && score ? <FailedState score={score} /> : null}
      {view === 'progress' && score ? (
        <>
          <ProgressPanel score={score} polling={polling} />
          <SignupCta requestId={score.id} brandName={score.brandName} />
        </>
      ) : null}
      {view === 'completed' && score ? <QuickScoreResults score={score} /> : null}
    </Page>
  );
}
