/** Weights of the visibility score (docs/metrics.md); they add up to 1. */
export const SCORE_WEIGHTS = {
  mentionRate: 0.4,
  positionWeighted: 0.3,
  citationRate: 0.15,
  shareOfVoice: 0.15,
} as const;

export type ScoreInputs = {
  mentionRate: number;
  positionWeighted: number;
  citationRate: number;
  shareOfVoice: number;
};

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** round(100 × (0.40·MR + 0.30·PW + 0.15·CR + 0.15·SOV)), 0–100. */
export function visibilityScore(inputs: ScoreInputs): number {
  const raw =
    SCORE_WEIGHTS.mentionRate * clamp01(inputs.mentionRate) +
    SCORE_WEIGHTS.positionWeighted * clamp01(inputs.positionWeighted) +
    SCORE_WEIGHTS.citationRate * clamp01(inputs.citationRate) +
    SCORE_WEIGHTS.shareOfVoice * clamp01(inputs.shareOfVoice);
  // The epsilon keeps exact halves (e.g. 62.5) from rounding down through float error.
  return Math.round(100 * raw + 1e-9);
}

/** The formula as shown next to every score. */
export const formulaText =
  'Visibility score = round(100 × (0.40 × mention rate + 0.30 × position-weighted mention rate + ' +
  '0.15 × citation rate + 0.15 × share of voice))';

export type ScoreTerm = {
  key: keyof ScoreInputs;
  label: string;
  weight: number;
  value: number;
  /** weight × value × 100: this term's points in the score. */
  points: number;
};

const LABELS: Record<keyof ScoreInputs, string> = {
  mentionRate: 'Mention rate',
  positionWeighted: 'Position-weighted mention rate',
  citationRate: 'Citation rate',
  shareOfVoice: 'Share of voice',
};

/** Each term of the score with its points, plus a one-line worked formula for the UI. */
export function explainScore(inputs: ScoreInputs): {
  score: number;
  terms: ScoreTerm[];
  text: string;
} {
  const terms = (Object.keys(SCORE_WEIGHTS) as (keyof ScoreInputs)[]).map((key) => {
    const value = clamp01(inputs[key]);
    const weight = SCORE_WEIGHTS[key];
    return { key, label: LABELS[key], weight, value, points: 100 * weight * value };
  });
  const score = visibilityScore(inputs);
  const worked = terms
    .map((t) => `${t.weight.toFixed(2)} × ${(100 * t.value).toFixed(0)} %`)
    .join(' + ');
  return { score, terms, text: `${score} = round(${worked})` };
}
