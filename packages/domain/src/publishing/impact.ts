import { type ChangeVerdict, changeVerdict } from '../metrics/periods';
import { wilson } from '../metrics/wilson';

// What a published page changed (docs/closed-loop.md, "Attribution"): the targeted prompts'
// answers before publishing against the answers after the page was read, per engine, with the
// same Wilson intervals and verdict rule as every other comparison in the product.

/** How many of the brand's runs before publishing make the baseline, per engine. */
export const BEFORE_RUNS = 5;

/**
 * The fewest answers on each side that can ever show a move: with 3 answers even 0/3 against
 * 3/3 leaves the 95 % Wilson intervals overlapping ([0, 0.56] and [0.44, 1]); with 4 they part.
 */
export const MIN_ANSWERS_PER_SIDE = 4;

/** One stored answer of a targeted prompt (failed queries are left out by the reader). */
export type ImpactAnswer = {
  runId: string;
  /** When the run was created. */
  runAt: Date;
  engine: string;
  mentioned: boolean;
  /** The brand's rank when mentioned. */
  rank: number | null;
  /** The answer cites anything at all. */
  withCitations: boolean;
  /** The answer cites one of the brand's own domains. */
  citesOwn: boolean;
};

export type Rate = { value: number; low: number; high: number };

export type ImpactSide = {
  answers: number;
  runs: number;
  mentionRate: Rate;
  /** Mean rank over the answers that mention the brand; null if none do. */
  averageRank: number | null;
  /** Answers citing an owned domain / answers with at least one citation (0 if none). */
  citationRate: number;
};

export type EngineImpact = {
  engine: string;
  before: ImpactSide;
  after: ImpactSide;
  /** Null while either side has no answers: there is nothing to compare. */
  verdict: ChangeVerdict | null;
};

export type PublishedImpact = {
  enoughData: boolean;
  /** Plain words for the person reading the panel; null when there is enough data. */
  reason: string | null;
  engines: EngineImpact[];
};

export type ImpactInput = {
  publishedAt: Date;
  /** When the page joined the local engines' corpus; null until then. */
  ingestedAt: Date | null;
  /** The brand's engines, in display order; engines outside it that answered come after. */
  engines: readonly string[];
  answers: readonly ImpactAnswer[];
  /** A display name for an engine id (used in `reason`). */
  labelOf?: (engine: string) => string;
};

function side(answers: readonly ImpactAnswer[]): ImpactSide {
  const n = answers.length;
  let mentioned = 0;
  let rankSum = 0;
  let withCitations = 0;
  let citesOwn = 0;
  const runs = new Set<string>();
  for (const a of answers) {
    runs.add(a.runId);
    if (a.mentioned) {
      mentioned++;
      rankSum += a.rank ?? 0;
    }
    if (a.withCitations) withCitations++;
    if (a.citesOwn) citesOwn++;
  }
  const { low, high } = wilson(mentioned, n);
  return {
    answers: n,
    runs: runs.size,
    mentionRate: { value: n > 0 ? mentioned / n : 0, low, high },
    averageRank: mentioned > 0 ? rankSum / mentioned : null,
    citationRate: withCitations > 0 ? citesOwn / withCitations : 0,
  };
}

/** The answers of the last `BEFORE_RUNS` runs before `cut`, newest runs first. */
function lastRunsBefore(answers: readonly ImpactAnswer[], cut: number): ImpactAnswer[] {
  const runAt = new Map<string, number>();
  for (const a of answers) {
    const t = a.runAt.getTime();
    if (t < cut) runAt.set(a.runId, t);
  }
  const kept = new Set(
    [...runAt.entries()]
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, BEFORE_RUNS)
      .map(([id]) => id),
  );
  return answers.filter((a) => kept.has(a.runId));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Per engine: the targeted prompts' mention rate (with its Wilson interval), average rank and
 * citation rate over the last `BEFORE_RUNS` runs before publishing, and over every run since the
 * page was read (since publishing when it is not read yet; nothing then counts as "after").
 * `enoughData` once some engine has `MIN_ANSWERS_PER_SIDE` answers on both sides.
 */
export function computeImpact(input: ImpactInput): PublishedImpact {
  const label = input.labelOf ?? ((e: string) => e);
  const published = input.publishedAt.getTime();
  const ingested = input.ingestedAt?.getTime() ?? null;
  const byEngine = new Map<string, ImpactAnswer[]>();
  for (const e of input.engines) byEngine.set(e, []);
  for (const a of input.answers) {
    const list = byEngine.get(a.engine) ?? [];
    list.push(a);
    byEngine.set(a.engine, list);
  }
  const engines: EngineImpact[] = [];
  for (const [engine, answers] of byEngine) {
    const before = side(lastRunsBefore(answers, published));
    const after = side(
      ingested === null ? [] : answers.filter((a) => a.runAt.getTime() >= ingested),
    );
    const verdict = before.answers > 0 && after.answers > 0 ? changeVerdict(before, after) : null;
    engines.push({ engine, before, after, verdict });
  }
  const enough = engines.some(
    (e) => e.before.answers >= MIN_ANSWERS_PER_SIDE && e.after.answers >= MIN_ANSWERS_PER_SIDE,
  );
  return { enoughData: enough, reason: enough ? null : reasonFor(input, engines, label), engines };
}

function reasonFor(
  input: ImpactInput,
  engines: readonly EngineImpact[],
  label: (engine: string) => string,
): string {
  const noise = `With fewer than ${MIN_ANSWERS_PER_SIDE} answers on each side, no change can be told apart from noise.`;
  if (engines.length === 0) {
    return 'Not enough data yet: the brand has no engines to measure these prompts with.';
  }
  if (engines.every((e) => e.before.answers === 0)) {
    return `Not enough data yet: these prompts were never measured before the page was published, so there is nothing to compare with. ${noise}`;
  }
  if (input.ingestedAt === null) {
    return 'Not enough data yet: the published page has not been read yet. It is measured again right after.';
  }
  if (engines.every((e) => e.after.answers === 0)) {
    return 'Not enough data yet: these prompts have not been measured since the page was published. The re-measure starts right after the page is read, then they are measured on the brand’s schedule.';
  }
  const best = [...engines].sort(
    (a, b) =>
      Math.min(b.before.answers, b.after.answers) - Math.min(a.before.answers, a.after.answers),
  )[0] as EngineImpact;
  return `Not enough data yet: ${label(best.engine)} has ${plural(best.before.answers, 'answer')} before publishing and ${plural(best.after.answers, 'answer')} after. ${noise} The prompts are measured again on the brand’s schedule.`;
}
