import { type ChangeVerdict, changeVerdict } from '../metrics/periods';
import { wilson } from '../metrics/wilson';
import {
  BASELINE_DAYS,
  type Evidence,
  judgeEvidence,
  MIN_ANSWERS_PER_SIDE,
  splitEvidence,
} from './evidence';

// What a published page changed (docs/closed-loop.md, "Attribution"): the targeted prompts'
// answers before publishing against the answers after the page was read, per engine, with the
// same Wilson intervals and verdict rule as every other comparison in the product. The overall
// verdict is the evidence rule (`judgeEvidence`) that also resolves the opportunity.

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
  /** Every engine's answers together, judged by the evidence rule the resolution uses. */
  evidence: Evidence;
  /** The evidence verdict is not NOT_ENOUGH_DATA. */
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Per engine: the targeted prompts' mention rate (with its Wilson interval), average rank and
 * citation rate over every answer of the `BASELINE_DAYS` before publishing, and over every run
 * since the page was read (nothing counts as "after" while it is unread). The overall verdict
 * and `enoughData` are the evidence rule over every engine's answers together.
 */
export function computeImpact(input: ImpactInput): PublishedImpact {
  const { before, after } = splitEvidence(input);
  const byEngine = new Map<string, { before: ImpactAnswer[]; after: ImpactAnswer[] }>();
  for (const e of input.engines) byEngine.set(e, { before: [], after: [] });
  const sideOf = (engine: string) => {
    const sides = byEngine.get(engine) ?? { before: [], after: [] };
    byEngine.set(engine, sides);
    return sides;
  };
  for (const a of before) sideOf(a.engine).before.push(a);
  for (const a of after) sideOf(a.engine).after.push(a);
  const engines: EngineImpact[] = [];
  for (const [engine, sides] of byEngine) {
    const b = side(sides.before);
    const a = side(sides.after);
    const verdict = b.answers > 0 && a.answers > 0 ? changeVerdict(b, a) : null;
    engines.push({ engine, before: b, after: a, verdict });
  }
  const evidence = judgeEvidence(before, after);
  const enough = evidence.verdict !== 'NOT_ENOUGH_DATA';
  return {
    evidence,
    enoughData: enough,
    reason: enough ? null : reasonFor(input, evidence, engines),
    engines,
  };
}

function reasonFor(
  input: ImpactInput,
  evidence: Evidence,
  engines: readonly EngineImpact[],
): string {
  const noise = `With fewer than ${MIN_ANSWERS_PER_SIDE} answers on each side, no change can be told apart from noise.`;
  if (engines.length === 0) {
    return 'Not enough data yet: the brand has no engines to measure these prompts with.';
  }
  if (evidence.before.answers === 0) {
    return `Not enough data yet: these prompts were not measured in the ${BASELINE_DAYS} days before the page was published, so there is nothing to compare with. ${noise}`;
  }
  if (input.ingestedAt === null) {
    return 'Not enough data yet: the published page has not been read yet. It is measured again right after.';
  }
  if (evidence.after.answers === 0) {
    return 'Not enough data yet: these prompts have not been measured since the page was published. The re-measure starts right after the page is read, then they are measured on the brand’s schedule.';
  }
  return `Not enough data yet: over every engine, ${plural(evidence.before.answers, 'answer')} before publishing and ${plural(evidence.after.answers, 'answer')} after. ${noise} The prompts are measured again on the brand’s schedule.`;
}
