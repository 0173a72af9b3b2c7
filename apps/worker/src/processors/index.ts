import type { RegisteredProcessor } from '../define-processor';
import { createReconcileProcessor } from '../reconcile/reconcile.processor';
import type { StatusRow } from '../status-row';
import { backfillAnswerPlacesProcessor } from './backfill-answer-places.processor';
import { brandRunProcessor, brandRunStatusRow } from './brand-run.processor';
import { deleteWorkspaceProcessor, deleteWorkspaceStatusRow } from './delete-workspace.processor';
import {
  channelDigestProcessor,
  digestSweepProcessor,
  sendDigestProcessor,
} from './digest.processor';
import { engineQueryProcessor } from './engine-query.processor';
import { expireQuickScoresProcessor } from './expire-quick-scores.processor';
import { gapAnalysisProcessor } from './gap-analysis.processor';
import { generateDraftProcessor, orderStatusRow } from './generate-draft.processor';
import {
  ingestPublishedItemProcessor,
  ingestPublishedItemStatusRow,
} from './ingest-published-item.processor';
import {
  deliverEmailProcessor,
  deliverWebhookProcessor,
  mailWebhookDisabledProcessor,
  notifyProcessor,
} from './notify.processor';
import { pruneActivityProcessor } from './prune-activity.processor';
import { publishDraftProcessor, publishDraftStatusRow } from './publish-draft.processor';
import { quickScoreProcessor, quickScoreStatusRow } from './quick-score.processor';
import {
  citedPageScanStatusRow,
  readCitedPagesProcessor,
  weeklyCitedPagesProcessor,
} from './read-cited-pages.processor';
import { reanalyzeProcessor, reanalyzeStatusRow } from './reanalyze.processor';
import { reportSweepProcessor, sendReportProcessor } from './report.processor';
import { scheduledBrandRunProcessor } from './scheduled-brand-run.processor';
import {
  siteAuditProcessor,
  siteAuditStatusRow,
  weeklySiteAuditsProcessor,
} from './site-audit.processor';
import { systemPingProcessor } from './system-ping.processor';

/** Every job kind whose status lives in a Postgres row; the reconciler walks them all. */
export const STATUS_ROWS: readonly StatusRow[] = [
  quickScoreStatusRow,
  brandRunStatusRow,
  publishDraftStatusRow,
  orderStatusRow,
  ingestPublishedItemStatusRow,
  reanalyzeStatusRow,
  deleteWorkspaceStatusRow,
  siteAuditStatusRow,
  citedPageScanStatusRow,
];

/** Every processor the worker runs. A job whose name is not here fails loudly. */
export const PROCESSORS: readonly RegisteredProcessor[] = [
  systemPingProcessor,
  expireQuickScoresProcessor,
  backfillAnswerPlacesProcessor,
  pruneActivityProcessor,
  quickScoreProcessor,
  brandRunProcessor,
  engineQueryProcessor,
  gapAnalysisProcessor,
  generateDraftProcessor,
  scheduledBrandRunProcessor,
  publishDraftProcessor,
  ingestPublishedItemProcessor,
  reanalyzeProcessor,
  notifyProcessor,
  deliverWebhookProcessor,
  deliverEmailProcessor,
  mailWebhookDisabledProcessor,
  digestSweepProcessor,
  sendDigestProcessor,
  channelDigestProcessor,
  reportSweepProcessor,
  sendReportProcessor,
  deleteWorkspaceProcessor,
  siteAuditProcessor,
  weeklySiteAuditsProcessor,
  readCitedPagesProcessor,
  weeklyCitedPagesProcessor,
  createReconcileProcessor(STATUS_ROWS),
];
