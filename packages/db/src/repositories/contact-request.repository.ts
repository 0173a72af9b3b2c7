import { desc } from 'drizzle-orm';
import type { Database } from '../client';
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
  db: Database,
  input: Omit<ContactRequest, 'id' | 'createdAt'>,
): Promise<ContactRequest> {
  const [row] = await db.insert(contactRequests).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** For operators only: every workspace's requests, newest first. */
export async function listContactRequests(db: Database, limit = 200): Promise<ContactRequest[]> {
  return db.select().from(contactRequests).orderBy(desc(contactRequests.createdAt)).limit(limit);
}
