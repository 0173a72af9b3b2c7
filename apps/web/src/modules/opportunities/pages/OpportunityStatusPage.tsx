import { useQuery } from '@apollo/client/react';
import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { formatDay, formatDuration } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { OpportunityStatsQuery } from '../graphql/opportunities';
import { openCount } from '../utils/opportunityView';

const WEEKS = 12;
const tick = { fill: 'var(--text-muted)', fontSize: 12 };
const SERIES = [
  { key: 'opened', name: 'Opened', color: 'var(--accent)' },
  { key: 'resolved', name: 'Resolved', color: 'var(--success)' },
  { key: 'dismissed', name: 'Dismissed', color: 'var(--text-subtle)' },
] as const;

const weekLabel = (day: string) => formatDay(day);

export function OpportunityStatusPage() {
  const { data, error, refetch } = useQuery(OpportunityStatsQuery, {
    variables: { weeks: WEEKS },
    fetchPolicy: 'cache-and-network',
  });
  const stats = data?.opportunityStats;
  const weeks = stats?.weeks ?? [];
  const total = (key: 'opened' | 'resolved' | 'dismissed') => weeks.reduce((n, w) => n + w[key], 0);
  return (
    <Page>
      <PageHeader
        title="Opportunity status"
        description={`Opportunities opened, resolved and dismissed per week over the last ${WEEKS} weeks, and how long a gap takes to close.`}
      />
      {error && !data ? (
        <ErrorState title="Could not load the status" error={error} onRetry={() => refetch()} />
      ) : !stats || !data ? (
        <div role="status" aria-label="Loading status" className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile label="Open now" value={String(openCount(data.opportunities.statusCounts))} />
            <Tile label={`Opened (${WEEKS} wk)`} value={String(total('opened'))} />
            <Tile label={`Resolved (${WEEKS} wk)`} value={String(total('resolved'))} />
            <Tile
              label="Median time to resolve"
              value={formatDuration(stats.medianHoursToResolve)}
              note={stats.resolved > 0 ? `over ${stats.resolved} resolved` : 'none resolved yet'}
            />
          </dl>
          <Card title="Per week" description="Moves counted in the week they happened (UTC weeks).">
            {total('opened') + total('resolved') + total('dismissed') === 0 ? (
              <EmptyState
                icon={BarChart3}
                title="No activity in these weeks"
                action={
                  <Link to="/campaigns" className={buttonClass.primary}>
                    Go to brands
                  </Link>
                }
              >
                Runs find opportunities; resolving or dismissing them shows here week by week.
              </EmptyState>
            ) : (
              <>
                <div className="h-72 w-full" data-testid="status-chart">
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={weeks.map((w) => ({ ...w, label: weekLabel(w.weekStart) }))}>
                      <CartesianGrid vertical={false} stroke="var(--border)" />
                      <XAxis
                        dataKey="label"
                        tick={tick}
                        tickLine={false}
                        axisLine={{ stroke: 'var(--border-strong)' }}
                      />
                      <YAxis
                        allowDecimals={false}
                        tick={tick}
                        tickLine={false}
                        axisLine={false}
                        width={32}
                        label={{
                          value: 'opportunities',
                          angle: -90,
                          position: 'insideLeft',
                          fill: 'var(--text-muted)',
                          fontSize: 12,
                        }}
                      />
                      <Tooltip
                        cursor={{ fill: 'var(--surface-2)' }}
                        contentStyle={{
                          background: 'var(--surface)',
                          border: '1px solid var(--border-strong)',
                          borderRadius: 8,
                          color: 'var(--text)',
                          fontSize: 12,
                        }}
                      />
                      <Legend
                        verticalAlign="top"
                        align="right"
                        height={32}
                        iconType="circle"
                        iconSize={8}
                        itemSorter={null}
                        wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }}
                      />
                      {SERIES.map((s) => (
                        <Bar
                          key={s.key}
                          dataKey={s.key}
                          name={s.name}
                          fill={s.color}
                          radius={[3, 3, 0, 0]}
                        />
                      ))}
                    </BarChart>
                  </ResponsiveContainer>
                </div>
                <table aria-label="Opportunities per week" className="mt-4 w-full text-sm">
                  <thead className="border-b border-border text-xs text-subtle">
                    <tr>
                      <th scope="col" className="py-2 text-left font-medium">
                        Week of
                      </th>
                      {SERIES.map((s) => (
                        <th key={s.key} scope="col" className="py-2 text-right font-medium">
                          {s.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {[...weeks].reverse().map((w) => (
                      <tr key={w.weekStart}>
                        <td className="py-1.5 text-muted">{weekLabel(w.weekStart)}</td>
                        <td className="py-1.5 text-right tabular-nums text-fg">{w.opened}</td>
                        <td className="py-1.5 text-right tabular-nums text-fg">{w.resolved}</td>
                        <td className="py-1.5 text-right tabular-nums text-fg">{w.dismissed}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </Card>
        </>
      )}
    </Page>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-fg">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-subtle">{note}</dd> : null}
    </div>
  );
}
