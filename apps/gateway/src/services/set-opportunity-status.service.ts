import {
  findOpportunity,
  moveOpportunity,
  type OpportunityRow,
} from '@lumen/db/repositories/opportunity-query.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { checkOpportunityStatusChange } from '@lumen/domain/opportunities/status-change';
import type { OpportunityStatus } from '@lumen/domain/status/opportunity-status';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { Acting, GatewayDeps } from '../context';
import { LumenError, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env'>;

/**
 * A person moves an opportunity (docs/opportunities.md, "Status"): along the domain's state
 * machine only (BAD_USER_INPUT names where it can go), a dismissal with a reason, guarded by the
 * status read here so a concurrent move answers CONFLICT instead of being overwritten. The
 * workspace is told, so badges and boards elsewhere re-read their counts.
 */
export async function setOpportunityStatus(
  deps: Deps,
  scope: { workspaceId: string; userId: string; acting: Acting },
  input: { id: string; status: OpportunityStatus; note: string | null },
): Promise<OpportunityRow> {
  const owned = { db: deps.db, workspaceId: scope.workspaceId };
  const current = await findOwned(owned, 'Opportunity', input.id, findOpportunity);
  const check = checkOpportunityStatusChange(current.status, input.status, input.note);
  if (!check.ok) {
    throw new LumenError('BAD_USER_INPUT', check.message, {
      fields: { [check.field]: check.message },
      status: current.status,
    });
  }
  const moved = await deps.db.transaction(async (tx) => {
    const done = await moveOpportunity(tx, scope.workspaceId, {
      id: current.id,
      from: current.status,
      to: input.status,
      userId: scope.userId,
      note: check.note,
    });
    if (done) {
      await logActivity(tx, scope.acting, {
        workspaceId: scope.workspaceId,
        kind: 'opportunity.status_changed',
        message: `Moved ${quoted(current.title)} from ${current.status} to ${input.status}`,
        subjectType: 'opportunity',
        subjectId: current.id,
        brandId: current.brandId,
        data: { status: { from: current.status, to: input.status } },
      });
    }
    return done;
  });
  if (!moved) {
    throw new LumenError(
      'CONFLICT',
      'This opportunity was just moved by someone else or a run; reload it and try again.',
    );
  }
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.workspace(scope.workspaceId), {
    kind: 'opportunities',
    opportunityId: current.id,
  });
  const row = await findOpportunity(deps.db, scope.workspaceId, current.id);
  if (!row) throw notFound('Opportunity');
  return row;
}
