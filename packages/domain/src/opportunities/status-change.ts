import {
  canTransition,
  type OpportunityStatus,
  opportunityStatus,
} from '../status/opportunity-status';

export const MAX_STATUS_NOTE = 500;

export type StatusChangeCheck =
  | { ok: true; note: string | null }
  | { ok: false; field: 'status' | 'note'; message: string };

const LABEL: Record<OpportunityStatus, string> = {
  NEW: 'New',
  PLANNED: 'Planned',
  IN_PROGRESS: 'In progress',
  PUBLISHED: 'Published',
  RESOLVED: 'Resolved',
  DISMISSED: 'Dismissed',
};

export function opportunityStatusLabel(status: OpportunityStatus): string {
  return LABEL[status];
}

/** Where a person can move an opportunity from `from` (the state machine's edges). */
export function nextOpportunityStatuses(from: OpportunityStatus): OpportunityStatus[] {
  return opportunityStatus.statuses.filter((to) => to !== from && canTransition(from, to));
}

/**
 * Whether a person may move an opportunity (docs/opportunities.md, "Status"): only along the
 * state machine, and a dismissal needs a reason so the list can say why it was dropped.
 */
export function checkOpportunityStatusChange(
  from: OpportunityStatus,
  to: OpportunityStatus,
  note: string | null | undefined,
): StatusChangeCheck {
  const clean = note?.replace(/\s+/g, ' ').trim() || null;
  if (from === to) {
    return { ok: false, field: 'status', message: `The opportunity is already ${LABEL[to]}.` };
  }
  if (!canTransition(from, to)) {
    const next = nextOpportunityStatuses(from).map((s) => LABEL[s]);
    return {
      ok: false,
      field: 'status',
      message: `An opportunity cannot move from ${LABEL[from]} to ${LABEL[to]}; from ${LABEL[from]} it can go to ${next.join(', ')}.`,
    };
  }
  if (clean && clean.length > MAX_STATUS_NOTE) {
    return { ok: false, field: 'note', message: `At most ${MAX_STATUS_NOTE} characters.` };
  }
  if (to === 'DISMISSED' && !clean) {
    return { ok: false, field: 'note', message: 'Say why this opportunity is dismissed.' };
  }
  return { ok: true, note: clean };
}
