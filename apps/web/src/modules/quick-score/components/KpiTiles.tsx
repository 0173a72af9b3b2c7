import type { ReactNode } from 'react';
import { percent, percentRange, rankText } from '../../../ui/format';
import { SampleSize } from '../../../ui/Rate';
import type { QuickScoreData } from '../hooks/useQuickScore';
import { describeSentiment } from '../utils/quickScoreView';

type Result = NonNullable<QuickScoreData['result']>;

function Tile({
  label,
  value,
  detail,
  testId,
  wide = false,
  n,
  children,
}: {
  /** The answers a rate rests on: shown beside it, "directional" below 10. */
  n?: number;
  /** Spans both columns of the phone's two-column grid (five tiles leave one alone otherwise). */
  wide?: boolean;
  label: string;
  value: string;
  detail: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={`flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface p-4 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
    >
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2">
        <span
          className="text-2xl font-semibold tracking-tight text-fg tabular-nums"
          data-testid={testId}
        >
          {value}
        </span>
        {n === undefined ? null : <SampleSize n={n} />}
      </dd>
      <dd className="text-xs text-subtle">{detail}</dd>
      {children}
    </div>
  );
}

/** The mention rate's 95 % interval drawn on a 0–100 % track, the point marked. */
function IntervalBar({ low, high, value }: { low: number; high: number; value: number }) {
  const pct = (x: number) => `${Math.max(0, Math.min(100, x * 100))}%`;
  return (
    <dd aria-hidden="true" className="relative mt-1.5 h-1.5 w-full rounded-full bg-surface-3">
      <span
        className="absolute inset-y-0 rounded-full bg-accent-soft ring-1 ring-accent/50"
        style={{ left: pct(low), width: `calc(${pct(high)} - ${pct(low)})` }}
      />
      <span
        className="absolute top-1/2 h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent"
        style={{ left: pct(value) }}
      />
    </dd>
  );
}

export function KpiTiles({ result }: { result: Result }) {
  const sentiment = describeSentiment(result.sentiment, result.mentionRate.value > 0);
  const mr = result.mentionRate;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Tile
        wide
        label="Mention rate"
        value={percent(mr.value)}
        n={result.answers}
        detail={`95 % interval ${percentRange(mr)}`}
        testId="mention-rate"
      >
        <IntervalBar low={mr.low} high={mr.high} value={mr.value} />
      </Tile>
      <Tile
        label="Share of voice"
        value={percent(result.shareOfVoice)}
        n={result.answers}
        detail="Your mentions among all brands’ mentions"
      />
      <Tile
        label="Average rank"
        value={rankText(result.averageRank, 'Not ranked')}
        detail={
          result.averageRank === null
            ? 'Never named, so never ranked'
            : 'Position when named, 1 = named first'
        }
      />
      <Tile
        label="Citation rate"
        value={percent(result.citationRate)}
        n={result.answers}
        detail="Answers citing your site"
      />
      <Tile
        label="Sentiment"
        value={sentiment.value}
        detail={
          sentiment.value === '—'
            ? sentiment.label
            : `${sentiment.label} · 0–100 over the answers naming you, 50 neutral`
        }
        testId="sentiment"
      />
    </dl>
  );
}
