import type { JobStatus } from '@lumen/schema/generated/graphql';
import { sentimentWord } from '../../../ui/format';

type Status = JobStatus;

type ScoreLike = {
  status: Status;
  expired: boolean;
  progress: number;
  result: { mentionRate: { value: number } } | null;
  engines: readonly { done: number; failed: number; total: number }[];
};

export type QuickScoreView =
  | 'loading'
  | 'error'
  | 'notFound'
  | 'expired'
  | 'failed'
  | 'progress'
  | 'completed';

export const isFinalStatus = (status: Status) => status === 'COMPLETED' || status === 'FAILED';

/**
 * Which screen the results page shows. Expiry wins over everything else: an expired check has no
 * result to show whatever state it ended in.
 */
export function quickScoreView(input: {
  score: ScoreLike | null | undefined;
  loading: boolean;
  error: boolean;
}): QuickScoreView {
  const { score } = input;
  if (score === undefined) return input.error ? 'error' : 'loading';
  if (score === null) return 'notFound';
  if (score.expired) return 'expired';
  if (score.status === 'FAILED') return 'failed';
  if (score.status === 'COMPLETED' && score.result) return 'completed';
  return 'progress';
}

/** A completed check in which no engine named the brand: shown with its own explanation. */
export const isZeroVisibility = (score: ScoreLike) =>
  score.result !== null && score.result.mentionRate.value === 0;

/** Overall and per-engine progress for the live view, from the engines' answer counts. */
export function progressSummary(score: ScoreLike): {
  percent: number;
  answered: number;
  total: number;
  engines: number;
} {
  const answered = score.engines.reduce((sum, e) => sum + e.done + e.failed, 0);
  const total = score.engines.reduce((sum, e) => sum + e.total, 0);
  // The server's progress also covers analysis after the last answer; never show less than it.
  const fromAnswers = total > 0 ? Math.floor((100 * answered) / total) : 0;
  const percent = Math.max(0, Math.min(100, Math.max(score.progress, fromAnswers)));
  return { percent, answered, total, engines: score.engines.length };
}

/** Per-engine share done, in [0, 1]. */
export const engineShare = (engine: { done: number; failed: number; total: number }) =>
  engine.total > 0 ? Math.min(1, (engine.done + engine.failed) / engine.total) : 0;

/**
 * Sentiment 0–100 with a word, since a bare number means little to a guest. null with mentions
 * means the answers were in a language Lumen does not score (docs/analysis.md): say so.
 */
export function describeSentiment(
  sentiment: number | null,
  mentioned = false,
): { value: string; label: string } {
  if (sentiment === null || !Number.isFinite(sentiment))
    return mentioned ? { value: '—', label: 'Not scored' } : { value: '—', label: 'No mentions' };
  const value = Math.round(sentiment);
  const word = sentimentWord(value);
  return { value: String(value), label: `${word[0]?.toUpperCase()}${word.slice(1)}` };
}
