import type { ReactNode } from 'react';
import { Sparkline } from '../../../ui/Sparkline';

type KpiTileProps = {
  label: string;
  value: string;
  /** Under the value: its interval, its change and verdict, or why it is empty. */
  detail?: ReactNode;
  /** A line of context under the detail (where the latest figure comes from). */
  note?: string | undefined;
  /** A line of fine print (the score's formula). */
  footnote?: ReactNode;
  trend?: readonly (number | null)[];
  trendDomain?: [number, number];
  invertTrend?: boolean;
  testId?: string;
  valueTestId?: string;
};

/** A figure first: value, interval or change, and a sparkline of the period. */
export function KpiTile({
  label,
  value,
  detail,
  footnote,
  trend,
  trendDomain,
  invertTrend,
  testId,
  valueTestId,
  note,
}: KpiTileProps) {
  return (
    <section
      aria-label={label}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-1.5 rounded-xl border border-border bg-surface p-4"
    >
      <h3 className="text-xs font-medium text-muted">{label}</h3>
      <div className="flex items-end justify-between gap-2">
        <span data-testid={valueTestId} className="text-2xl font-semibold tabular-nums text-fg">
          {value}
        </span>
        {trend ? (
          <Sparkline
            values={trend}
            invert={invertTrend ?? false}
            {...(trendDomain ? { domain: trendDomain } : {})}
          />
        ) : null}
      </div>
      {detail ? (
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">{detail}</div>
      ) : null}
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      {footnote ? <p className="text-xs text-subtle">{footnote}</p> : null}
    </section>
  );
}
