import type { Sql } from '../client';

export type NavigationCounts = {
  brands: number;
  opportunities: number;
  ordersInProgress: number;
  drafts: number;
  published: number;
  sites: number;
};

/** The sidebar badges of one workspace, in a single round trip. */
export async function getNavigationCounts(
  sql: Sql,
  workspaceId: string,
): Promise<NavigationCounts> {
  const [row] = await sql<NavigationCounts[]>`
    select
      (select count(*)::int from brands where workspace_id = ${workspaceId} and status <> 'archived') as brands,
      (select count(*)::int from opportunities where workspace_id = ${workspaceId}
         and status in ('NEW', 'PLANNED', 'IN_PROGRESS')) as opportunities,
      (select count(*)::int from orders where workspace_id = ${workspaceId}
         and status in ('QUEUED', 'GENERATING')) as "ordersInProgress",
      (select count(*)::int from drafts where workspace_id = ${workspaceId}
         and status in ('DRAFT', 'IN_REVIEW', 'APPROVED', 'SCHEDULED', 'PUBLISHING', 'FAILED')) as drafts,
      (select count(*)::int from published_items where workspace_id = ${workspaceId}) as published,
      (select count(*)::int from wordpress_sites where workspace_id = ${workspaceId}) as sites`;
  if (!row) throw new Error('navigation counts query returned no row');
  return row;
}
