// The dashboard's workspace totals (docs/metrics.md, "On the pages"): pure, so they are tested.

type BrandWeek = { metrics: { answers: number; score: number } };

/** Answers over every brand in the week, and the mean score of the brands measured in it. */
export function workspaceTotals(brands: readonly BrandWeek[]): {
  answers: number;
  averageScore: number | null;
  measured: number;
} {
  const measured = brands.filter((b) => b.metrics.answers > 0);
  const answers = brands.reduce((n, b) => n + b.metrics.answers, 0);
  const averageScore = measured.length
    ? Math.round(measured.reduce((n, b) => n + b.metrics.score, 0) / measured.length)
    : null;
  return { answers, averageScore, measured: measured.length };
}
