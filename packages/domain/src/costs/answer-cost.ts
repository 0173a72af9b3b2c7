// What an answer costs in US dollars (docs/engines.md, "Costs"). Pure arithmetic: the price table
// lives in @lumen/engines, the tokens come from the provider's reply.

/** One model's prices, in US dollars. */
export type ModelPrice = {
  /** Per million input (prompt) tokens. */
  inputPerMTok: number;
  /** Per million output (completion) tokens, reasoning tokens included. */
  outputPerMTok: number;
  /** Per search or grounding call the provider made while answering (its web-search tool). */
  perSearchCall?: number;
  /** Per request, whatever it used (Perplexity's request fee, a SERP request). */
  perRequest?: number;
};

export type AnswerUsage = {
  inputTokens?: number | null;
  outputTokens?: number | null;
  /** Search or grounding calls the provider reports for the answer. */
  searchCalls?: number | null;
};

/** Costs are kept to 1e-8 dollars (numeric(14, 8)): a few tokens of a cheap model are not zero. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}

/**
 * The cost of one answer: tokens at the model's rates, plus its search calls and request fee.
 * Null when it cannot be known: no price for the model, or the provider did not report the
 * tokens a non-zero rate needs. Never a zero standing in for "unknown".
 */
export function answerCostUsd(
  usage: AnswerUsage | null | undefined,
  price: ModelPrice | null | undefined,
): number | null {
  if (!price) return null;
  const input = usage?.inputTokens ?? null;
  const output = usage?.outputTokens ?? null;
  if (price.inputPerMTok > 0 && input === null) return null;
  if (price.outputPerMTok > 0 && output === null) return null;
  // Per-million rates × tokens give micro-dollars; summing those first keeps the float error
  // far below the 1e-8 the result is rounded to.
  const micro =
    (input ?? 0) * price.inputPerMTok +
    (output ?? 0) * price.outputPerMTok +
    (usage?.searchCalls ?? 0) * (price.perSearchCall ?? 0) * 1e6 +
    (price.perRequest ?? 0) * 1e6;
  return roundUsd(micro / 1e6);
}

/**
 * What an estimate assumes one answer uses (docs/engines.md, "Estimates"): a visibility prompt
 * is short, but an engine that searches reads the pages it found as input tokens, and answers
 * run to a few hundred words.
 */
export const TYPICAL_ANSWER_USAGE = {
  inputTokens: 1_500,
  outputTokens: 700,
  searchCalls: 1,
} as const;

/** The typical answer's cost for a price; null when the price is unknown. */
export function typicalAnswerCostUsd(price: ModelPrice | null | undefined): number | null {
  return answerCostUsd(TYPICAL_ANSWER_USAGE, price);
}

export type EngineEstimateInput = {
  engine: string;
  /** Answers the run would ask of this engine: prompts × samples. */
  answers: number;
  /** Cost of one typical answer; null = unknown price, 0 = free (the local engines). */
  answerCostUsd: number | null;
};

export type CostEstimate = {
  answers: number;
  /** The sum over engines with a known price. */
  costUsd: number;
  /** Engines whose price is unknown: their answers are in `answers`, not in `costUsd`. */
  unpricedEngines: string[];
  byEngine: { engine: string; answers: number; costUsd: number | null }[];
};

/** Prompts × engines × samples, each engine priced at its typical answer. */
export function estimateRunCost(engines: readonly EngineEstimateInput[]): CostEstimate {
  const byEngine = engines.map((e) => ({
    engine: e.engine,
    answers: e.answers,
    costUsd: e.answerCostUsd === null ? null : roundUsd(e.answers * e.answerCostUsd),
  }));
  return {
    answers: byEngine.reduce((sum, e) => sum + e.answers, 0),
    costUsd: roundUsd(byEngine.reduce((sum, e) => sum + (e.costUsd ?? 0), 0)),
    unpricedEngines: byEngine.filter((e) => e.costUsd === null).map((e) => e.engine),
    byEngine,
  };
}
