import { wilson } from '../metrics/wilson';

// The one evidence rule of the closed loop (docs/closed-loop.md, "The evidence rule"): the impact
// page's verdict and the opportunity's resolution after publishing both come from `judgeEvidence`
// over the same before/after answer sets, so the two can never disagree.

/** How far back from publishing the "before" side reaches: every stored answer in it counts. */
export const BASELINE_DAYS = 30;

/**
 * The fewest answers on each side that can ever show a move: with 3 answers even 0/3 against
 * 3/3 leaves the 95 % Wilson intervals overlapping ([0, 0.56] and [0.44, 1]); with 4 they part.
 */
export const MIN_ANSWERS_PER_SIDE = 4;

export type EvidenceVerdict = 'IMPROVED' | 'WORSENED' | 'WITHIN_NOISE' | 'NOT_ENOUGH_DATA';

export type EvidenceSide = {
  answers: number;
  mentioned: number;
  /** Mention rate with its 95 % Wilson interval ([0, 1] with no answers). */
  rate: { value: number; low: number; high: number };
};

export type Evidence = {
  before: EvidenceSide;
  after: EvidenceSide;
  verdict: EvidenceVerdict;
};

/** An answer as the rule sees it: when its run was created, and whether it names the brand. */
export type EvidenceAnswer = { runAt: Date; mentioned: boolean };

function side(answers: readonly { mentioned: boolean }[]): EvidenceSide {
  const n = answers.length;
  const mentioned = answers.filter((a) => a.mentioned).length;
  const { low, high } = wilson(mentioned, n);
  return { answers: n, mentioned, rate: { value: n > 0 ? mentioned / n : 0, low, high } };
}

/**
 * The verdict on a change of mention rate: NOT_ENOUGH_DATA while a side has fewer than
 * `MIN_ANSWERS_PER_SIDE` answers; otherwise IMPROVED / WORSENED only when the two 95 % Wilson
 * intervals do not overlap (the product's rule, docs/metrics.md), else WITHIN_NOISE.
 */
export function judgeEvidence(
  before: readonly { mentioned: boolean }[],
  after: readonly { mentioned: boolean }[],
): Evidence {
  const b = side(before);
  const a = side(after);
  let verdict: EvidenceVerdict;
  if (b.answers < MIN_ANSWERS_PER_SIDE || a.answers < MIN_ANSWERS_PER_SIDE) {
    verdict = 'NOT_ENOUGH_DATA';
  } else if (a.rate.low > b.rate.high) {
    verdict = 'IMPROVED';
  } else if (a.rate.high < b.rate.low) {
    verdict = 'WORSENED';
  } else {
    verdict = 'WITHIN_NOISE';
  }
  return { before: b, after: a, verdict };
}

/**
 * Which answers are "before" and which "after" a publication: before, every answer whose run
 * was created in the `BASELINE_DAYS` before publishing (not only the last run's); after, every
 * answer of a run created once the page was read (none while it is unread). Runs between
 * publishing and reading count for neither side.
 */
export function splitEvidence<T extends EvidenceAnswer>(input: {
  publishedAt: Date;
  ingestedAt: Date | null;
  answers: readonly T[];
}): { before: T[]; after: T[] } {
  const published = input.publishedAt.getTime();
  const from = published - BASELINE_DAYS * 86_400_000;
  const ingested = input.ingestedAt?.getTime() ?? null;
  const before: T[] = [];
  const after: T[] = [];
  for (const a of input.answers) {
    const t = a.runAt.getTime();
    if (t >= from && t < published) before.push(a);
    else if (ingested !== null && t >= ingested) after.push(a);
  }
  return { before, after };
}

const percent = (x: number) => `${Math.round(x * 100)} %`;

const VERDICT_WORDS: Record<EvidenceVerdict, string> = {
  IMPROVED: 'improved',
  WORSENED: 'worse',
  WITHIN_NOISE: 'within noise',
  NOT_ENOUGH_DATA: 'not enough data',
};

/**
 * The evidence in plain words, as the opportunity's history keeps it: counts on each side,
 * the intervals, the verdict.
 */
export function describeEvidence(e: Evidence): string {
  const part = (s: EvidenceSide) =>
    `${s.mentioned} of ${s.answers} answers named the brand (${percent(s.rate.low)}–${percent(s.rate.high)})`;
  return `Evidence over every engine: before publishing ${part(e.before)}; after the page was read ${part(e.after)}. Verdict: ${VERDICT_WORDS[e.verdict]}.`;
}
