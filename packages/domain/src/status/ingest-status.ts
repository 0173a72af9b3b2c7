import { defineStateMachine } from './state-machine';

/**
 * Reading a published page into the offline engines' corpus (docs/closed-loop.md, "Ingestion"):
 * PENDING → READING → READ | FAILED. A new request ("Read again", publishing again) starts it over
 * from any state.
 */
export type IngestStatus = 'PENDING' | 'READING' | 'READ' | 'FAILED';

export const ingestStatus = defineStateMachine<IngestStatus>({
  // A page the job cannot reach fails before it is read.
  PENDING: ['READING', 'FAILED'],
  READING: ['READ', 'FAILED', 'PENDING'],
  READ: ['PENDING'],
  FAILED: ['PENDING'],
});

/** Still to be read: what the reconciler watches and "Read again" refuses (CONFLICT). */
export const OPEN_INGEST_STATUSES = [
  'PENDING',
  'READING',
] as const satisfies readonly IngestStatus[];
