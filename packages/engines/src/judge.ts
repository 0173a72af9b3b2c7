import { parseVerdict } from '@lumen/domain/analysis/judge';
import { type AnswerEngine, EngineError } from './engine';
import { OPENAI_DEFAULT_MODEL } from './providers/openai';
import { createOpenAICompatibleEngine } from './providers/openai-compatible';
import type { EngineEnv } from './registry';

export type JudgeQuestion = {
  /** The tracked brand's name. */
  brand: string;
  /** What the brand is (its description or industry), so the word can be told from the brand. */
  description?: string;
  /** The sentence holding the occurrence. */
  sentence: string;
};

/** The question put to the judge for one ambiguous occurrence (docs/analysis.md, the judge). */
export function judgePrompt(q: JudgeQuestion): string {
  const about = q.description?.trim() ? ` (${q.description.trim()})` : '';
  return [
    `Is the word "${q.brand}" in the sentence below the brand ${q.brand}${about}, or the ordinary word?`,
    'Reply with JSON only, exactly {"brand": true} or {"brand": false}.',
    '',
    `Sentence: ${q.sentence}`,
  ].join('\n');
}

/**
 * Asks the judge through an engine adapter (the same HTTP layer as answers). Any failure or a
 * reply not of the strict form is no verdict (null): the deterministic decision then stands, so
 * a missing, slow or confused judge never changes a number.
 */
export async function askJudge(
  engine: AnswerEngine,
  q: JudgeQuestion,
  signal?: AbortSignal,
  onFailure?: (reason: JudgeFailure) => void,
): Promise<boolean | null> {
  let text: string;
  try {
    text = (await engine.answer({ prompt: judgePrompt(q), signal })).text;
  } catch (error) {
    onFailure?.(error instanceof EngineError ? error.code : 'error');
    return null;
  }
  const verdict = parseVerdict(text);
  if (verdict === null) onFailure?.('unreadable-reply');
  return verdict;
}

/** Why the judge gave no verdict: the engine error's code, or a reply not of the strict form. */
export type JudgeFailure = EngineError['code'] | 'error' | 'unreadable-reply';

/** The setting `ANALYSIS_JUDGE` (docs/analysis.md, "The optional judge"). */
export type JudgeSetting = 'off' | 'on' | 'openai' | 'openai-compatible';

/** A judge at hand: its model (part of each cached verdict's key) and its one question. */
export type Judge = {
  /** `<provider>/<model>`: a verdict is reused only from the same judge model. */
  model: string;
  ask: (q: JudgeQuestion, onFailure?: (reason: JudgeFailure) => void) => Promise<boolean | null>;
};

/** A judge answers within this, or gives no verdict: it must not hold a brand run. */
export const JUDGE_TIMEOUT_MS = 20_000;

function value(env: EngineEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/**
 * The judge the settings give, or null: off, or the chosen provider not configured (no key,
 * no server). Either provider is asked over chat completions through the engines' adapter (no
 * web search), at the base URL the engines use.
 */
export function createJudge(
  env: EngineEnv,
  setting: JudgeSetting,
  modelOverride?: string,
  timeoutMs = JUDGE_TIMEOUT_MS,
): Judge | null {
  if (setting === 'off') return null;
  const openaiKey = value(env, 'OPENAI_API_KEY');
  const compatibleURL = value(env, 'OPENAI_COMPATIBLE_BASE_URL');
  const compatibleModel = modelOverride ?? value(env, 'OPENAI_COMPATIBLE_MODEL');
  const useOpenAI = setting === 'openai' || (setting === 'on' && openaiKey !== undefined);
  let engine: AnswerEngine;
  let provider: string;
  if (useOpenAI) {
    if (!openaiKey) return null;
    provider = 'openai';
    engine = createOpenAICompatibleEngine({
      baseURL: value(env, 'OPENAI_BASE_URL') ?? 'https://api.openai.com/v1',
      apiKey: openaiKey,
      model: modelOverride ?? OPENAI_DEFAULT_MODEL,
      timeoutMs,
    });
  } else {
    if (!compatibleURL || !compatibleModel) return null;
    provider = 'openai-compatible';
    engine = createOpenAICompatibleEngine({
      baseURL: compatibleURL,
      apiKey: value(env, 'OPENAI_COMPATIBLE_API_KEY'),
      model: compatibleModel,
      timeoutMs,
    });
  }
  return {
    model: `${provider}/${engine.model}`,
    ask: (q, onFailure) => askJudge(engine, q, undefined, onFailure),
  };
}
