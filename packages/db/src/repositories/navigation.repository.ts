import { OPEN_DRAFT_STATUSES } from '@lumen/domain/status/draft-status';
import { OPEN_OPPORTUNITY_STATUSES } from '@lumen/domain/status/opportunity-status';
import { IN_PROGRESS_ORDER_STATUSES } from '@lumen/domain/status/order-status';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';

export type NavigationCounts = {
  brands: number;
  opportunities: number;
  ordersInProgress: number;
  drafts: number;
  published: number;
  sites: number;
};

const inList = (statuses: readonly string[]): SQL =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * The sidebar badges of one workspace. Raw SQL because six counts in one round trip are six
 * scalar subqueries, which the query builder cannot put in one select list. The "open" lists
 * come from the domain state machines (docs/data-model.md, "Statuses").
 */
export async function getNavigationCounts(db: Tx, workspaceId: string): Promise<NavigationCounts> {
  const [row] = await db.execute<NavigationCounts>(sql`
    select
      (select count(*)::int from brands where workspace_id = ${workspaceId} and status <> 'archived') as brands,
      (select count(*)::int from opportunities where workspace_id = ${workspaceId}
         and status in (${inList(OPEN_OPPORTUNITY_STATUSES)})) as opportunities,
      (select count(*)::int from orders where workspace_id = ${workspaceId}
         and status in (${inList(IN_PROGRESS_ORDER_STATUSES)})) as "ordersInProgress",
      (select count(*)::int from drafts where workspace_id = ${workspaceId}
         and status in (${inList(OPEN_DRAFT_STATUSES)})) as drafts,
      (select count(*)::int from published_items where workspace_id = ${workspaceId}) as published,
      (select count(*)::int from wordpress_sites where workspace_id = ${workspaceId}) as sites`);
  if (!row) throw new Error('navigation counts query returned no row');
  return row;
}
