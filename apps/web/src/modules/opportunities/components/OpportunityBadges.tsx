import type { OpportunityStatus, OpportunityType } from '@lumen/schema/generated/graphql';
import { STATUS_LABEL, TYPE_LABEL } from '../utils/opportunityView';

const STATUS_TONE: Record<OpportunityStatus, string> = {
  NEW: 'bg-accent-soft text-accent-text',
  PLANNED: 'bg-warning/15 text-warning',
  IN_PROGRESS: 'bg-warning/15 text-warning',
  PUBLISHED: 'bg-accent-soft text-accent-text',
  RESOLVED: 'bg-success/15 text-success',
  DISMISSED: 'bg-surface-3 text-muted',
};

const pill =
  'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export function StatusBadge({ status }: { status: OpportunityStatus }) {
  return (
    <span data-testid="opportunity-status" className={`${pill} ${STATUS_TONE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

export function TypeBadge({ type }: { type: OpportunityType }) {
  return <span className={`${pill} border border-border text-muted`}>{TYPE_LABEL[type]}</span>;
}

/** Impact 0–100 as a number and a thin bar (the number carries the meaning). */
export function ImpactMeter({ impact }: { impact: number }) {
  return (
    <span className="inline-flex items-center gap-2" title={`Impact ${impact} of 100`}>
      <span className="w-7 text-right font-medium tabular-nums text-fg">{impact}</span>
      <span aria-hidden="true" className="h-1.5 w-12 overflow-hidden rounded-full bg-surface-3">
        <span className="block h-full rounded-full bg-accent" style={{ width: `${impact}%` }} />
      </span>
    </span>
  );
}
