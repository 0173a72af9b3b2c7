import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { type Verdict, verdictView } from '../utils/metricsView';

const toneClass = {
  up: 'bg-success/10 text-success',
  down: 'bg-danger-soft text-danger',
  neutral: 'bg-surface-3 text-muted',
} as const;

/** "moved up", "moved down" or "within noise", from the Wilson intervals (docs/metrics.md). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { label, tone } = verdictView(verdict);
  const Icon = tone === 'up' ? ArrowUpRight : tone === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ${toneClass[tone]}`}
      title="Moved only when the two periods' 95 % intervals of the mention rate do not overlap"
    >
      <Icon aria-hidden="true" size={12} />
      {label}
    </span>
  );
}
