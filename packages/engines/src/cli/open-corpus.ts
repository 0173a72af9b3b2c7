import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { migrate } from '@lumen/db/migrate';
import { countCorpusDocuments } from '@lumen/db/repositories/corpus.repository';
import { generateCorpus } from '../corpus/generate-corpus';
import { loadSeedCorpus } from '../corpus/load-seed-corpus';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** DATABASE_URL, or the same embedded Postgres `npm start` uses, migrated and seeded. */
export async function openCorpus(
  options: { poolSize?: number } = {},
): Promise<{ db: Database; stop: () => Promise<void> }> {
  let url = process.env.DATABASE_URL?.trim();
  let stopPostgres = async () => {};
  if (!url) {
    // Loaded only when needed: it installs exit hooks that a provider-only run does not want.
    const { ensureDatabase, startEmbeddedPostgres } = await import(
      '@lumen/config/embedded-postgres'
    );
    const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? '.data');
    const pg = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), persistent: true });
    stopPostgres = pg.stop;
    await ensureDatabase(pg.url, 'lumen');
    url = pg.databaseUrl('lumen');
  }
  await migrate(url);
  const db = createDb(url, { max: options.poolSize ?? 2 });
  // Cheap check first; a partial corpus (an older catalogue, a stray row) gets the full load.
  if ((await countCorpusDocuments(db, { source: 'seed' })) < generateCorpus().length) {
    await loadSeedCorpus(db);
  }
  return {
    db,
    stop: async () => {
      await closeDb(db);
      await stopPostgres();
    },
  };
}
