import { desc } from 'drizzle-orm';
import type { Tx } from '../client';
import { contactRequests } from '../schema/tenancy';

export type ContactRequest = {
  id: string;
  workspaceId: string | null;
  userId: string | null;
  name: string;
  email: string;
  company: string | null;
  message: string;
  createdAt: Date;
};

export async function createContactRequest(
  db: Tx,
  workspaceId: string,
  input: Omit<ContactRequest, 'id' | 'createdAt' | 'workspaceId'>,
): Promise<ContactRequest> {
  const [row] = await db
    .insert(contactRequests)
    .values({ ...input, workspaceId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** For operators only (the /admin page), so across workspaces: newest first. */
export async function listContactRequests(db: Tx, limit = 200): Promise<ContactRequest[]> {
  return db.select().from(contactRequests).orderBy(desc(contactRequests.createdAt)).limit(limit);
}
