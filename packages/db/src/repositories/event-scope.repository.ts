import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { drafts, orders, publishedItems } from '../schema/publishing';
import { runs } from '../schema/runs';

/** The rows whose own event topics (`run:<id>`, `order:<id>`, …) name no workspace. */
export type EventRowKind = 'run' | 'order' | 'draft' | 'published-item';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspace of the row an event is about, or null (gone, or not a workspace's: a quick
 * score's run). The gateway's response cache forgets that workspace (docs/architecture.md,
 * "Response cache").
 */
export async function findEventRowWorkspace(
  db: Tx,
  kind: EventRowKind,
  id: string,
): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const table =
    kind === 'run' ? runs : kind === 'order' ? orders : kind === 'draft' ? drafts : publishedItems;
  const [row] = await db
    .select({ workspaceId: table.workspaceId })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.workspaceId ?? null;
}
