import type {
  SiteCapabilities,
  SiteStatus,
  WordPressSite,
  WpTerm,
} from '@lumen/domain/publishing/wordpress-site';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { wordpressSites } from '../schema/publishing';

// WordPress sites of a workspace. The sealed application password is read only by
// `findSiteSecret`, for the one call that needs it; every other function leaves it out
// (docs/publishing.md, "Secrets").

const columns = {
  id: wordpressSites.id,
  workspaceId: wordpressSites.workspaceId,
  name: wordpressSites.name,
  url: wordpressSites.baseUrl,
  username: wordpressSites.username,
  status: wordpressSites.status,
  verifiedAt: wordpressSites.verifiedAt,
  lastError: wordpressSites.lastError,
  capabilities: wordpressSites.capabilities,
  categories: wordpressSites.categories,
  tags: wordpressSites.tags,
  createdAt: wordpressSites.createdAt,
  updatedAt: wordpressSites.updatedAt,
};

export type SiteVerification = {
  apiRoot: string;
  capabilities: SiteCapabilities;
  categories: WpTerm[];
  tags: WpTerm[];
};

export async function listSites(db: Tx, workspaceId: string): Promise<WordPressSite[]> {
  return db
    .select(columns)
    .from(wordpressSites)
    .where(eq(wordpressSites.workspaceId, workspaceId))
    .orderBy(asc(wordpressSites.name), asc(wordpressSites.createdAt));
}

export async function findSite(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<WordPressSite | null> {
  const [row] = await db
    .select(columns)
    .from(wordpressSites)
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.id, id)));
  return row ?? null;
}

/** The site with its sealed password and API root, for a call to the site. */
export async function findSiteSecret(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<(WordPressSite & { sealedPassword: string; apiRoot: string }) | null> {
  const [row] = await db
    .select({
      ...columns,
      sealedPassword: wordpressSites.appPasswordEncrypted,
      apiRoot: wordpressSites.apiRoot,
    })
    .from(wordpressSites)
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.id, id)));
  return row ?? null;
}

export async function siteUrlTaken(
  db: Tx,
  workspaceId: string,
  url: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: wordpressSites.id })
    .from(wordpressSites)
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.baseUrl, url)));
  return row !== undefined && row.id !== exceptId;
}

/** Inserts a verified site; the password was sealed with `id` as associated data. */
export async function insertSite(
  db: Tx,
  site: {
    id: string;
    workspaceId: string;
    name: string;
    url: string;
    username: string;
    sealedPassword: string;
    verification: SiteVerification;
  },
): Promise<WordPressSite | null> {
  const [row] = await db
    .insert(wordpressSites)
    .values({
      id: site.id,
      workspaceId: site.workspaceId,
      name: site.name,
      baseUrl: site.url,
      username: site.username,
      appPasswordEncrypted: site.sealedPassword,
      status: 'CONNECTED',
      verifiedAt: sql`now()`,
      lastError: null,
      ...site.verification,
    })
    // The (workspace, url) pair is unique: a concurrent connect of the same site inserts nothing.
    .onConflictDoNothing()
    .returning(columns);
  return row ?? null;
}

/** A new address, user or password that was just verified, and/or a new name. */
export async function updateSiteSettings(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: {
    name?: string;
    url?: string;
    username?: string;
    sealedPassword?: string;
    verification?: SiteVerification;
  },
): Promise<WordPressSite | null> {
  const [row] = await db
    .update(wordpressSites)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.url !== undefined ? { baseUrl: patch.url } : {}),
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.sealedPassword !== undefined ? { appPasswordEncrypted: patch.sealedPassword } : {}),
      ...(patch.verification
        ? {
            ...patch.verification,
            status: 'CONNECTED' as const,
            verifiedAt: sql`now()`,
            lastError: null,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.id, id)))
    .returning(columns);
  return row ?? null;
}

/** The outcome of a check: CONNECTED with what was found, or FAILING with the reason. */
export async function recordSiteCheck(
  db: Tx,
  workspaceId: string,
  id: string,
  outcome:
    | { status: Extract<SiteStatus, 'CONNECTED'>; verification: SiteVerification }
    | { status: Extract<SiteStatus, 'FAILING'>; error: string },
): Promise<WordPressSite | null> {
  const [row] = await db
    .update(wordpressSites)
    .set(
      outcome.status === 'CONNECTED'
        ? { ...outcome.verification, status: 'CONNECTED', verifiedAt: sql`now()`, lastError: null }
        : { status: 'FAILING', lastError: outcome.error },
    )
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.id, id)))
    .returning(columns);
  return row ?? null;
}

export async function deleteSite(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(wordpressSites)
    .where(and(eq(wordpressSites.workspaceId, workspaceId), eq(wordpressSites.id, id)))
    .returning({ id: wordpressSites.id });
  return rows.length > 0;
}
