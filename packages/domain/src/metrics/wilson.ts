export type Interval = { low: number; high: number };

/**
 * Wilson score interval for a proportion (95 % by default). With no observations nothing is
 * known, so the interval is the whole [0, 1].
 */
export function wilson(successes: number, n: number, z = 1.959964): Interval {
  if (!(n > 0) || !Number.isFinite(n)) return { low: 0, high: 1 };
  const k = Math.min(Math.max(successes, 0), n);
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    low: Math.max(0, (centre - margin) / denominator),
    high: Math.min(1, (centre + margin) / denominator),
  };
}
