import { setMonthlyBudget } from '@lumen/db/repositories/budget.repository';
import type { MemberWorkspace } from '@lumen/db/repositories/workspace.repository';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { formatUsd, MonthlyBudgetSchema } from '@lumen/domain/costs/budget';
import type { Acting, AuthUser, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { logActivity } from './activity.service';
import { accessTo, workspaceView } from './team.service';

// The workspace's monthly budget in US dollars (docs/engines.md, "Budget"): owners and admins
// set or clear it; the worker enforces it per paid answer.

export async function setMonthlyBudgetAs(
  deps: GatewayDeps,
  user: AuthUser,
  acting: Acting,
  workspaceId: string,
  usd: number | null,
): Promise<MemberWorkspace> {
  const access = await accessTo(deps, user, workspaceId);
  if (!teamAllows(access.role, 'setBudget')) {
    throw new LumenError('FORBIDDEN', 'Only owners and admins set the monthly budget.');
  }
  let next: number | null = null;
  if (usd !== null) {
    const parsed = MonthlyBudgetSchema.safeParse(usd);
    if (!parsed.success) {
      throw badInput(parsed.error.issues.map((i) => ({ ...i, path: ['usd'] })));
    }
    next = parsed.data;
  }
  await deps.db.transaction(async (tx) => {
    const before = await setMonthlyBudget(tx, access.id, next);
    await logActivity(tx, acting, {
      workspaceId: access.id,
      kind: 'workspace.budget_changed',
      message:
        next === null
          ? 'Removed the monthly budget'
          : `Set the monthly budget to ${formatUsd(next)}`,
      subjectType: 'workspace',
      subjectId: access.id,
      data: { from: before, to: next },
    });
  });
  return workspaceView(deps, access.id, access.role, user.id);
}
