/** Migrates and seeds the database named by DATABASE_URL (docker compose runs this once). */
import { prepareDatabase } from './lib/prepare-database';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required.');
  process.exit(1);
}
const seeded = await prepareDatabase(url);
console.log(`migrated; seeded ${seeded.templates} templates and ${seeded.corpus} corpus documents`);
