import { z } from 'zod';

// What Lumen tells people (docs/webhooks.md lists the payload of each type). An event is stored
// once per (rule, subject, source) under a deterministic key, so a retried evaluation finds the
// row it already wrote and sends nothing twice.

export const NOTIFICATION_EVENT_TYPES = [
  'score.moved',
  'mention_rate.moved',
  'share_of_voice.moved',
  'competitor.overtook',
  'citation.lost',
  'citation.gained',
  'opportunity.created',
  'run.failed',
  'run.partial',
  'publish.failed',
  'ingestion.failed',
  'budget.warning',
  'budget.reached',
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/** Only "Send a test" produces it; it is not something a channel subscribes to. */
export const TEST_EVENT_TYPE = 'test.ping';
/**
 * The digest as one event per workspace and period, for Slack channels and webhooks that choose
 * it (docs/notifications.md, "Digests"). People get theirs by email through their own digest
 * choice, not as an email kind.
 */
export const DIGEST_EVENT_TYPE = 'digest' as const;
/** What a Slack channel or webhook can choose: every event type, and the digest. */
export const CHANNEL_EVENT_TYPES = [...NOTIFICATION_EVENT_TYPES, DIGEST_EVENT_TYPE] as const;
export type DeliverableEventType =
  | NotificationEventType
  | typeof TEST_EVENT_TYPE
  | typeof DIGEST_EVENT_TYPE;

export type Interval = { value: number; low: number; high: number };

/** A number that moved: both runs' values with their 95 % intervals and the verdict. */
export type MovedPayload = {
  brandId: string;
  runId: string;
  previousRunId: string;
  /** null: the brand over every engine; else one engine's numbers. */
  engine: string | null;
  direction: 'UP' | 'DOWN';
  previous: Interval;
  current: Interval;
  /** Score points for score.moved (0–100), the rate's change (0–1) otherwise. */
  change: number;
  /** One sentence for people: why Lumen calls this real. */
  why: string;
};

export type RunProblemPayload = {
  brandId: string;
  runId: string;
  total: number;
  answered: number;
  failed: number;
  error: string | null;
};

/** One event to store: `key` is unique per workspace (rule, subject, source). */
export type NotificationEventDraft = {
  type: DeliverableEventType;
  key: string;
  brandId: string | null;
  data: Record<string, unknown>;
};

/** The JSON every channel receives (webhooks verbatim; Slack and email render it). */
export type EventEnvelope = {
  id: string;
  type: DeliverableEventType;
  createdAt: string;
  workspaceId: string;
  data: Record<string, unknown>;
};

export function envelopeOf(event: {
  id: string;
  type: string;
  createdAt: Date;
  workspaceId: string;
  data: Record<string, unknown>;
}): EventEnvelope {
  return {
    id: event.id,
    type: event.type as DeliverableEventType,
    createdAt: event.createdAt.toISOString(),
    workspaceId: event.workspaceId,
    data: event.data,
  };
}

/** Where an event can be looked at in Lumen (every channel links the same place); null without
 * a public address. */
export function eventLink(
  event: Pick<EventEnvelope, 'data'>,
  appUrl: string | null,
): string | null {
  if (!appUrl) return null;
  const base = appUrl.replace(/\/+$/, '');
  const d = event.data;
  if (typeof d.brandId !== 'string') return `${base}/settings/notifications`;
  if (typeof d.opportunityId === 'string') return `${base}/opportunities/${d.opportunityId}`;
  if (typeof d.runId === 'string') return `${base}/campaigns/${d.brandId}/runs/${d.runId}`;
  return `${base}/campaigns/${d.brandId}`;
}

/** A channel takes an event when it lists the type and (if it names a brand) the brand matches. */
export function channelWants(
  channel: { events: readonly string[]; brandId: string | null },
  event: { type: string; brandId: string | null },
): boolean {
  if (!channel.events.includes(event.type)) return false;
  return channel.brandId === null || channel.brandId === event.brandId;
}

export const NotificationEventTypeSchema = z.enum(CHANNEL_EVENT_TYPES, {
  error: () => 'Choose events from the list.',
});
