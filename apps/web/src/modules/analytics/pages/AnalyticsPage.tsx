import { useQuery } from '@apollo/client/react';
import { BarChart3, Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Rate } from '../../../ui/Rate';
import { SkeletonRows } from '../../../ui/Skeleton';
import { KpiGrid, TrendCard } from '../../metrics/components/BrandNumbers';
import { PlaceFilter } from '../../metrics/components/PlaceFilter';
import { RangePicker } from '../../metrics/components/RangePicker';
import { AnalyticsBrandsQuery, AnalyticsQuery } from '../../metrics/graphql/metrics';
import { useDateRange } from '../../metrics/hooks/useDateRange';
import { usePlaceFilter } from '../../metrics/hooks/usePlaceFilter';
import { placeChoices, placeFilterFields } from '../../metrics/utils/placeFilter';
import { downloadExport, type ExportKind } from '../utils/downloadExport';

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/** One brand's numbers under any filter: range, engines, keywords, branded prompts. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const brandsQuery = useQuery(AnalyticsBrandsQuery, { fetchPolicy: 'cache-and-network' });
  const brands = brandsQuery.data?.brands ?? [];
  // A brand stores engine ids; people read the engines' names (an engine no longer configured
  // keeps its id).
  const engineLabel = new Map(brandsQuery.data?.engines.map((e) => [e.id, e.label]) ?? []);
  const brand = brands.find((b) => b.id === params.get('brand')) ?? brands[0];
  const range = useDateRange(brand?.schedule.timezone ?? 'UTC');
  const engines = list(params.get('engines'));
  const keywords = list(params.get('keywords'));
  const includeBranded = params.get('branded') === '1';
  const place = usePlaceFilter();
  const { interval } = range;
  const filter = {
    ...range.filter,
    ...(engines.length ? { engines } : {}),
    ...(keywords.length ? { keywordIds: keywords } : {}),
    includeBranded,
    ...placeFilterFields(place),
  };
  const query = useQuery(AnalyticsQuery, {
    variables: { id: brand?.id ?? '', filter, interval },
    skip: !brand,
    fetchPolicy: 'cache-and-network',
  });
  const data = query.data ?? query.previousData;
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const toggle = (key: string, current: string[], id: string) =>
    set(key, (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]).join(','));

  const [exporting, setExporting] = useState<ExportKind | null>(null);
  // The gateway streams the file from Postgres (docs/metrics.md, "Exports"): every answer under
  // the filter, not only what the page shows.
  const download = async (kind: ExportKind) => {
    if (!brand || exporting) return;
    setExporting(kind);
    try {
      await downloadExport(kind, { brandId: brand.id, ...filter });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setExporting(null);
    }
  };

  let body: React.ReactNode;
  if (brandsQuery.error && !brandsQuery.data) {
    body = <ErrorState error={brandsQuery.error} onRetry={() => void brandsQuery.refetch()} />;
  } else if (!brandsQuery.data) {
    body = <SkeletonRows label="Loading analytics" />;
  } else if (!brand) {
    body = (
      <EmptyState
        icon={BarChart3}
        title="No brands yet"
        action={
          <Link to="/campaigns/create" className={buttonClass.primary}>
            <Plus aria-hidden="true" size={16} />
            Add a brand to measure
          </Link>
        }
      >
        Analytics shows a brand’s mention rate, share of voice, citations and sentiment per engine,
        keyword and period once it has been measured.
      </EmptyState>
    );
  } else if (query.error && !data) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!data?.brand) {
    body = <SkeletonRows label="Loading analytics" />;
  } else if (data.brand.metrics.answers === 0) {
    body = (
      <EmptyState icon={BarChart3} title="No answers match these filters">
        Widen the range, or clear the engine, keyword, country and language filters.
      </EmptyState>
    );
  } else {
    const b = data.brand;
    body = (
      <>
        <KpiGrid metrics={b.metrics} trend={b.trend} days={range.days} />
        <TrendCard points={b.trend} interval={interval} annotations={b.annotations} />
        <Card title="Sources" description="The domains engines cite in these answers." flush>
          {b.sources.length === 0 ? (
            <p className="px-5 py-4 text-sm text-muted">No answer cites a source here.</p>
          ) : (
            <div className="overflow-x-auto">
              <table aria-label="Cited sources" className="w-full text-sm">
                <thead className="border-b border-border text-xs text-subtle">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 text-left font-medium">
                      Domain
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-left font-medium">
                      Owner
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      Citations
                    </th>
                    <th
                      scope="col"
                      className="hidden px-4 py-2.5 text-right font-medium sm:table-cell"
                    >
                      Answers
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      Share
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border whitespace-nowrap tabular-nums">
                  {b.sources.map((s) => (
                    <tr key={s.domain}>
                      <th scope="row" className="px-4 py-2.5 text-left font-normal text-fg">
                        {s.domain}
                      </th>
                      <td className="px-4 py-2.5 text-muted">
                        {s.owner === 'own'
                          ? 'yours'
                          : s.owner === 'competitor'
                            ? 'competitor'
                            : 'third party'}
                      </td>
                      <td className="px-4 py-2.5 text-right text-fg">{s.citations}</td>
                      <td className="hidden px-4 py-2.5 text-right text-fg sm:table-cell">
                        {s.answers}
                      </td>
                      <td className="px-4 py-2.5 text-right text-fg">
                        {/* A share of the citations in the period's answers: n is those answers. */}
                        <Rate value={s.share} n={b.metrics.answers} layout="stacked" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </>
    );
  }

  const chip = (active: boolean) =>
    `cursor-pointer rounded-md border px-2 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${active ? 'border-accent bg-accent-soft text-accent-text' : 'border-border text-muted hover:text-fg'}`;

  return (
    <Page>
      <PageHeader
        title="Analytics"
        description="A brand’s mention rate, share of voice, citations and sentiment under any filter, with the period before for comparison."
        actions={
          data?.brand && data.brand.metrics.answers > 0 ? (
            <div className="flex flex-wrap gap-2">
              {(['answers', 'metrics'] as const).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className={buttonClass.secondary}
                  disabled={exporting !== null}
                  aria-busy={exporting === kind}
                  onClick={() => void download(kind)}
                >
                  <Download aria-hidden="true" size={16} />
                  {exporting === kind
                    ? 'Preparing…'
                    : kind === 'answers'
                      ? 'Answers CSV'
                      : 'Metrics CSV'}
                </button>
              ))}
            </div>
          ) : null
        }
      />
      {brand ? (
        <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-muted">
              Brand
              <select
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg"
                value={brand.id}
                onChange={(e) => {
                  const id = e.target.value;
                  setParams(
                    (p) => {
                      const next = new URLSearchParams(p);
                      next.delete('engines');
                      next.delete('keywords');
                      next.delete('country');
                      next.delete('language');
                      next.set('brand', id);
                      return next;
                    },
                    { replace: true },
                  );
                }}
              >
                {brands.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </label>
            <RangePicker
              name="analytics-range"
              value={range.choice}
              current={range.filter}
              today={range.today}
              onChange={range.setChoice}
            />
            {/* Always here: this page is where any filter is set (docs/metrics.md). */}
            <PlaceFilter
              choices={placeChoices(brand.places)}
              value={place}
              onChange={place.setPlace}
            />
            <label className="flex items-center gap-2 text-sm text-muted">
              <input
                type="checkbox"
                checked={includeBranded}
                onChange={(e) => set('branded', e.target.checked ? '1' : null)}
              />
              Include branded prompts
            </label>
            {query.loading && data ? <span className="text-xs text-subtle">Updating…</span> : null}
          </div>
          <fieldset className="flex flex-wrap items-center gap-1.5">
            <legend className="mr-2 float-left text-xs text-subtle">Engines</legend>
            {brand.engines.map((e) => (
              <label key={e} className={chip(engines.includes(e))}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={engines.includes(e)}
                  onChange={() => toggle('engines', engines, e)}
                />
                {engineLabel.get(e) ?? e}
              </label>
            ))}
            <span className="text-xs text-subtle">{engines.length ? '' : 'all'}</span>
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-1.5">
            <legend className="mr-2 float-left text-xs text-subtle">Keywords</legend>
            {brand.keywords.map((k) => (
              <label key={k.id} className={chip(keywords.includes(k.id))}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={keywords.includes(k.id)}
                  onChange={() => toggle('keywords', keywords, k.id)}
                />
                {k.text}
              </label>
            ))}
            <span className="text-xs text-subtle">{keywords.length ? '' : 'all'}</span>
          </fieldset>
        </div>
      ) : null}
      {body}
    </Page>
  );
}
