import { useQuery } from '@apollo/client/react';
import { ChevronRight, Sparkles, Swords } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { signed } from '../../../ui/format';
import { SampleSize } from '../../../ui/Rate';
import { SkeletonRows } from '../../../ui/Skeleton';
import { Sparkline } from '../../../ui/Sparkline';
import { workspaceTotals } from '../../dashboard/utils/dashboardView';
import { DashboardNumbersQuery } from '../graphql/metrics';
import { usePlaceFilter } from '../hooks/usePlaceFilter';
import { ratePoints, whatMoved } from '../utils/metricsView';
import {
  placeChoices,
  placeFilterFields,
  placeSentence,
  showPlaceFilter,
} from '../utils/placeFilter';
import { PlaceFilter } from './PlaceFilter';
import { VerdictBadge } from './VerdictBadge';

/**
 * Every brand's score over the last 7 days with its change and verdict against the 7 before, a
 * 30-day sparkline, and what moved since last week in sentences. Days are each brand's local
 * days, as its rollups are.
 */
export function DashboardNumbers({
  totals,
}: {
  /** Renders the workspace totals from this week's numbers (the page adds its own counts). */
  totals?: (t: ReturnType<typeof workspaceTotals>) => React.ReactNode;
}) {
  // Each brand's week ends at its own today (the API resolves lastDays in the brand's timezone):
  // a week picked in the viewer's zone would leave out a Berlin brand's run of today between
  // 23:00 and 24:00 UTC.
  const place = usePlaceFilter();
  const where = placeFilterFields(place);
  const query = useQuery(DashboardNumbersQuery, {
    variables: { week: { lastDays: 7, ...where }, month: { lastDays: 30, ...where } },
    fetchPolicy: 'cache-and-network',
  });
  // While another place loads, the rows on screen stay.
  const data = query.data ?? query.previousData;
  const { error, loading, refetch } = query;
  if (error && !data) {
    return (
      <ErrorState
        title="Could not load your brands’ numbers"
        error={error}
        onRetry={() => void refetch()}
      />
    );
  }
  if (loading && !data) return <SkeletonRows rows={3} label="Loading your brands’ numbers" />;
  const brands = data?.brands ?? [];
  if (brands.length === 0) return null;
  const moved = whatMoved(
    brands.map((b) => ({ ...b.metrics, name: b.name, byEngine: b.byEngine })),
  );
  const measured = brands.some((b) => b.metrics.answers > 0 || b.metrics.change);
  const choices = placeChoices(brands.flatMap((b) => b.places));
  const placeText = placeSentence(place, choices);
  return (
    <>
      {totals ? totals(workspaceTotals(brands)) : null}
      <div className="grid gap-4 xl:grid-cols-5" data-testid="dashboard-brands">
        <Card
          title="Your brands"
          description={`Score over the last 7 days, against the 7 before${placeText ? `; answers ${placeText}` : ''}.`}
          actions={
            <div className="flex flex-wrap items-center gap-2">
              {showPlaceFilter(choices, place) ? (
                <PlaceFilter choices={choices} value={place} onChange={place.setPlace} />
              ) : null}
              <Link to="/competitors" className={buttonClass.ghost}>
                <Swords aria-hidden="true" size={16} />
                Against competitors
              </Link>
            </div>
          }
          flush
          className="min-w-0 xl:col-span-3"
        >
          <ul className="divide-y divide-border">
            {brands.map((b) => {
              const m = b.metrics;
              return (
                <li key={b.id}>
                  <Link
                    to={`/campaigns/${b.id}`}
                    className="flex items-center gap-3 px-5 py-3 hover:bg-surface-2"
                    data-testid="dashboard-brand"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-fg">{b.name}</span>
                      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                        {m.answers === 0 ? (
                          b.latestRun ? (
                            'no run in the last 7 days'
                          ) : (
                            'not measured yet'
                          )
                        ) : m.change ? (
                          <>
                            <span className="tabular-nums">
                              score {signed(m.change.score)} · mention rate{' '}
                              {ratePoints(m.change.mentionRate)}
                            </span>
                            <VerdictBadge verdict={m.change.verdict} />
                          </>
                        ) : (
                          'nothing earlier to compare'
                        )}
                        {m.answers > 0 ? <SampleSize n={m.answers} /> : null}
                      </span>
                    </span>
                    <Sparkline
                      values={b.trend.map((p) => (p.answers ? p.score : null))}
                      domain={[0, 100]}
                      className="hidden shrink-0 min-[420px]:block"
                    />
                    <span className="w-10 shrink-0 text-right text-xl font-semibold tabular-nums text-fg">
                      {m.answers === 0 ? '—' : m.score}
                    </span>
                    <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-subtle" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </Card>
        <Card
          title="What moved since last week"
          description={`Mention rates, last 7 days against the 7 before${placeText ? `, answers ${placeText}` : ''}; “moved” only beyond the noise.`}
          className="min-w-0 xl:col-span-2"
        >
          {!measured ? (
            <p className="text-sm text-muted">Run a brand to see what changes from week to week.</p>
          ) : moved.sentences.length === 0 ? (
            <p className="text-sm text-muted">
              Nothing to compare yet: the week before had no runs.
            </p>
          ) : (
            <>
              <ul className="flex flex-col gap-2 text-sm text-fg">
                {moved.sentences.map((s) => (
                  <li key={s} className="flex gap-2">
                    <Sparkles
                      aria-hidden="true"
                      size={14}
                      className="mt-0.5 shrink-0 text-accent-text"
                    />
                    <span>{s}</span>
                  </li>
                ))}
              </ul>
              {moved.movedCount === 0 ? (
                <p className="mt-3 text-xs text-subtle">
                  Nothing moved beyond the noise this week.
                </p>
              ) : moved.movedCount > moved.sentences.length ? (
                <p className="mt-3 text-xs text-subtle">
                  And {moved.movedCount - moved.sentences.length} more.
                </p>
              ) : null}
            </>
          )}
        </Card>
      </div>
    </>
  );
}
