import { CircleAlert, MessageSquareText, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { costText, formatCount, plural, timeAgo, usd } from '../../../ui/format';
import { SampleSize } from '../../../ui/Rate';
import { SkeletonRows } from '../../../ui/Skeleton';
import { ScoreCell } from '../../brands/components/ScoreCell';
import { useLiveRun } from '../hooks/useLiveRun';
import { useRunActions } from '../hooks/useRunActions';
import { budgetNotice, isCancelled, isOpenRun, runDuration } from '../utils/runView';
import { RunNowButton } from './RunNowButton';
import { RunProgress } from './RunProgress';
import { RunStatusBadge } from './RunStatusBadge';

type Brand = { id: string; name: string; latestRun?: { id: string; status: string } | null };

/**
 * A run of a brand as it happens and as it ended: live per-engine progress with Cancel, then
 * the result (score, answers, failures, duration). Without `runId` it explains the first run.
 */
export function RunPanel({
  brand,
  runId,
  title = 'Latest run',
  onBrandPage = true,
}: {
  brand: Brand;
  runId: string | null;
  title?: string;
  /** On the brand's page the header has Run now and the score card the score. */
  onBrandPage?: boolean;
}) {
  const { run, loading, error, polling, refetch } = useLiveRun(runId);
  const { cancelRun, cancelling } = useRunActions();
  const [confirming, setConfirming] = useState(false);

  if (!runId) {
    return (
      <Card title={title}>
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">
            No run yet. A run asks every engine this brand’s active prompts and stores each answer
            with the brands it names and the sources it cites.
          </p>
          <RunNowButton brand={brand} variant="primary" />
        </div>
      </Card>
    );
  }
  if (error && !run) {
    return (
      <Card title={title}>
        <ErrorState error={error} onRetry={() => void refetch()} />
      </Card>
    );
  }
  if (loading || !run) {
    return (
      <Card title={title}>
        <SkeletonRows rows={3} label="Loading the run" />
      </Card>
    );
  }
  const open = isOpenRun(run.status);
  const duration = runDuration(run);
  const budget = budgetNotice(run);
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          {title} <RunStatusBadge run={run} />
        </span>
      }
      description={`${run.trigger === 'MANUAL' ? 'Started by hand' : run.trigger === 'SCHEDULED' ? 'Scheduled' : 'From the quick check'} · ${timeAgo(String(run.createdAt))}`}
      actions={
        open ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setConfirming(true)}
            disabled={cancelling}
          >
            <X aria-hidden="true" size={16} />
            Cancel run
          </button>
        ) : (
          <>
            {onBrandPage && run.done + run.failed > 0 ? (
              <Link to={`/campaigns/${brand.id}/runs/${run.id}`} className={buttonClass.ghost}>
                <MessageSquareText aria-hidden="true" size={16} />
                Answers
              </Link>
            ) : null}
            {onBrandPage ? null : <RunNowButton brand={{ ...brand, latestRun: run }} />}
          </>
        )
      }
    >
      <div data-testid="run-panel" data-status={run.status}>
        {open ? (
          <div className="flex flex-col gap-3">
            <RunProgress run={run} polling={polling} />
            <p className="text-xs text-subtle tabular-nums">Cost so far: {usd(run.cost.usd)}</p>
            {budget ? <BudgetNotice notice={budget} /> : null}
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
              {onBrandPage ? null : (
                <div>
                  <dt className="text-xs text-subtle">Score</dt>
                  <dd className="flex flex-wrap items-center gap-x-2">
                    <ScoreCell run={run} />
                    {run.done > 0 ? <SampleSize n={run.done} /> : null}
                  </dd>
                </div>
              )}
              <Figure label="Answers" value={`${run.done} of ${run.total}`} />
              <Figure label="Failed" value={String(run.failed)} tone={run.failed > 0} />
              <Figure label="Cost" value={costText(run.cost)} />
              <Figure label="Duration" value={duration ?? '—'} />
            </dl>
            {run.usage.inputTokens || run.usage.outputTokens || run.usage.searchCalls ? (
              <p className="text-xs text-subtle" data-testid="run-usage">
                Used {formatCount(run.usage.inputTokens ?? 0)} input and{' '}
                {formatCount(run.usage.outputTokens ?? 0)} output tokens
                {run.usage.searchCalls
                  ? `, ${plural(run.usage.searchCalls, 'web search', 'web searches')}`
                  : ''}
                .
              </p>
            ) : null}
            {budget ? (
              <BudgetNotice notice={budget} />
            ) : run.status === 'FAILED' && !isCancelled(run) ? (
              <p className="flex items-start gap-2 text-sm text-danger" role="status">
                <CircleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                {run.error ?? 'The run stopped.'} Answers already stored are kept; run it again when
                the engines answer.
              </p>
            ) : null}
            {run.engines.length > 0 ? (
              <ul aria-label="Engines" className="flex flex-wrap gap-2 text-xs">
                {run.engines.map((e) => (
                  <li
                    key={e.engine}
                    className="rounded-md border border-border bg-surface-2 px-2 py-1 text-muted"
                  >
                    <span className="text-fg">{e.label}</span>{' '}
                    <span className="tabular-nums">
                      {e.done}/{e.total}
                    </span>
                    {e.failed > 0 ? (
                      <span className="text-warning"> · {e.failed} failed</span>
                    ) : null}
                    <span className="tabular-nums">
                      {' '}
                      · {costText({ usd: e.costUsd, unpricedAnswers: e.unpricedAnswers })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        busy={cancelling}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancelRun(run.id).finally(() => setConfirming(false))}
      >
        <p>
          The engines stop being asked for {brand.name}. Answers already stored stay, and the run
          gets no score.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function Figure({ label, value, tone = false }: { label: string; value: string; tone?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className={`tabular-nums ${tone ? 'text-warning' : 'text-fg'}`}>{value}</dd>
    </div>
  );
}

function BudgetNotice({ notice }: { notice: { title: string; detail: string } }) {
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
      role="status"
      data-testid="run-budget"
    >
      <Wallet aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-warning" />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium text-fg">{notice.title}</p>
        <p className="text-muted">
          {notice.detail}{' '}
          <Link
            to="/settings/usage"
            className="text-accent-text underline-offset-2 hover:underline"
          >
            Usage and budget
          </Link>
        </p>
      </div>
    </div>
  );
}
