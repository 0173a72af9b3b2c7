import type { Tx } from '@lumen/db/client';
import { sql } from 'drizzle-orm';

/**
 * Forgets every page that publishing read into the corpus. The corpus is shared by every workspace
 * (it is the offline engines' web), so a page one test file publishes would change what the
 * offline engines answer in the files after it: files that publish call this when they finish.
 */
export async function forgetPublishedPages(db: Tx): Promise<void> {
  await db.execute(sql`delete from corpus_documents where source = 'published'`);
}
