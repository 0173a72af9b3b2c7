import { useMutation, useQuery } from '@apollo/client/react';
import { Plus, Swords, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { percent, plural, rankText } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Rate } from '../../../ui/Rate';
import { SkeletonRows } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import { RecountNotice } from '../../brands/components/RecountNotice';
import { CompetitorShare } from '../../metrics/components/CompetitorShare';
import { RangePicker } from '../../metrics/components/RangePicker';
import { CompetitorBoardQuery, TrackCompetitorMutation } from '../../metrics/graphql/metrics';
import { useDateRange } from '../../metrics/hooks/useDateRange';

/** Share-of-voice leaderboard, head-to-head per engine, and names to track (docs/metrics.md). */
export function CompetitorsPage() {
  const [params, setParams] = useSearchParams();
  // Days are the shown brand's local days (the viewer's until the brands have loaded); the list
  // holds brands of several timezones, so a preset asks each for its own last n days.
  const [timezone, setTimezone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const range = useDateRange(timezone);
  const { filter, days } = range;
  const query = range.choice.kind === 'preset' ? { lastDays: days } : filter;
  const { data, error, loading, refetch } = useQuery(CompetitorBoardQuery, {
    variables: { filter: query },
    fetchPolicy: 'cache-and-network',
  });
  const [track, tracking] = useMutation(TrackCompetitorMutation);
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const brands = data?.brands ?? [];
  const brand = brands.find((b) => b.id === params.get('brand')) ?? brands[0];
  const brandZone = brand?.schedule.timezone;
  useEffect(() => {
    if (brandZone) setTimezone(brandZone);
  }, [brandZone]);

  let body: React.ReactNode;
  if (error && !data) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else if (!data) body = <SkeletonRows label="Loading competitors" />;
  else if (!brand) {
    body = (
      <EmptyState
        icon={Swords}
        title="No brands yet"
        action={
          <Link to="/campaigns/create" className={buttonClass.primary}>
            <Plus aria-hidden="true" size={16} />
            Add a brand and its competitors
          </Link>
        }
      >
        Competitors belong to a brand. Name them when you add the brand, or let Lumen suggest the
        brands engines mention most once your first run completes.
      </EmptyState>
    );
  } else {
    const rows = brand.competitorMetrics;
    const measured = rows.some((r) => r.answers > 0);
    const engines = rows[0]?.byEngine.map((e) => ({ engine: e.engine, label: e.label })) ?? [];
    body = !measured ? (
      <EmptyState
        icon={Swords}
        title={`No runs of ${brand.name} in ${range.choice.kind === 'custom' ? 'this range' : `the last ${days} days`}`}
        action={
          <Link to={`/campaigns/${brand.id}`} className={buttonClass.primary}>
            Open the brand
          </Link>
        }
      >
        Share of voice compares the brand with its competitors in the same answers; run the brand to
        measure it.
      </EmptyState>
    ) : (
      <>
        <div className="grid gap-4 xl:grid-cols-5">
          <Card
            title="Leaderboard"
            description="Share of voice in the answers naming a tracked brand."
            className="min-w-0 xl:col-span-2"
          >
            <CompetitorShare rows={rows} />
          </Card>
          <Card title="Side by side" flush className="min-w-0 xl:col-span-3">
            <div className="overflow-x-auto">
              <table aria-label="Competitors side by side" className="w-full text-sm">
                <thead className="border-b border-border text-xs text-subtle">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 text-left font-medium">
                      Brand
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      Share of voice
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      Mention rate
                    </th>
                    <th
                      scope="col"
                      className="hidden px-4 py-2.5 text-right font-medium sm:table-cell"
                    >
                      Avg rank
                    </th>
                    <th
                      scope="col"
                      className="hidden px-4 py-2.5 text-right font-medium sm:table-cell"
                    >
                      Citation rate
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border whitespace-nowrap tabular-nums">
                  {rows.map((r) => (
                    <tr key={r.entityId}>
                      <th
                        scope="row"
                        className={`px-4 py-2.5 text-left ${r.kind === 'BRAND' ? 'font-semibold' : 'font-normal'} text-fg`}
                      >
                        {r.name}
                      </th>
                      <td className="px-4 py-2.5 text-right text-fg">
                        <Rate value={r.shareOfVoice} n={r.answers} layout="stacked" />
                      </td>
                      <td className="px-4 py-2.5 text-right text-fg">
                        <Rate
                          value={r.mentionRate.value}
                          n={r.answers}
                          interval={r.mentionRate}
                          layout="stacked"
                        />
                      </td>
                      <td className="hidden px-4 py-2.5 text-right text-fg sm:table-cell">
                        {r.averageRank === null ? '—' : rankText(r.averageRank)}
                      </td>
                      <td className="hidden px-4 py-2.5 text-right text-fg sm:table-cell">
                        <Rate value={r.citationRate} n={r.answers} layout="stacked" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </div>
        <Card title="Head to head by engine" description="Share of voice on each engine." flush>
          <div className="overflow-x-auto">
            <table aria-label="Share of voice by engine" className="w-full text-sm">
              <thead className="border-b border-border text-xs text-subtle">
                <tr>
                  <th scope="col" className="px-4 py-2.5 text-left font-medium">
                    Engine
                  </th>
                  {rows.map((r) => (
                    <th key={r.entityId} scope="col" className="px-4 py-2.5 text-right font-medium">
                      {r.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border whitespace-nowrap tabular-nums">
                {engines.map((e) => {
                  const best = Math.max(
                    ...rows.map(
                      (r) => r.byEngine.find((x) => x.engine === e.engine)?.shareOfVoice ?? 0,
                    ),
                  );
                  return (
                    <tr key={e.engine}>
                      <th scope="row" className="px-4 py-2.5 text-left font-normal text-fg">
                        {e.label}
                      </th>
                      {rows.map((r) => {
                        const sov =
                          r.byEngine.find((x) => x.engine === e.engine)?.shareOfVoice ?? 0;
                        return (
                          <td
                            key={r.entityId}
                            className={`px-4 py-2.5 text-right ${sov === best && sov > 0 ? 'font-semibold text-fg' : 'text-muted'}`}
                          >
                            {percent(sov)}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
        <Card
          title="Discovered in answers"
          description="Brand-like names the engines mention that you do not track yet."
        >
          {brand.discoveredEntities.length === 0 ? (
            <p className="text-sm text-muted">No untracked names in this range.</p>
          ) : (
            <ul className="divide-y divide-border">
              {brand.discoveredEntities.map((d) => (
                // The button wraps under the name rather than cutting it to "Va…" at 390 px.
                <li
                  key={d.name}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-2"
                >
                  <span className="min-w-0 flex-1 basis-40 truncate text-sm text-fg">
                    {d.name}
                    <span className="ml-2 text-xs text-subtle">
                      in {plural(d.answers, 'answer')}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={tracking.loading}
                    onClick={() =>
                      void track({
                        variables: { brandId: brand.id, input: { name: d.name } },
                        // The stored answers naming it are recounted now: the notice follows.
                        refetchQueries: ['BrandRecount'],
                      })
                        .then(async () => {
                          toast.success(
                            `${d.name} is now tracked as a competitor of ${brand.name}.`,
                          );
                          await refetch();
                        })
                        .catch(toastError)
                    }
                  >
                    <UserPlus aria-hidden="true" size={16} />
                    Track as competitor
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </>
    );
  }

  return (
    <Page>
      <PageHeader
        title="Competitors"
        description="The brands AI engines name next to yours: the ones you track and the ones Lumen discovers in answers."
      />
      {brand ? <RecountNotice brandId={brand.id} /> : null}
      {brands.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-muted">
            Brand
            <select
              className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg"
              value={brand?.id ?? ''}
              onChange={(e) => set('brand', e.target.value)}
            >
              {brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <RangePicker
            name="competitors-range"
            value={range.choice}
            current={filter}
            today={range.today}
            onChange={range.setChoice}
          />
          {loading && data ? <span className="text-xs text-subtle">Updating…</span> : null}
        </div>
      ) : null}
      {body}
    </Page>
  );
}
