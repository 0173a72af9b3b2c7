import { brandOfOpportunity } from '@lumen/db/repositories/activity.repository';
import {
  type DraftRow,
  findDraft,
  findDraftVersion,
  moveDraft,
  saveDraftEdit,
} from '@lumen/db/repositories/draft.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { DraftInputSchema } from '@lumen/domain/publishing/draft-input';
import { type DraftContent, faqItems, faqJsonLd } from '@lumen/domain/publishing/draft-meta';
import { placeholderRefusal } from '@lumen/domain/publishing/draft-placeholders';
import {
  type ReviewAction,
  reviewMove,
  statusAfterEdit,
} from '@lumen/domain/publishing/draft-review';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

// Editing and reviewing drafts (docs/publishing.md, "Orders and drafts"). Every save names the
// version it started from; a stale one is CONFLICT and nothing is written.

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env'>;
type Scope = { workspaceId: string; userId: string; acting: Acting };

const STALE =
  'Someone saved this draft after you opened it. Your changes were not saved: reload to see theirs, then apply yours again.';

export async function findExistingDraft(deps: Deps, workspaceId: string, id: string) {
  return findOwned({ db: deps.db, workspaceId }, 'Draft', id, findDraft);
}

/** Replaces the draft's content when it is still at `version`; writes version + 1. */
export async function updateDraft(
  deps: Deps,
  scope: Scope,
  input: { id: string; version: number; values: unknown },
): Promise<DraftRow> {
  const draft = await findExistingDraft(deps, scope.workspaceId, input.id);
  const parsed = DraftInputSchema.safeParse(input.values);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const values: DraftContent = {
    ...parsed.data,
    // The FAQ markup always says what the page's FAQ says.
    jsonLd: faqJsonLd(faqItems(parsed.data.body)),
  };
  return save(deps, scope, draft, input.version, values, null);
}

/** A previous version's content saved as a new version (nothing is ever rewritten). */
export async function restoreDraftVersion(
  deps: Deps,
  scope: Scope,
  input: { id: string; version: number; restore: number },
): Promise<DraftRow> {
  const draft = await findExistingDraft(deps, scope.workspaceId, input.id);
  const old = await findDraftVersion(deps.db, scope.workspaceId, draft.id, input.restore);
  if (!old) {
    const message = `This draft has no version ${input.restore}.`;
    throw new LumenError('BAD_USER_INPUT', message, { fields: { restore: message } });
  }
  const { version: _v, authorId: _a, createdAt: _c, ...values } = old;
  return save(deps, scope, draft, input.version, values, input.restore);
}

async function save(
  deps: Deps,
  scope: Scope,
  draft: DraftRow,
  version: number,
  values: DraftContent,
  restored: number | null,
): Promise<DraftRow> {
  if (version !== draft.version)
    throw new LumenError('CONFLICT', STALE, { version: draft.version });
  const check = statusAfterEdit(draft.status);
  if (!check.ok) throw new LumenError('BAD_USER_INPUT', check.message, { status: draft.status });
  const saved = await deps.db.transaction(async (tx) => {
    const edit = await saveDraftEdit(tx, scope.workspaceId, {
      id: draft.id,
      version,
      from: draft.status,
      to: check.to,
      values,
      authorId: scope.userId,
    });
    if (edit !== null) {
      await logActivity(tx, scope.acting, {
        workspaceId: scope.workspaceId,
        kind: restored === null ? 'draft.edited' : 'draft.restored',
        message:
          restored === null
            ? `Edited the draft ${quoted(values.title)}`
            : `Restored version ${restored} of the draft ${quoted(values.title)}`,
        subjectType: 'draft',
        subjectId: draft.id,
        brandId: await brandOfOpportunity(tx, scope.workspaceId, draft.opportunityId),
        data: {
          version: { from: version, to: version + 1 },
          ...(check.to !== draft.status ? { status: { from: draft.status, to: check.to } } : {}),
        },
      });
    }
    return edit;
  });
  if (saved === null) {
    // Read before the guarded update: someone saved (or moved it) in between.
    const now = await findExistingDraft(deps, scope.workspaceId, draft.id);
    throw new LumenError('CONFLICT', STALE, { version: now.version });
  }
  await announce(deps, scope.workspaceId, draft.id);
  return findExistingDraft(deps, scope.workspaceId, draft.id);
}

/** submit (DRAFT → IN_REVIEW), approve (→ APPROVED) or return (IN_REVIEW → DRAFT). */
export async function reviewDraft(
  deps: Deps,
  scope: Scope,
  input: { id: string; action: ReviewAction; version: number | null },
): Promise<DraftRow> {
  const draft = await findExistingDraft(deps, scope.workspaceId, input.id);
  if (input.version !== null && input.version !== draft.version) {
    throw new LumenError('CONFLICT', STALE, { version: draft.version });
  }
  const check = reviewMove(draft.status, input.action);
  if (!check.ok) throw new LumenError('BAD_USER_INPUT', check.message, { status: draft.status });
  // A draft with "[[Fill in: …]]" left (the composer's prices) is a brief, not copy to review.
  const unfilled = check.to === 'DRAFT' ? null : placeholderRefusal(draft.body);
  if (unfilled) {
    throw new LumenError('BAD_USER_INPUT', unfilled, {
      status: draft.status,
      fields: { body: unfilled },
    });
  }
  const moved = await deps.db.transaction(async (tx) => {
    const done = await moveDraft(tx, scope.workspaceId, {
      id: draft.id,
      from: draft.status,
      to: check.to,
      userId: scope.userId,
      version: input.version,
    });
    if (done) {
      await logActivity(tx, scope.acting, {
        workspaceId: scope.workspaceId,
        kind: `draft.${REVIEW_KIND[input.action]}`,
        message: `${REVIEW_VERB[input.action]} the draft ${quoted(draft.title)}`,
        subjectType: 'draft',
        subjectId: draft.id,
        brandId: await brandOfOpportunity(tx, scope.workspaceId, draft.opportunityId),
        data: { status: { from: draft.status, to: check.to } },
      });
    }
    return done;
  });
  if (!moved) {
    throw new LumenError(
      'CONFLICT',
      'This draft was just changed by someone else; reload it and try again.',
    );
  }
  await announce(deps, scope.workspaceId, draft.id);
  return findExistingDraft(deps, scope.workspaceId, draft.id);
}

const REVIEW_KIND: Record<ReviewAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
};
const REVIEW_VERB: Record<ReviewAction, string> = {
  submit: 'Submitted for review',
  approve: 'Approved',
  return: 'Returned for changes',
};

async function announce(deps: Deps, workspaceId: string, draftId: string): Promise<void> {
  const prefix = deps.env.REDIS_PREFIX;
  await Promise.all([
    publishEvent(deps.redis, prefix, TOPIC.draft(draftId), { draftId }),
    publishEvent(deps.redis, prefix, TOPIC.workspace(workspaceId), { kind: 'drafts', draftId }),
  ]);
}
