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
  // Unscheduling returns it to APPROVED; a scheduled publication that never ran fails.
  SCHEDULED: ['PUBLISHING', 'APPROVED', 'FAILED'],
  PUBLISHING: ['PUBLISHED', 'FAILED'],
  // "Update from the latest draft": the post is written again (docs/publishing.md).
  PUBLISHED: ['PUBLISHING'],
  // Retry publishing, or edit and review again.
  FAILED: ['PUBLISHING', 'DRAFT'],
});

export const { canTransition, isFinal } = draftStatus;

/**
 * Only approved (or scheduled) drafts may be published; a failed one may be tried again and a
 * published one written again from its latest version.
 */
export function canPublish(status: DraftStatus): boolean {
  return draftStatus.canTransition(status, 'PUBLISHING');
}

/** Open drafts: everything but PUBLISHED (which only an update from the latest draft leaves). */
export const OPEN_DRAFT_STATUSES: readonly DraftStatus[] = draftStatus.statuses.filter(
  (status) => status !== 'PUBLISHED',
);
