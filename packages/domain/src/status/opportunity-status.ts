import { defineStateMachine } from './state-machine';

/** Opportunities: NEW → PLANNED → IN_PROGRESS → PUBLISHED → RESOLVED, or DISMISSED. */
export type OpportunityStatus =
  | 'NEW'
  | 'PLANNED'
  | 'IN_PROGRESS'
  | 'PUBLISHED'
  | 'RESOLVED'
  | 'DISMISSED';

export const opportunityStatus = defineStateMachine<OpportunityStatus>({
  // A later run can resolve an opportunity at any stage: the brand may appear without our content.
  NEW: ['PLANNED', 'RESOLVED', 'DISMISSED'],
  PLANNED: ['IN_PROGRESS', 'NEW', 'RESOLVED', 'DISMISSED'],
  IN_PROGRESS: ['PUBLISHED', 'PLANNED', 'RESOLVED', 'DISMISSED'],
  PUBLISHED: ['RESOLVED', 'DISMISSED'],
  // The gap showing again after it was resolved reopens it; a dismissal can be undone.
  RESOLVED: ['NEW'],
  DISMISSED: ['NEW'],
});

export const { canTransition, isFinal } = opportunityStatus;

/**
 * Open = still asking for work: the sidebar badge and the default list filter. Not derived from
 * isFinal, because no opportunity status is final (a resolved gap can reopen).
 */
export const OPEN_OPPORTUNITY_STATUSES = [
  'NEW',
  'PLANNED',
  'IN_PROGRESS',
] as const satisfies readonly OpportunityStatus[];
