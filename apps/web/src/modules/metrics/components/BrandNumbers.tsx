import { useQuery } from '@apollo/client/react';
import { explainScore, formulaText } from '@lumen/domain/metrics/score';
import type { BrandNumbersQuery as BrandNumbersData } from '@lumen/schema/generated/graphql';
import { ChartLine, Table2 } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { lazyPage } from '../../../app/lazyPage';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { percent, percentRange, rankText, signed } from '../../../ui/format';
import { Rate, SampleSize } from '../../../ui/Rate';
import { Skeleton } from '../../../ui/Skeleton';
import { BrandNumbersQuery } from '../graphql/metrics';
import { useDateRange } from '../hooks/useDateRange';
import { usePlaceFilter } from '../hooks/usePlaceFilter';
import { type AnnotationInput, markersOf, numberAnnotations } from '../utils/annotationView';
import { writeRange } from '../utils/dateRange';
import { dayLabel, ratePoints, sentimentText } from '../utils/metricsView';
import {
  placeChoices,
  placeFilterFields,
  placeSentence,
  showPlaceFilter,
  writePlace,
} from '../utils/placeFilter';
import { AnnotationList } from './AnnotationList';
import { CompetitorShare } from './CompetitorShare';
import { EngineCosts } from './EngineCosts';
import { EngineTable } from './EngineTable';
import { KpiTile } from './KpiTile';
import { PlaceFilter } from './PlaceFilter';
import { RangePicker } from './RangePicker';
import { VerdictBadge } from './VerdictBadge';

const TrendChart = lazyPage(() => import('./TrendChart'), 'TrendChart');

type BrandNumbersProps = {
  brandId: string;
  timezone: string;
  /** False before the brand's first run: the section says so and offers to run it. */
  measured: boolean;
  /** The "Run now" control, when the page has one. */
  runAction?: ReactNode;
  /** The latest run's headline, shown when the range has no daily numbers (a claimed quick check). */
  latest?: ReactNode;
  /** Where the latest score comes from ("From the quick check · 5 min ago"), under the score. */
  latestLabel?: string;
  /** Changes when the brand's latest run moves on: the numbers are read again. */
  refreshKey?: string;
};

/** The brand's numbers over 7, 30 or 90 local days, read from the rollups (docs/metrics.md). */
export function BrandNumbers({
  brandId,
  timezone,
  measured,
  runAction,
  latest,
  latestLabel,
  refreshKey = '',
}: BrandNumbersProps) {
  const range = useDateRange(timezone);
  const { interval, days } = range;
  const place = usePlaceFilter();
  const filter = { ...range.filter, ...placeFilterFields(place) };
  const rangeSearch = writePlace(writeRange(new URLSearchParams(), range.choice), place).toString();
  const query = useQuery(BrandNumbersQuery, {
    variables: { id: brandId, filter, interval },
    skip: !measured,
    fetchPolicy: 'cache-and-network',
    // A refetch when a run finishes must not join a request sent while it was still running.
    context: { queryDeduplication: false },
  });
  // While another range loads, the numbers on screen stay (no skeleton flash).
  const data = query.data ?? query.previousData;
  const { error, loading, refetch } = query;
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    if (measured) void refetch();
  }, [refreshKey, measured, refetch]);

  const choices = placeChoices(data?.brand?.places ?? []);
  const placeText = placeSentence(place, choices);
  const rangePicker = (
    <div className="flex flex-wrap items-start gap-2">
      {showPlaceFilter(choices, place) ? (
        <PlaceFilter choices={choices} value={place} onChange={place.setPlace} />
      ) : null}
      <RangePicker
        name="numbers-range"
        value={range.choice}
        current={filter}
        today={range.today}
        onChange={range.setChoice}
      />
    </div>
  );

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id="numbers-heading" className="text-base font-semibold text-fg">
          Visibility
        </h2>
        <p className={measured ? 'text-sm text-muted' : 'sr-only'}>
          {dayLabel(filter.from)} – {dayLabel(filter.to)} ({timezone}), non-branded prompts
          {placeText ? ` ${placeText}` : ''}, compared with the {days} days before.
        </p>
      </div>
      {measured ? rangePicker : null}
    </div>
  );

  let body: ReactNode;
  if (!measured) {
    body = (
      <EmptyState icon={ChartLine} title="Not measured yet" action={runAction}>
        Run the brand’s prompts on its engines to see its score, mention rate, share of voice and
        how each engine sees it.
      </EmptyState>
    );
  } else if (error && !data) {
    body = (
      <ErrorState title="Could not load the numbers" error={error} onRetry={() => void refetch()} />
    );
  } else if (!data?.brand) {
    body = loading || !data ? <NumbersSkeleton /> : null;
  } else if (data.brand.metrics.answers === 0 && placeText) {
    body = (
      <EmptyState icon={ChartLine} title="No answers for this country and language">
        No answer in this range was {placeText}. Pick another country or language, or all of them.
      </EmptyState>
    );
  } else if (data.brand.metrics.answers === 0) {
    body = (
      <EmptyState
        icon={ChartLine}
        title={
          latest
            ? 'No daily numbers yet'
            : range.choice.kind === 'custom'
              ? 'No runs in this range'
              : `No runs in the last ${days} days`
        }
        action={runAction}
      >
        {latest ? <div className="my-3">{latest}</div> : null}
        {latest
          ? 'Daily numbers, trends and changes start with the brand’s first run.'
          : days < 90 || range.choice.kind === 'custom'
            ? 'Pick a longer range, or run the brand now.'
            : 'Run the brand now to measure it again.'}
      </EmptyState>
    );
  } else {
    const b = data.brand;
    body = (
      <>
        <KpiGrid metrics={b.metrics} trend={b.trend} days={days} note={latestLabel} />
        <TrendCard points={b.trend} interval={interval} annotations={b.annotations} />
        <div className="grid gap-4 2xl:grid-cols-5">
          <Card
            title="By engine"
            description="Each engine’s answers on their own."
            flush
            className="min-w-0 2xl:col-span-3"
          >
            <EngineTable rows={b.byEngine} />
            <EngineCosts rows={b.costByEngine} />
          </Card>
          <Card
            title="Share of voice"
            description="Of the answers naming a tracked brand, who gets named."
            className="min-w-0 2xl:col-span-2"
          >
            <CompetitorShare rows={b.competitorMetrics} />
          </Card>
          <Card
            title="By keyword"
            description="The prompts of each keyword, every engine together."
            flush
            className="min-w-0 2xl:col-span-5"
          >
            <EngineTable
              rows={b.byKeyword.map((k) => ({ ...k, engine: k.keywordId, label: k.text }))}
              label="Metrics by keyword"
              heading="Keyword"
              testIdPrefix="keyword-row"
              empty="No keywords yet."
              // The keyword page keeps the range (docs/metrics.md, "Date range").
              linkTo={(k) => `/campaigns/${brandId}/keywords/${k.engine}?${rangeSearch}`}
            />
          </Card>
        </div>
      </>
    );
  }

  return (
    <section
      aria-labelledby="numbers-heading"
      className="flex flex-col gap-4"
      data-testid="brand-numbers"
    >
      {header}
      {body}
    </section>
  );
}

function NumbersSkeleton() {
  return (
    <div role="status" aria-label="Loading the numbers" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

type Numbers = NonNullable<BrandNumbersData['brand']>;
type Metrics = Numbers['metrics'];
type Trend = Numbers['trend'];

export function KpiGrid({
  metrics: m,
  trend,
  days,
  note,
}: {
  metrics: Metrics;
  trend: Trend;
  days: number;
  note?: string | undefined;
}) {
  const series = (pick: (p: Trend[number]) => number | null) =>
    trend.map((p) => (p.answers ? pick(p) : null));
  const worked = explainScore({ ...m, mentionRate: m.mentionRate.value });
  const change = m.change;
  return (
    <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 2xl:grid-cols-6">
      <KpiTile
        // The brand's headline score, wherever the page shows it (e2e: brand-score/score-value).
        testId="brand-score"
        valueTestId="score-value"
        label="Visibility score"
        value={`${m.score}`}
        trend={series((p) => p.score)}
        trendDomain={[0, 100]}
        detail={
          change ? (
            <>
              <span className="tabular-nums">
                {signed(change.score)} vs {change.previousScore}
              </span>
              <VerdictBadge verdict={change.verdict} />
            </>
          ) : (
            <span>no earlier {days} days to compare</span>
          )
        }
        note={note}
        footnote={<span title={formulaText}>{worked.text}</span>}
      />
      <KpiTile
        testId="kpi-mention-rate"
        label="Mention rate"
        value={percent(m.mentionRate.value)}
        trend={series((p) => p.mentionRate.value)}
        trendDomain={[0, 1]}
        detail={
          <>
            <span className="tabular-nums">95 % interval {percentRange(m.mentionRate)}</span>
            {change ? (
              <>
                <span className="tabular-nums">{ratePoints(change.mentionRate)}</span>
                <VerdictBadge verdict={change.verdict} />
              </>
            ) : null}
          </>
        }
        footnote={<SampleSize n={m.answers} words />}
      />
      <KpiTile
        testId="kpi-share-of-voice"
        label="Share of voice"
        value={percent(m.shareOfVoice)}
        trend={series((p) => p.shareOfVoice)}
        trendDomain={[0, 1]}
        detail={
          <>
            of mentions of tracked brands <SampleSize n={m.answers} />
          </>
        }
      />
      <KpiTile
        testId="kpi-citation-rate"
        label="Citation rate"
        value={percent(m.citationRate)}
        trend={series((p) => p.citationRate)}
        trendDomain={[0, 1]}
        detail={
          <>
            of answers with sources cite your domains <SampleSize n={m.answers} />
          </>
        }
      />
      <KpiTile
        testId="kpi-rank"
        label="Average rank"
        value={m.averageRank === null ? '—' : rankText(m.averageRank)}
        trend={series((p) => p.averageRank)}
        invertTrend
        detail={m.averageRank === null ? 'never mentioned' : 'among tracked brands, when named'}
      />
      <KpiTile
        testId="kpi-sentiment"
        label="Sentiment"
        value={m.sentiment === null ? '—' : String(Math.round(m.sentiment))}
        trend={series((p) => p.sentiment)}
        trendDomain={[0, 100]}
        detail={
          m.sentiment === null
            ? 'not scored'
            : `${sentimentText(m.sentiment).split(' · ')[1]}, 0–100 (50 neutral)`
        }
      />
    </div>
  );
}

export function TrendCard({
  points,
  interval,
  annotations = [],
}: {
  points: Trend;
  interval: 'DAY' | 'WEEK';
  /** Events that may explain a move (docs/metrics.md, "Annotations"), marked on the chart. */
  annotations?: readonly AnnotationInput[];
}) {
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const numbered = numberAnnotations(annotations, interval);
  const markers = markersOf(numbered).map((m) => ({
    ...m,
    title: numbered
      .filter((a) => m.ids.includes(a.id))
      .map((a) => `${a.n}. ${a.title}`)
      .join('; '),
  }));
  const table = (
    <table className={asTable ? 'w-full text-sm' : 'sr-only'} aria-label="Trend by day">
      <thead className="text-xs text-subtle">
        <tr>
          <th scope="col" className="py-1.5 text-left font-medium">
            {interval === 'WEEK' ? 'Week' : 'Day'}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Answers
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Score
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Mention rate
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Share of voice
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border tabular-nums">
        {points.map((p) => (
          <tr key={p.date}>
            <th scope="row" className="py-1.5 text-left font-normal text-fg">
              {dayLabel(p.date, interval)}
            </th>
            <td className="py-1.5 text-right text-muted">{p.answers}</td>
            <td className="py-1.5 text-right text-fg">{p.answers ? p.score : '—'}</td>
            <td className="py-1.5 text-right text-fg">
              <Rate value={p.mentionRate.value} n={p.answers} layout="stacked" />
            </td>
            <td className="py-1.5 text-right text-fg">
              <Rate value={p.shareOfVoice} n={p.answers} layout="stacked" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Card
      title="Trend"
      description={
        interval === 'WEEK' ? 'By week (Monday to Sunday).' : 'By day; gaps are days without a run.'
      }
      actions={
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-muted hover:bg-surface-2 hover:text-fg"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? (
            <ChartLine aria-hidden="true" size={14} />
          ) : (
            <Table2 aria-hidden="true" size={14} />
          )}
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      }
    >
      {asTable ? null : (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <TrendChart
            points={points}
            interval={interval}
            markers={markers}
            activeIds={active ? [active] : []}
          />
        </Suspense>
      )}
      {table}
      <AnnotationList items={numbered} active={active} onActive={setActive} />
    </Card>
  );
}
