import { percent, plural, rankText } from '../../../ui/format';

// Words for the keyword matrix (docs/metrics.md, "Keyword detail"): what a cell says, short for
// the grid and in full for screen readers, and a prompt's history in one line.

type Cell = {
  answerId?: string | null;
  failed: boolean;
  mentioned: boolean;
  rank?: number | null;
  cited: boolean;
  competitors: number;
};

export function cellText(c: Cell): { short: string; extra: string | null; long: string } {
  if (!c.answerId) return { short: 'not asked', extra: null, long: 'not asked in this run' };
  if (c.failed) return { short: 'failed', extra: null, long: 'the engine gave no answer' };
  const others = c.competitors === 0 ? null : plural(c.competitors, 'competitor');
  if (!c.mentioned) {
    return {
      short: 'not mentioned',
      extra: [c.cited ? 'cited' : null, others].filter(Boolean).join(' · ') || null,
      long: [
        'not mentioned',
        c.cited ? 'your domain cited' : null,
        others ? `${others} named` : null,
      ]
        .filter(Boolean)
        .join(', '),
    };
  }
  const rank = c.rank ? `#${c.rank}` : 'mentioned';
  return {
    short: c.rank ? `Mentioned · #${c.rank}` : 'Mentioned',
    extra: c.cited ? 'cited' : 'not cited',
    long: `mentioned, ${c.rank ? `rank ${rank.slice(1)}` : 'no rank'}, ${c.cited ? 'your domain cited' : 'your domains not cited'}`,
  };
}

type Point = { answers: number; mentioned: number; averageRank?: number | null };

/** "3 runs · latest 2 of 2 (100 %), #1.5" — the text alternative of the sparkline. */
export function historyText(points: readonly Point[]): string {
  const last = points.at(-1);
  if (!last) return 'no runs';
  const runs = plural(points.length, 'run');
  const rate = last.answers ? percent(last.mentioned / last.answers) : '—';
  const rank = last.averageRank ? `, ${rankText(last.averageRank)}` : '';
  return `${runs} · latest ${last.mentioned} of ${last.answers} (${rate})${rank}`;
}
