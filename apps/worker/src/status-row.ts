import type { Tx } from '@lumen/db/client';
import type { OpenRow } from '@lumen/db/repositories/open-rows';
import type { JobDefinition } from '@lumen/jobs/definitions';
import type { WorkerDeps } from './deps';

/** What `StatusRow.claim` found: the row to work on, or the status it had moved on to. */
export type Claim<Row> = { row: Row } | { movedOn: string };

/**
 * The Postgres row that carries a job kind's status (a quick score, a run, an order, a draft).
 * Every job kind with such a row registers one of these; the processor wrapper, the worker's
 * `failed` event and the reconciler all move the row through it (docs/jobs.md).
 */
export type StatusRow<Row = unknown> = {
  definition: JobDefinition;
  /** The row a job works on; its id is also the job id. */
  rowIdOf(payload: Record<string, unknown>): string;
  /** The job's id when it is not the row's id (`publish-<draftId>`, `draft-<orderId>`). */
  jobIdOf?(rowId: string): string;
  /** The job that (re)does the row's work. */
  payloadFor(rowId: string): Record<string, unknown>;
  /** QUEUED/RUNNING → FAILED with a message safe to show; false when it was already final. */
  fail(db: Tx, rowId: string, message: string): Promise<boolean>;
  /** Unfinished rows created before `before`, oldest first. */
  listOpen(db: Tx, before: Date, limit: number): Promise<OpenRow[]>;
  /** The event topic the row's subscribers listen to. */
  topic(rowId: string): string;
  /**
   * The guard and claim every delivery starts with, run by `defineProcessor` before the
   * processor: re-read the row; when it has moved on (finished, failed, cancelled, gone) answer
   * `movedOn` and the processor is not called, so a second or stale delivery does nothing;
   * otherwise move it to RUNNING (in the row's own words), tell its subscribers, and hand the
   * row to the processor as `ctx.row`.
   */
  claim?(deps: WorkerDeps, rowId: string): Promise<Claim<Row>>;
  /** Whom else to tell once the row was failed (a run's workspace, for its "run finished" toast). */
  afterFail?(deps: WorkerDeps, rowId: string): Promise<void>;
  /** Shown when the processor saw its last attempt fail for a reason that is ours. */
  failedMessage: string;
  /**
   * Shown when the job ended without its processor saying why: it stalled (its worker died),
   * it failed while the database was away, or it outlived its deadline.
   */
  stoppedMessage: string;
};
