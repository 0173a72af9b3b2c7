import { BarChart3, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { useNavigationCounts } from '../../shell/hooks/useNavigationCounts';

const METRICS = [
  ['Mention rate', 'Share of answers that name your brand, with a 95 % interval.'],
  ['Share of voice', 'Your mentions against all tracked brands’ mentions.'],
  ['Citation rate', 'Answers that cite one of your domains.'],
  ['Average rank', 'Where you appear among the brands an answer names.'],
] as const;

export function AnalyticsPage() {
  const { counts, loading, error, refetch } = useNavigationCounts();
  return (
    <Page>
      <PageHeader
        title="Analytics"
        description="Trends in mention rate, share of voice, citations and sentiment per engine, keyword and period."
      />
      {error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : loading || !counts ? (
        <div role="status" aria-label="Loading analytics" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-64 sm:col-span-2" />
        </div>
      ) : (
        <>
          <EmptyState
            icon={BarChart3}
            title="No answers measured yet"
            action={
              counts.brands === 0 ? (
                <Link to="/campaigns/create" className={buttonClass.primary}>
                  <Plus aria-hidden="true" size={16} />
                  Add a brand to measure
                </Link>
              ) : (
                <Link to="/campaigns" className={buttonClass.primary}>
                  Open your brands
                </Link>
              )
            }
          >
            Charts appear after the first run of a brand’s prompts. Each run asks every engine your
            prompts and records who is mentioned, in which order, and which sources are cited.
          </EmptyState>
          <section
            aria-labelledby="metrics-heading"
            className="rounded-xl border border-border bg-surface p-5"
          >
            <h2 id="metrics-heading" className="text-sm font-semibold text-fg">
              What you will see here
            </h2>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              {METRICS.map(([term, definition]) => (
                <div key={term}>
                  <dt className="text-sm font-medium text-fg">{term}</dt>
                  <dd className="text-sm text-muted">{definition}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
    </Page>
  );
}
