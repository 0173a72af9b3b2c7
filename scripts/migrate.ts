/** Migrates and seeds the database named by DATABASE_URL (docker compose runs this once). */
import { createDb } from '@lumen/db/client';
import { migrate } from '@lumen/db/migrate';
import { seedBuiltins } from '@lumen/db/seed/seed';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required.');
  process.exit(1);
}
await migrate(url);
const handle = createDb(url, { max: 2 });
try {
  const templates = await seedBuiltins(handle.sql);
  const corpus = await loadSeedCorpus(handle.sql);
  console.log(
    `migrated; seeded ${templates.templates} templates and ${corpus.inserted} corpus documents`,
  );
} finally {
  await handle.close();
}
