import { closeDb, createDb } from '@lumen/db/client';
import { forgetPublishedPages } from '../../scripts/test/published-pages';

/**
 * Specs that publish call this when they finish: the offline engines' corpus is shared by every
 * account of the product under test, so a page read into it would change what later specs see.
 */
export async function forgetPublishedPagesOfProduct(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url)
    throw new Error('E2E_DATABASE_URL is not set: run e2e tests through `vitest --project e2e`');
  const db = createDb(url, { max: 1 });
  try {
    await forgetPublishedPages(db);
  } finally {
    await closeDb(db);
  }
}
