type Formula = { weights: readonly { name: string; key: string; weight: number }[] };

type ScoreValues = {
  score: number;
  mentionRate: { value: number };
  positionWeighted: number;
  citationRate: number;
  shareOfVoice: number;
};

export type ScoreTerm = {
  key: string;
  name: string;
  weight: number;
  /** The metric in [0, 1]. */
  value: number;
  /** weight × value × 100: what this term adds to the 0–100 score. */
  points: number;
};

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

function metricValue(result: ScoreValues, key: string): number | null {
  switch (key) {
    case 'mentionRate':
      return result.mentionRate.value;
    case 'positionWeighted':
      return result.positionWeighted;
    case 'citationRate':
      return result.citationRate;
    case 'shareOfVoice':
      return result.shareOfVoice;
    default:
      return null;
  }
}

/**
 * The score's terms with the weights the server reports, so the explanation next to the gauge
 * can never disagree with how the score was computed. A weight for a metric this page does not
 * know is left out rather than shown as zero.
 */
export function scoreTerms(result: ScoreValues, formula: Formula): ScoreTerm[] {
  return formula.weights.flatMap((w) => {
    const raw = metricValue(result, w.key);
    if (raw === null) return [];
    const value = clamp01(raw);
    return [{ key: w.key, name: w.name, weight: w.weight, value, points: 100 * w.weight * value }];
  });
}

/** A short verdict for the gauge; the bands are for reading, the number is what counts. */
export function scoreBand(score: number): {
  label: string;
  tone: 'danger' | 'warning' | 'success';
} {
  if (score < 1) return { label: 'Not visible yet', tone: 'danger' };
  if (score < 25) return { label: 'Low visibility', tone: 'danger' };
  if (score < 50) return { label: 'Some visibility', tone: 'warning' };
  if (score < 75) return { label: 'Good visibility', tone: 'success' };
  return { label: 'Strong visibility', tone: 'success' };
}

/** Points with one decimal ("12.4"), or a whole number when exact. */
export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
