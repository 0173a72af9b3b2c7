import type { Tx } from '@lumen/db/client';
import { upsertCorpusDocuments } from '@lumen/db/repositories/corpus.repository';
import { generateCorpus } from './generate-corpus';

/**
 * Upserts the generated seed corpus. Idempotent: a second call inserts nothing and rewrites
 * nothing unless the catalogue or the generator changed.
 */
export async function loadSeedCorpus(db: Tx): Promise<{ inserted: number; updated: number }> {
  return upsertCorpusDocuments(db, generateCorpus());
}
