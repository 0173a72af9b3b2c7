import type { AgencyOverviewQuery } from '@lumen/schema/generated/graphql';
import type { SortValue } from '../../../ui/dataTableModel';

// The agency table's rows (docs/reports.md, "Agency view"): one per brand, and one for a
// workspace without brands, so every client workspace is on the table.

type Workspace = AgencyOverviewQuery['agencyOverview'][number];
type Verdict = 'MOVED_UP' | 'MOVED_DOWN' | 'WITHIN_NOISE';

export type AgencyRow = {
  key: string;
  workspaceId: string;
  workspaceName: string;
  personal: boolean;
  /** Null on the row of a workspace without brands. */
  brand: { id: string; name: string } | null;
  /** Null when nothing was measured in the range. */
  score: number | null;
  change: { score: number; mentionRate: number; verdict: Verdict } | null;
  openOpportunities: number | null;
};

export function agencyRows(workspaces: readonly Workspace[]): AgencyRow[] {
  return workspaces.flatMap((w): AgencyRow[] => {
    const base = { workspaceId: w.id, workspaceName: w.name, personal: w.personal };
    if (w.brands.length === 0) {
      return [
        { ...base, key: w.id, brand: null, score: null, change: null, openOpportunities: null },
      ];
    }
    return w.brands.map((b) => ({
      ...base,
      key: `${w.id}/${b.id}`,
      brand: { id: b.id, name: b.name },
      score: b.metrics.answers > 0 ? b.metrics.score : null,
      change: b.metrics.change,
      openOpportunities: b.openOpportunities,
    }));
  });
}

/**
 * What the change column sorts by: the score change only when it moved beyond noise; a change
 * within noise sorts as no change, so noise never ranks as a rise or a fall.
 */
export function changeSortValue(row: Pick<AgencyRow, 'change'>): SortValue {
  if (!row.change) return null;
  return row.change.verdict === 'WITHIN_NOISE' ? 0 : row.change.score;
}

/** The agency view is offered to people in two workspaces or more. */
export function offersAgencyView(workspaces: readonly unknown[] | undefined): boolean {
  return (workspaces?.length ?? 0) >= 2;
}

/** Where a row leads: the brand in its workspace, or adding the first brand there. */
export function rowTarget(row: Pick<AgencyRow, 'brand'>): string {
  return row.brand ? `/campaigns/${row.brand.id}` : '/campaigns/create';
}
