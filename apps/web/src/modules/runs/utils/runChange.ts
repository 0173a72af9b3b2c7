// How a run's score change reads: the verdict of the KPI tiles (the server's `runChange`,
// docs/brands.md "Runs"), never a bare coloured number. Table tests beside this file.

export type RunChangeInput = {
  trigger?: string | null;
  promptCount?: number | null;
  /** Answers asked of each prompt × engine (docs/metrics.md, "Samples"). */
  samples?: number | null;
  change?: { score: number; verdict: 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE' } | null;
};

export type RunChangeView =
  | { kind: 'targeted'; label: string; title: string }
  | { kind: 'none' }
  | { kind: 'change'; delta: string; label: string; tone: 'up' | 'down' | 'neutral' };

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

export function runChangeView(run: RunChangeInput): RunChangeView {
  if (run.trigger === 'TARGETED') {
    const n = run.promptCount ?? null;
    const samples = (run.samples ?? 1) > 1 ? ` × ${run.samples} samples` : '';
    const what = n === null ? '' : ` · ${n} prompt${n === 1 ? '' : 's'}${samples}`;
    return {
      kind: 'targeted',
      label: `re-measure${what}`,
      title: 'A targeted re-measure after publishing: never compared with full runs',
    };
  }
  const change = run.change;
  if (!change) return { kind: 'none' };
  if (change.verdict === 'WITHIN_NOISE') {
    return { kind: 'change', delta: signed(change.score), label: 'within noise', tone: 'neutral' };
  }
  const up = change.verdict === 'MOVED_UP';
  return {
    kind: 'change',
    delta: signed(change.score),
    label: up ? 'moved up' : 'moved down',
    tone: up ? 'up' : 'down',
  };
}
