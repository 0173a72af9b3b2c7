import { listReportShares, type ReportShareRow } from '@lumen/db/repositories/report.repository';
import DataLoader from 'dataloader';
import { perRequest, workspaceIdOf } from './per-request';

/** The share links of every report in a list: one statement, scoped to the workspace. */
export const reportLoaders = perRequest((ctx) => {
  const workspaceId = workspaceIdOf(ctx);
  return {
    shares: new DataLoader<string, ReportShareRow[]>(async (ids) => {
      const rows = await listReportShares(ctx.deps.db, await workspaceId(), ids);
      return ids.map((id) => rows.filter((r) => r.reportId === id));
    }),
  };
});
