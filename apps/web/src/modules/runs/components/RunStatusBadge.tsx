import { runStatusBadge, type StatusTone } from '../utils/runView';

const TONES: Record<StatusTone, string> = {
  accent: 'bg-accent-soft text-accent-text',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  danger: 'bg-danger-soft text-danger',
  muted: 'bg-surface-3 text-muted',
};

export function RunStatusBadge({
  run,
}: {
  run: { status: string; error?: string | null; failed: number; budgetStopped?: number };
}) {
  const badge = runStatusBadge(run);
  return (
    <span
      data-testid="run-status"
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[badge.tone]}`}
    >
      {badge.label}
    </span>
  );
}
