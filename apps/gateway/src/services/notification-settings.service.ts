import {
  findWorkspaceRow,
  setWorkspaceOpportunityAlertImpact,
} from '@lumen/db/repositories/team.repository';
import {
  DEFAULT_OPPORTUNITY_ALERT_IMPACT,
  NotificationSettingsSchema,
} from '@lumen/domain/notifications/evaluate-opportunities';
import type { Acting, GatewayDeps } from '../context';
import { badInput } from '../errors';
import { logActivity } from './activity.service';

// Workspace-wide notification settings (docs/notifications.md): today the impact from which a
// new opportunity is worth telling people about.

export type NotificationSettings = { opportunityAlertImpact: number };

export async function notificationSettingsOf(
  deps: GatewayDeps,
  workspaceId: string,
): Promise<NotificationSettings> {
  const row = await findWorkspaceRow(deps.db, workspaceId);
  return {
    opportunityAlertImpact: row?.opportunityAlertImpact ?? DEFAULT_OPPORTUNITY_ALERT_IMPACT,
  };
}

export async function updateNotificationSettingsIn(
  deps: GatewayDeps,
  workspaceId: string,
  acting: Acting,
  input: unknown,
): Promise<NotificationSettings> {
  const parsed = NotificationSettingsSchema.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const next = parsed.data;
  await deps.db.transaction(async (tx) => {
    const before = await findWorkspaceRow(tx, workspaceId);
    await setWorkspaceOpportunityAlertImpact(tx, workspaceId, next.opportunityAlertImpact);
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'notifications.settings_changed',
      message: `New opportunities are sent from impact ${next.opportunityAlertImpact}`,
      subjectType: 'workspace',
      subjectId: workspaceId,
      data: {
        from: { opportunityAlertImpact: before?.opportunityAlertImpact ?? null },
        to: next,
      },
    });
  });
  return next;
}
