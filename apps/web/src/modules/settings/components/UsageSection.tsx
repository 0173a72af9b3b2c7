import { useQuery } from '@apollo/client/react';
import { BarChart3 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass, inputClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { costText, formatDay } from '../../../ui/format';
import { Skeleton } from '../../../ui/Skeleton';
import { SettingsCard } from '../../team/components/SettingsCard';
import { UsageQuery } from '../graphql/account';
import { engineBars, type LimitLine, limitLine, recentMonths } from '../utils/usageView';
import { BudgetCard } from './BudgetCard';

const TONE = { ok: 'bg-accent', warning: 'bg-warning', over: 'bg-danger' } as const;
const number = new Intl.NumberFormat('en');

/**
 * Settings → Usage and budget: this month's answers and cost per engine against the monthly
 * quota and budget, and brands, prompts and seats against the plan (docs/brands.md, "Answer
 * quota"; docs/engines.md, "Budget").
 */
export function UsageSection() {
  const [month, setMonth] = useState<string | null>(null);
  const { data, previousData, loading, error, refetch } = useQuery(UsageQuery, {
    variables: { month },
    fetchPolicy: 'cache-and-network',
  });
  const usage = (data ?? previousData)?.currentWorkspace.usage;
  const selectId = useId();
  if (error && !usage) {
    return <ErrorState title="Could not load usage" error={error} onRetry={() => void refetch()} />;
  }
  if (!usage) {
    return (
      <SettingsCard title="Usage and budget">
        <div className="flex flex-col gap-3 py-3" aria-busy="true">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-24 w-full" />
        </div>
      </SettingsCard>
    );
  }
  // The quota's month is UTC's, like the server's.
  const thisMonth = new Date().toISOString().slice(0, 7);
  const quota = limitLine(
    usage.month === thisMonth ? 'Paid answers this month' : `Paid answers in ${usage.month}`,
    usage.paidAnswers,
    usage.limits.answersPerMonth,
  );
  const bars = engineBars(usage.byEngine);
  const current = month ?? usage.month;
  const workspace = (data ?? previousData)?.currentWorkspace;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {usage.month === thisMonth ? 'This month' : usage.month} (calendar months in UTC).
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-muted">
            Month
          </label>
          <select
            id={selectId}
            className={`${inputClass} w-32`}
            value={current}
            onChange={(e) => setMonth(e.target.value)}
          >
            {recentMonths(thisMonth).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </div>
      {workspace ? (
        <BudgetCard
          workspaceId={workspace.id}
          role={workspace.role}
          usage={usage}
          thisMonth={usage.month === thisMonth}
        />
      ) : null}
      <SettingsCard title="Answers">
        <div className="flex flex-col gap-4 py-3" aria-busy={loading ? 'true' : undefined}>
          <p className="text-sm text-muted">
            {usage.limits.planName ? `${usage.limits.planName} plan. ` : ''}The quota counts answers
            from paid engines per calendar month (UTC); the local engine is free. It starts again on{' '}
            <span className="text-fg">{formatDay(usage.resetsOn)}</span>.
          </p>
          <LimitBar line={quota} />
          {bars.length === 0 ? (
            <EmptyState
              icon={BarChart3}
              title={`No answers in ${usage.month}`}
              action={
                <Link to="/campaigns" className={buttonClass.secondary}>
                  Go to brands
                </Link>
              }
            >
              Runs of your brands store answers; each shows here under the engine that gave it.
            </EmptyState>
          ) : (
            <figure className="flex flex-col gap-2">
              <figcaption className="text-xs text-subtle">
                Answers and cost per engine in {usage.month} ({number.format(usage.answers)} in all)
              </figcaption>
              <ul className="flex flex-col gap-2" data-testid="usage-by-engine">
                {bars.map((e) => (
                  <li key={e.engine} className="flex flex-col gap-1">
                    <span className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="min-w-0 truncate text-fg" title={e.label}>
                        {e.label}
                      </span>
                      <span className="shrink-0 tabular-nums text-fg">
                        {number.format(e.answers)}
                        <span className="ml-1 text-xs text-subtle">
                          {e.paid
                            ? `paid · ${costText({ usd: e.costUsd, unpricedAnswers: e.unpricedAnswers })}`
                            : 'free'}
                        </span>
                      </span>
                    </span>
                    <span
                      aria-hidden="true"
                      className="block h-2 overflow-hidden rounded-full bg-surface-3"
                    >
                      <span
                        className={`block h-full rounded-full ${e.paid ? 'bg-accent' : 'bg-subtle'}`}
                        style={{ width: `${e.width}%` }}
                      />
                    </span>
                  </li>
                ))}
              </ul>
            </figure>
          )}
        </div>
      </SettingsCard>
      <SettingsCard title="Limits">
        <div className="flex flex-col gap-4 py-3">
          <LimitBar line={limitLine('Brands', usage.brands, usage.limits.brands)} />
          <LimitBar line={limitLine('Active prompts', usage.prompts, usage.limits.prompts)} />
          <LimitBar
            line={limitLine(
              'Seats (members and open invitations)',
              usage.seats,
              usage.limits.seats,
            )}
          />
        </div>
      </SettingsCard>
    </>
  );
}

function LimitBar({ line }: { line: LimitLine }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-fg">{line.label}</span>
        <span className="tabular-nums text-muted">
          <span
            className={
              line.tone === 'ok'
                ? 'text-fg'
                : line.tone === 'warning'
                  ? 'text-warning'
                  : 'text-danger'
            }
          >
            {number.format(line.used)}
          </span>{' '}
          of {number.format(line.limit)}
        </span>
      </div>
      {/* The figures above say it in words; the bar is for the eye. */}
      <span aria-hidden="true" className="block h-2 overflow-hidden rounded-full bg-surface-3">
        <span
          className={`block h-full rounded-full ${TONE[line.tone]}`}
          style={{ width: `${line.percent}%` }}
        />
      </span>
    </div>
  );
}
