import { percent, percentRange, plural } from './format';
import { sampleView } from './rateView';

/**
 * n beside a rate ("n = 12", or "12 answers" with `words`), and "directional" below 10 answers
 * (`sampleView`). Every rate a page shows carries it: alone under a KPI tile's figure, or inside
 * `Rate`.
 */
export function SampleSize({ n, words = false }: { n: number; words?: boolean }) {
  const view = sampleView(n);
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap text-xs font-normal text-subtle tabular-nums"
      title={view.title}
      data-testid="sample-size"
    >
      <span>{words ? plural(n, 'answer') : view.label}</span>
      {view.directional ? (
        <span className="rounded bg-warning/15 px-1 text-[11px] font-medium text-warning">
          directional
        </span>
      ) : null}
    </span>
  );
}

/**
 * A rate as every page writes it: "42 %", its 95 % interval when there is one, and n. No
 * answers: "—" (a rate of nothing is not 0 %).
 */
export function Rate({
  value,
  n,
  interval,
  layout = 'inline',
}: {
  value: number;
  n: number;
  interval?: { low: number; high: number } | null | undefined;
  /** `stacked` puts the interval and n under the figure (table cells). */
  layout?: 'inline' | 'stacked';
}) {
  const figure = n === 0 ? '—' : percent(value);
  return (
    <span
      className={
        layout === 'stacked'
          ? 'inline-flex flex-col items-end gap-0.5'
          : 'inline-flex flex-wrap items-baseline gap-x-1.5'
      }
      data-testid="rate"
    >
      <span className="tabular-nums">{figure}</span>
      {interval && n > 0 ? (
        <span className="text-xs text-subtle tabular-nums">{percentRange(interval)}</span>
      ) : null}
      <SampleSize n={n} />
    </span>
  );
}
