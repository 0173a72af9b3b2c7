import { type DraftStatus, draftStatus } from '../status/draft-status';

// What a person may do to a draft in each status (docs/publishing.md, "Orders and drafts"),
// along the draft state machine. Editing an approved draft sends it back to DRAFT so nothing
// unreviewed is published; a scheduled draft or one being published is not edited. A published
// draft keeps its status: its edits wait as newer versions until "update from the latest draft".

export type Check = { ok: true; to: DraftStatus } | { ok: false; message: string };

const REFUSED: Partial<Record<DraftStatus, string>> = {
  SCHEDULED: 'This draft is scheduled for publishing; cancel the schedule before editing it.',
  PUBLISHING: 'This draft is being published right now; edit it once publishing has finished.',
};

/** The status a saved edit leaves the draft in. */
export function statusAfterEdit(status: DraftStatus): Check {
  const refused = REFUSED[status];
  if (refused) return { ok: false, message: refused };
  if (status === 'APPROVED' || status === 'FAILED') {
    return draftStatus.canTransition(status, 'DRAFT')
      ? { ok: true, to: 'DRAFT' }
      : { ok: false, message: 'This draft cannot be edited now.' };
  }
  return { ok: true, to: status };
}

export type ReviewAction = 'submit' | 'approve' | 'return';

/**
 * submit: DRAFT → IN_REVIEW; approve: IN_REVIEW → APPROVED, or DRAFT → APPROVED in one step for a
 * team whose writer is its reviewer (both moves are legal in turn); return: IN_REVIEW → DRAFT.
 */
export function reviewMove(status: DraftStatus, action: ReviewAction): Check {
  switch (action) {
    case 'submit':
      if (status === 'IN_REVIEW') return { ok: false, message: 'This draft is already in review.' };
      return draftStatus.canTransition(status, 'IN_REVIEW')
        ? { ok: true, to: 'IN_REVIEW' }
        : {
            ok: false,
            message: `A draft that is ${label(status)} cannot be submitted for review.`,
          };
    case 'approve':
      if (status === 'APPROVED') return { ok: false, message: 'This draft is already approved.' };
      if (
        draftStatus.canTransition(status, 'APPROVED') ||
        (draftStatus.canTransition(status, 'IN_REVIEW') &&
          draftStatus.canTransition('IN_REVIEW', 'APPROVED'))
      ) {
        return { ok: true, to: 'APPROVED' };
      }
      return { ok: false, message: `A draft that is ${label(status)} cannot be approved.` };
    case 'return':
      return status === 'IN_REVIEW'
        ? { ok: true, to: 'DRAFT' }
        : { ok: false, message: 'Only a draft in review can be sent back for changes.' };
  }
}

function label(status: DraftStatus): string {
  return status.toLowerCase().replace('_', ' ');
}
