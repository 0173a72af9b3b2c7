import { Clock, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDate } from '../../../ui/format';
import { Skeleton } from '../../../ui/Skeleton';
import type { QuickScoreData } from '../hooks/useQuickScore';
import { NEW_CHECK, retryHref } from '../utils/retryHref';

export function NotFoundState({ requestId }: { requestId: string }) {
  return (
    <EmptyState
      icon={SearchX}
      title="We could not find this check"
      action={
        <Link to={NEW_CHECK} className={buttonClass.primary}>
          Start a new check
        </Link>
      }
    >
      There is no quick check with the id <code className="break-all text-fg">{requestId}</code>.
      Check the link, or run a new one: it takes a few seconds.
    </EmptyState>
  );
}

export function ExpiredState({ score }: { score: QuickScoreData }) {
  return (
    <EmptyState
      icon={Clock}
      title="These results have expired"
      action={
        <Link to={retryHref(score)} className={buttonClass.primary}>
          Run a new check for {score.brandName}
        </Link>
      }
    >
      Quick check results are kept for 30 days. The check for {score.brandName} ran on{' '}
      {formatDate(score.createdAt)} and its results were deleted on {formatDate(score.expiresAt)}.
    </EmptyState>
  );
}

export function FailedState({ score }: { score: QuickScoreData }) {
  return (
    <section
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft p-5"
    >
      <div className="flex items-center gap-2 text-danger">
        <TriangleAlert aria-hidden="true" size={18} />
        <h2 className="text-sm font-semibold">
          This check for {score.brandName} stopped; run it again
        </h2>
      </div>
      <p className="text-sm text-muted">
        {score.error ?? 'Something went wrong while asking the engines.'} Your answers are kept in
        the form; run the check again.
      </p>
      <Link to={retryHref(score)} className={buttonClass.primary}>
        Try again
      </Link>
    </section>
  );
}

export function ResultsSkeleton() {
  return (
    <div role="status" aria-label="Loading the results" className="flex flex-col gap-4">
      <div className="grid gap-4 rounded-xl border border-border bg-surface p-5 md:grid-cols-[220px_1fr]">
        <Skeleton className="mx-auto h-44 w-44 rounded-full" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-3/4" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
