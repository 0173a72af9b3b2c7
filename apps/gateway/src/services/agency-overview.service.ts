import { listBrandsOfWorkspaces } from '@lumen/db/repositories/brand.repository';
import {
  listTalliesAcrossWorkspaces,
  type TallyQuery,
  type TallyRow,
} from '@lumen/db/repositories/metrics-query.repository';
import { countOpenOpportunitiesByBrand } from '@lumen/db/repositories/opportunity-query.repository';
import {
  listWorkspacesForUser,
  type MemberWorkspace,
} from '@lumen/db/repositories/workspace.repository';
import { roleAllows } from '@lumen/domain/auth/workspace-roles';
import { type MetricsWithChange, withChange } from '@lumen/domain/metrics/breakdown';
import { previousPeriod } from '@lumen/domain/metrics/periods';
import { mergeTallies } from '@lumen/domain/metrics/tally';
import type { Context } from '../context';
import { type ParsedFilter, parseFilter, query } from './brand-metrics.service';

// The agency view (docs/reports.md, "Agency view"): every brand of every workspace the signed-in
// person is a member of, with the number `Brand.metrics` gives for the same range, its change
// and verdict, and the brand's open opportunities. A fixed number of statements whatever the
// count of brands: the memberships, the brands, one rollup read per distinct period (brands in
// different time zones have different days) and one count of opportunities.

export type AgencyRange = { from?: string | null; to?: string | null; lastDays?: number | null };

export type AgencyBrand = {
  workspaceId: string;
  brandId: string;
  name: string;
  period: ParsedFilter;
  metrics: MetricsWithChange;
  openOpportunities: number;
};

export type AgencyWorkspace = MemberWorkspace & { brands: AgencyBrand[] };

export async function agencyOverview(
  ctx: Context,
  userId: string,
  range: AgencyRange,
): Promise<AgencyWorkspace[]> {
  // Checked once before any read, so a bad range is BAD_USER_INPUT even without brands.
  parseFilter(range, null);
  const db = ctx.deps.db;
  // Every role may read its workspace's numbers (the `member` ability, as `Brand.metrics`).
  const workspaces = (await listWorkspacesForUser(db, userId)).filter((w) =>
    roleAllows(w.role, 'member'),
  );
  const ids = workspaces.map((w) => w.id);
  const [brands, open] = await Promise.all([
    listBrandsOfWorkspaces(db, ids),
    countOpenOpportunitiesByBrand(db, ids),
  ]);

  // Brands whose period is the same days share one read.
  const byQuery = new Map<
    string,
    { q: TallyQuery; members: { workspaceId: string; brandId: string }[] }
  >();
  const periods = new Map<string, { f: ParsedFilter; key: string }>();
  for (const b of brands) {
    const f = parseFilter(range, b);
    const prev = previousPeriod(f);
    const q = query(f, { from: prev.from, to: f.to });
    const key = JSON.stringify(q);
    const group = byQuery.get(key) ?? { q, members: [] };
    group.members.push({ workspaceId: b.workspaceId, brandId: b.id });
    byQuery.set(key, group);
    periods.set(b.id, { f, key });
  }
  const rowsByQuery = new Map<string, TallyRow[]>();
  await Promise.all(
    [...byQuery].map(async ([key, g]) => {
      rowsByQuery.set(key, await listTalliesAcrossWorkspaces(db, g.members, g.q));
    }),
  );

  return workspaces.map((w) => ({
    ...w,
    brands: brands
      .filter((b) => b.workspaceId === w.id)
      .map((b) => {
        const { f, key } = periods.get(b.id)!;
        const rows = (rowsByQuery.get(key) ?? []).filter((r) => r.brandId === b.id);
        const current = rows.filter((r) => r.day >= f.from).map((r) => r.tally);
        const previous = rows.filter((r) => r.day < f.from).map((r) => r.tally);
        return {
          workspaceId: w.id,
          brandId: b.id,
          name: b.name,
          period: f,
          metrics: withChange(mergeTallies(current), mergeTallies(previous), b.id),
          openOpportunities: open.get(b.id) ?? 0,
        };
      }),
  }));
}
