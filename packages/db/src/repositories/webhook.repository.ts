import type { ChannelKind, WebhookStatus } from '@lumen/domain/notifications/webhook-rules';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { webhookDeliveries, webhooks } from '../schema/notifications';

// Webhooks of a workspace and their delivery log (docs/webhooks.md). The sealed secrets are read
// only by `findWebhookForDelivery`, for the attempt that signs; every other function leaves them out.

export type Webhook = {
  id: string;
  workspaceId: string;
  kind: ChannelKind;
  url: string;
  events: string[];
  brandId: string | null;
  status: WebhookStatus;
  createdAt: Date;
};

export type WebhookDelivery = {
  id: string;
  workspaceId: string;
  webhookId: string;
  eventId: string;
  type: string;
  attempt: number;
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  response: string;
  createdAt: Date;
};

const columns = {
  id: webhooks.id,
  workspaceId: webhooks.workspaceId,
  kind: webhooks.kind,
  url: webhooks.url,
  events: webhooks.events,
  brandId: webhooks.brandId,
  status: webhooks.status,
  createdAt: webhooks.createdAt,
};

export type WebhookValues = { url: string; events: string[]; brandId: string | null };

/** A new channel: a webhook has a sealed secret; a Slack channel a sealed URL (`url`: its hint). */
export type NewChannel = WebhookValues & {
  id: string;
  kind: ChannelKind;
  sealedSecret: string | null;
  sealedUrl: string | null;
};

export async function insertWebhook(
  db: Tx,
  workspaceId: string,
  values: NewChannel,
): Promise<Webhook> {
  const [row] = await db
    .insert(webhooks)
    .values({ ...values, workspaceId })
    .returning(columns);
  if (!row) throw new Error('insert returned no webhook');
  return row;
}

async function findChannel(db: Tx, workspaceId: string, id: string, kind: ChannelKind) {
  const [row] = await db
    .select(columns)
    .from(webhooks)
    .where(
      and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id), eq(webhooks.kind, kind)),
    );
  return row ?? null;
}

/** A signed webhook of the workspace (never a Slack channel). */
export const findWebhook = (db: Tx, workspaceId: string, id: string) =>
  findChannel(db, workspaceId, id, 'WEBHOOK');

export const findSlackChannel = (db: Tx, workspaceId: string, id: string) =>
  findChannel(db, workspaceId, id, 'SLACK');

export function listWebhooks(
  db: Tx,
  workspaceId: string,
  kind: ChannelKind = 'WEBHOOK',
): Promise<Webhook[]> {
  return db
    .select(columns)
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.kind, kind)))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** A person's edit also turns a disabled webhook back on: they have looked at it. */
export async function updateWebhook(
  db: Tx,
  workspaceId: string,
  id: string,
  values: WebhookValues & { sealedUrl?: string },
): Promise<Webhook | null> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, status: 'ACTIVE', failingSince: null, updatedAt: new Date() })
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .returning(columns);
  return row ?? null;
}

/**
 * The new secret signs from now on; the current one keeps signing until `previousUntil` (both
 * are sealed to the row, so the current envelope moves to the previous column as it is).
 */
export async function rotateWebhookSecret(
  db: Tx,
  workspaceId: string,
  id: string,
  next: { sealedSecret: string; previousUntil: Date },
): Promise<Webhook | null> {
  const [row] = await db
    .update(webhooks)
    .set({
      // In an UPDATE the right-hand side reads the row as it was: the old secret.
      sealedPreviousSecret: sql`${webhooks.sealedSecret}`,
      sealedSecret: next.sealedSecret,
      previousSecretUntil: next.previousUntil,
      updatedAt: new Date(),
    })
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function deleteWebhook(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export function listActiveWebhooks(db: Tx, workspaceId: string): Promise<Webhook[]> {
  return db
    .select(columns)
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.status, 'ACTIVE')));
}

export type WebhookForDelivery = Webhook & {
  sealedSecret: string | null;
  sealedUrl: string | null;
  sealedPreviousSecret: string | null;
  previousSecretUntil: Date | null;
  failingSince: Date | null;
};

export async function findWebhookForDelivery(
  db: Tx,
  id: string,
): Promise<WebhookForDelivery | null> {
  const [row] = await db
    .select({
      ...columns,
      sealedSecret: webhooks.sealedSecret,
      sealedUrl: webhooks.sealedUrl,
      sealedPreviousSecret: webhooks.sealedPreviousSecret,
      previousSecretUntil: webhooks.previousSecretUntil,
      failingSince: webhooks.failingSince,
    })
    .from(webhooks)
    .where(eq(webhooks.id, id));
  return row ?? null;
}

/** After a 2xx: the webhook is healthy again. */
export async function markWebhookAnswered(db: Tx, id: string): Promise<void> {
  await db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, id));
}

/** After a failed attempt: since when the webhook has been failing (set now if it was not). */
export async function markWebhookFailing(db: Tx, id: string, now: Date): Promise<Date | null> {
  await db
    .update(webhooks)
    .set({ failingSince: now })
    .where(and(eq(webhooks.id, id), isNull(webhooks.failingSince)));
  const [row] = await db
    .select({ failingSince: webhooks.failingSince })
    .from(webhooks)
    .where(eq(webhooks.id, id));
  return row?.failingSince ?? null;
}

/** True when this call disabled it (false: already disabled or gone). */
export async function disableWebhook(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ status: 'DISABLED', updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.status, 'ACTIVE')))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Logs an attempt; null when that attempt was already logged (a retried job). */
export async function insertDelivery(
  db: Tx,
  values: Omit<WebhookDelivery, 'id' | 'createdAt'>,
): Promise<WebhookDelivery | null> {
  const [row] = await db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deliveryAttemptLogged(
  db: Tx,
  key: { webhookId: string; eventId: string; attempt: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, key.webhookId),
        eq(webhookDeliveries.eventId, key.eventId),
        eq(webhookDeliveries.attempt, key.attempt),
      ),
    );
  return row !== undefined;
}

export async function lastDeliveryAttempt(
  db: Tx,
  webhookId: string,
  eventId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${webhookDeliveries.attempt}), 0)::int` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.eventId, eventId)));
  return row?.n ?? 0;
}

export async function findDelivery(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<WebhookDelivery | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

/** The newest `first` attempts of each webhook (a loader's batch). */
export async function listDeliveriesOf(
  db: Tx,
  workspaceId: string,
  webhookIds: readonly string[],
  first: number,
): Promise<Map<string, WebhookDelivery[]>> {
  const out = new Map<string, WebhookDelivery[]>(webhookIds.map((id) => [id, []]));
  if (webhookIds.length === 0) return out;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        inArray(webhookDeliveries.webhookId, [...webhookIds]),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt));
  for (const row of rows) {
    const list = out.get(row.webhookId);
    if (list && list.length < first) list.push(row);
  }
  return out;
}
