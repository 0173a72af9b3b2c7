import { defineStateMachine } from './state-machine';

/** Drafts: DRAFT → IN_REVIEW → APPROVED → SCHEDULED? → PUBLISHING → PUBLISHED | FAILED. */
export type DraftStatus =
  | 'DRAFT'
  | 'IN_REVIEW'
  | 'APPROVED'
  | 'SCHEDULED'
  | 'PUBLISHING'
  | 'PUBLISHED'
  | 'FAILED';

export const draftStatus = defineStateMachine<DraftStatus>({
  DRAFT: ['IN_REVIEW'],
  // A reviewer can send it back for changes.
  IN_REVIEW: ['APPROVED', 'DRAFT'],
  // Editing an approved draft sends it back to DRAFT, so nothing unreviewed is published.
  APPROVED: ['SCHEDULED', 'PUBLISHING', 'DRAFT'],
  SCHEDULED: ['PUBLISHING', 'APPROVED'],
  PUBLISHING: ['PUBLISHED', 'FAILED'],
  PUBLISHED: [],
  // Retry publishing, or edit and review again.
  FAILED: ['PUBLISHING', 'DRAFT'],
});

export const { canTransition, isFinal } = draftStatus;

/** Only approved (or scheduled) drafts may be published: the publish job checks this. */
export function canPublish(status: DraftStatus): boolean {
  return draftStatus.canTransition(status, 'PUBLISHING');
}

/** Open drafts: every status a draft can still leave (everything but PUBLISHED). */
export const OPEN_DRAFT_STATUSES: readonly DraftStatus[] = draftStatus.statuses.filter(
  (status) => !draftStatus.isFinal(status),
);
