import { formatCount } from '../../../ui/format';

type Recount = { status: string; done: number; total: number };

/** Whether the brand's stored answers are still being counted again. */
export function isRecounting(recount: Recount | null | undefined): boolean {
  return recount?.status === 'QUEUED' || recount?.status === 'RUNNING';
}

/**
 * What a page says while a brand's answers are counted again: "Recounting… 40 of 240 answers"
 * once the total is known, "Recounting…" before; nothing when none is open.
 */
export function recountText(recount: Recount | null | undefined): string | null {
  if (!recount || !isRecounting(recount)) return null;
  if (recount.status === 'QUEUED' || recount.total === 0) return 'Recounting…';
  const done = Math.min(recount.done, recount.total);
  return `Recounting… ${formatCount(done)} of ${formatCount(recount.total)} answers`;
}
