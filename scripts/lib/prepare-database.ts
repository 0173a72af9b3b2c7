import { closeDb, createDb } from '@lumen/db/client';
import { migrate } from '@lumen/db/migrate';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';

/**
 * Migrates, then seeds what every installation has: the built-in templates and the local
 * engine's corpus. Idempotent; `npm start`, docker compose and the test harness all use it.
 */
export async function prepareDatabase(url: string): Promise<{ templates: number; corpus: number }> {
  await migrate(url);
  const handle = createDb(url, { max: 2 });
  try {
    const { templates } = await seedBuiltins(handle);
    const { inserted } = await loadSeedCorpus(handle);
    return { templates, corpus: inserted };
  } finally {
    await closeDb(handle);
  }
}
