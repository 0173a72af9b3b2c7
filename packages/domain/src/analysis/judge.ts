import type { ContextDecision } from '../entities/types';
import type { CommonWordReason } from './common-word';

/**
 * The optional judge for brands that are everyday words (docs/analysis.md, "The optional
 * judge"). The deterministic rule decides every occurrence; the occurrences it decided without
 * any signal either way form the ambiguous remainder that a judge may overrule. Without a
 * verdict an occurrence keeps its deterministic decision, so the numbers never depend on the
 * judge being reachable.
 */

/** Not counted for want of a signal: nothing in the text says word or brand. */
export const AMBIGUOUS_REASONS: ReadonlySet<CommonWordReason> = new Set<CommonWordReason>([
  'lowercase',
  'sentence-start',
  'title-case',
  'capitalised-noun',
]);

export type AmbiguousOccurrence = {
  entityId: string;
  start: number;
  end: number;
  /** The sentence holding the occurrence, the context the judge sees. */
  sentence: string;
};

/** The occurrences the deterministic rule left without a signal, in text order. */
export function pickAmbiguous(
  text: string,
  decisions: readonly ContextDecision[],
): AmbiguousOccurrence[] {
  return decisions
    .filter((d) => !d.counted && AMBIGUOUS_REASONS.has(d.reason))
    .sort((a, b) => a.start - b.start || a.entityId.localeCompare(b.entityId))
    .map((d) => ({
      entityId: d.entityId,
      start: d.start,
      end: d.end,
      sentence: sentenceAround(text, d.start, d.end),
    }));
}

const SENTENCE_END = /[.!?\n]/;

function sentenceAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !SENTENCE_END.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && !SENTENCE_END.test(text[to]!)) to++;
  if (to < text.length && text[to] !== '\n') to++;
  return text.slice(from, to).trim();
}

/** The key under which a verdict is stored: one per occurrence of an entity in an answer. */
export function verdictKey(o: { entityId: string; start: number }): string {
  return `${o.entityId}:${o.start}`;
}

/**
 * Reads the judge's reply. Only the strict form `{"brand": true|false}` is accepted; anything
 * else is no verdict, and the deterministic decision stands.
 */
export function parseVerdict(content: string): boolean | null {
  let value: unknown;
  try {
    value = JSON.parse(content.trim());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'brand') return null;
  const brand = (value as { brand: unknown }).brand;
  return typeof brand === 'boolean' ? brand : null;
}

export type JudgedDecision = ContextDecision & { judged: boolean };

/**
 * Applies verdicts to the decisions. Only ambiguous occurrences can change; a verdict for an
 * occurrence that had a clear signal is ignored, so the judge never overrules the rule.
 */
export function applyVerdicts(
  decisions: readonly ContextDecision[],
  verdicts: ReadonlyMap<string, boolean>,
): JudgedDecision[] {
  return decisions.map((d) => {
    const verdict = verdicts.get(verdictKey(d));
    if (verdict === undefined || d.counted || !AMBIGUOUS_REASONS.has(d.reason)) {
      return { ...d, judged: false };
    }
    return { ...d, counted: verdict, judged: true };
  });
}

/** At most this many occurrences of one answer are put to the judge; the rest keep the rule. */
export const MAX_JUDGED_PER_ANSWER = 20;

/**
 * What is known and what is left to ask for one answer: cached verdicts are reused, and only
 * the first `limit` occurrences without one are asked (so an answer repeating a word costs at
 * most `limit` calls, and a re-analysis with every verdict cached asks nothing).
 */
export function planJudging(
  ambiguous: readonly AmbiguousOccurrence[],
  cached: ReadonlyMap<string, boolean>,
  limit = MAX_JUDGED_PER_ANSWER,
): { known: Map<string, boolean>; ask: AmbiguousOccurrence[] } {
  const known = new Map<string, boolean>();
  const ask: AmbiguousOccurrence[] = [];
  for (const o of ambiguous) {
    const key = verdictKey(o);
    const verdict = cached.get(key);
    if (verdict !== undefined) known.set(key, verdict);
    else if (ask.length < limit) ask.push(o);
  }
  return { known, ask };
}
