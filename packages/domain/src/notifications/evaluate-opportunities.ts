import { z } from 'zod';
import type { NotificationEventDraft } from './events';

// `opportunity.created` (docs/notifications.md): an opportunity a run's gap analysis found, when
// its impact reaches the workspace's threshold (a setting, 60 by default).

export const DEFAULT_OPPORTUNITY_ALERT_IMPACT = 60;

/** The workspace's notification settings as a person sets them. */
export const NotificationSettingsSchema = z.object({
  opportunityAlertImpact: z
    .number()
    .int('The impact threshold is a whole number.')
    .min(0, 'The impact threshold is between 0 and 100.')
    .max(100, 'The impact threshold is between 0 and 100.'),
});

export type CreatedOpportunity = {
  id: string;
  brandId: string;
  title: string;
  type: string;
  impact: number;
};

export function opportunityEvents(
  runId: string,
  threshold: number,
  created: readonly CreatedOpportunity[],
): NotificationEventDraft[] {
  return created
    .filter((o) => o.impact >= threshold)
    .sort((a, b) => b.impact - a.impact || a.id.localeCompare(b.id))
    .map((o) => ({
      type: 'opportunity.created',
      // Once per opportunity: a later run that finds it again updates it, it is not new.
      key: `opportunity.created:${o.id}`,
      brandId: o.brandId,
      data: {
        brandId: o.brandId,
        runId,
        opportunityId: o.id,
        title: o.title,
        opportunityType: o.type,
        impact: o.impact,
        threshold,
        why: `Impact ${o.impact} of 100, at or above this workspace's alert threshold of ${threshold}.`,
      },
    }));
}
