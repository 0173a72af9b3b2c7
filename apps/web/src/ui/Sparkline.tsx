type SparklineProps = {
  /** Oldest first; null where nothing was measured (the line breaks there). */
  values: readonly (number | null)[];
  /** The value range drawn top to bottom; defaults to the values' own min and max. */
  domain?: [number, number];
  /** Lower is better (rank): drawn upside down so "up" still means better. */
  invert?: boolean;
  className?: string;
};

const W = 96;
const H = 28;

/** A tiny trend line for KPI tiles and lists: plain SVG, no chart library. Decorative. */
export function Sparkline({ values, domain, invert = false, className = '' }: SparklineProps) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2)
    return <svg aria-hidden="true" width={W} height={H} className={className} />;
  const [min, max] = domain ?? [Math.min(...known), Math.max(...known)];
  const span = max - min || 1;
  const step = values.length > 1 ? W / (values.length - 1) : 0;
  const y = (v: number) => {
    const t = (v - min) / span;
    return 2 + (H - 4) * (invert ? t : 1 - t);
  };
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${(i * step).toFixed(1)} ${y(v).toFixed(1)} `;
    pen = true;
  });
  const lastIndex = values.length - 1 - [...values].reverse().findIndex((v) => v !== null);
  const last = values[lastIndex] as number;
  return (
    <svg
      aria-hidden="true"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      className={`overflow-visible ${className}`}
    >
      <path d={d} fill="none" stroke="var(--accent)" strokeWidth={1.5} strokeLinejoin="round" />
      <circle cx={lastIndex * step} cy={y(last)} r={2} fill="var(--accent)" />
    </svg>
  );
}
