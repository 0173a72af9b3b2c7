import type { Redis } from 'ioredis';
import { z } from 'zod';

// The worker publishes one of these after every change to a status row; the gateway's
// subscription re-reads the row (the event itself is only a nudge, never the source of truth).
export const TOPIC = {
  systemPing: (pingId: string) => `system-ping:${pingId}`,
  quickScore: (quickScoreId: string) => `quick-score:${quickScoreId}`,
  run: (runId: string) => `run:${runId}`,
  order: (orderId: string) => `order:${orderId}`,
  draft: (draftId: string) => `draft:${draftId}`,
  publishedItem: (publishedItemId: string) => `published-item:${publishedItemId}`,
  workspace: (workspaceId: string) => `workspace:${workspaceId}`,
  /** Someone joined, left, was removed or changed role: open streams check their caller again. */
  members: (workspaceId: string) => `members:${workspaceId}`,
  /** A row was added to the workspace's activity log: the live tail reads what is new. */
  activity: (workspaceId: string) => `activity:${workspaceId}`,
  /** A scan of the brand's cited pages moved: the Sources page reads its outreach again. */
  citedPageScan: (brandId: string) => `cited-page-scan:${brandId}`,
  reanalysis: (reanalysisId: string) => `reanalysis:${reanalysisId}`,
  /** A workspace's deletion moved (running, done). */
  workspaceDeletion: (deletionId: string) => `workspace-deletion:${deletionId}`,
  /** A brand's re-analysis moved (progress, finished): `Brand.recount` is read again. */
  recount: (brandId: string) => `recount:${brandId}`,
  /** A site audit moved (claimed, progress, finished, failed). */
  siteAudit: (siteAuditId: string) => `site-audit:${siteAuditId}`,
  /** The brand's latest site audit moved or a new one started: `siteAuditUpdated` reads again. */
  brandSiteAudit: (brandId: string) => `brand-site-audit:${brandId}`,
} as const;

export const EventSchema = z.object({
  topic: z.string(),
  at: z.number(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type LumenEvent = z.infer<typeof EventSchema>;

/** Where the worker records a processed system ping, so a late subscriber still gets it. */
export function systemPingKey(prefix: string, pingId: string): string {
  return `${prefix}:system-ping:${pingId}`;
}

export function eventChannel(prefix: string, topic: string): string {
  return `${prefix}:events:${topic}`;
}

export async function publishEvent(
  redis: Redis,
  prefix: string,
  topic: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const event: LumenEvent = { topic, at: Date.now(), data };
  await redis.publish(eventChannel(prefix, topic), JSON.stringify(event));
}
