import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { authIdentities, authRefreshTokens, authSessions, authUsers } from '../schema/auth';

// Local auth mode's storage (see schema/auth.ts). Secrets arrive here already hashed: this file
// never sees a password, refresh token, auth code or recovery token in clear.

export type LocalUser = {
  id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  lastSignInAt: Date | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
};

export type LocalIdentity = {
  id: string;
  userId: string;
  provider: string;
  providerId: string;
  identityData: Record<string, unknown>;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type LocalSession = { id: string; userId: string; method: string; createdAt: Date };

const userColumns = {
  id: authUsers.id,
  email: authUsers.email,
  passwordHash: authUsers.passwordHash,
  emailConfirmedAt: authUsers.emailConfirmedAt,
  lastSignInAt: authUsers.lastSignInAt,
  appMetadata: authUsers.appMetadata,
  userMetadata: authUsers.userMetadata,
  createdAt: authUsers.createdAt,
  updatedAt: authUsers.updatedAt,
};

// ── users and identities ────────────────────────────────────────────────────────────────────

export async function findUserByEmail(db: Tx, email: string): Promise<LocalUser | null> {
  const rows = await db.select(userColumns).from(authUsers).where(eq(authUsers.email, email));
  return rows[0] ?? null;
}

export async function findUserById(db: Tx, id: string): Promise<LocalUser | null> {
  const rows = await db.select(userColumns).from(authUsers).where(eq(authUsers.id, id));
  return rows[0] ?? null;
}

/** Inserts a user; null when the email is taken (the unique index decides, races included). */
export async function insertUser(
  db: Tx,
  input: {
    email: string;
    passwordHash: string | null;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
    emailConfirmedAt: Date | null;
  },
): Promise<LocalUser | null> {
  const rows = await db
    .insert(authUsers)
    .values(input)
    .onConflictDoNothing()
    .returning(userColumns);
  return rows[0] ?? null;
}

/** Removes a local account; its sessions, refresh tokens and identities go with it (cascade). */
export async function deleteUser(db: Tx, id: string): Promise<void> {
  await db.delete(authUsers).where(eq(authUsers.id, id));
}

export async function updateUser(
  db: Tx,
  id: string,
  patch: Partial<
    Pick<
      LocalUser,
      | 'email'
      | 'passwordHash'
      | 'appMetadata'
      | 'userMetadata'
      | 'lastSignInAt'
      | 'emailConfirmedAt'
    >
  >,
): Promise<LocalUser | null> {
  const rows = await db
    .update(authUsers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(authUsers.id, id))
    .returning(userColumns);
  return rows[0] ?? null;
}

export async function upsertIdentity(
  db: Tx,
  input: {
    userId: string;
    provider: string;
    providerId: string;
    identityData: Record<string, unknown>;
  },
): Promise<void> {
  const now = new Date();
  await db
    .insert(authIdentities)
    .values({ ...input, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [authIdentities.provider, authIdentities.providerId],
      set: { lastSignInAt: now, updatedAt: now, identityData: input.identityData },
    });
}

export async function findIdentity(
  db: Tx,
  provider: string,
  providerId: string,
): Promise<LocalIdentity | null> {
  const rows = await db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, providerId)));
  return rows[0] ?? null;
}

export async function listIdentities(db: Tx, userId: string): Promise<LocalIdentity[]> {
  return db
    .select()
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
    .orderBy(authIdentities.createdAt);
}

// ── sessions and refresh tokens ─────────────────────────────────────────────────────────────

export async function createSession(
  db: Tx,
  input: { userId: string; method: string; refreshTokenHash: string },
): Promise<LocalSession> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: input.userId, method: input.method })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    await tx.insert(authRefreshTokens).values({
      tokenHash: input.refreshTokenHash,
      sessionId: session.id,
      userId: input.userId,
    });
    await tx
      .update(authUsers)
      .set({ lastSignInAt: session.createdAt })
      .where(eq(authUsers.id, input.userId));
    return {
      id: session.id,
      userId: session.userId,
      method: session.method,
      createdAt: session.createdAt,
    };
  });
}

export type RotateResult =
  | { status: 'rotated'; session: LocalSession }
  | { status: 'not_found' }
  | { status: 'reused' }
  | { status: 'expired' };

/**
 * Single-use rotation: the row lock of the UPDATE lets exactly one caller spend a token. The
 * successor's hash is the caller's to compute (local auth derives the successor from the token
 * with a server key), which gives a reuse grace: the same token presented again within
 * `graceSeconds` of its rotation, while its successor is still unspent, gets that successor
 * again (two tabs refreshing at once do not sign each other out). Any other second use means
 * the token leaked, so the whole session (its token family) is revoked. A session older than
 * `maxAgeSeconds` is ended instead of refreshed.
 */
export async function rotateRefreshToken(
  db: Tx,
  input: { tokenHash: string; nextTokenHash: string; graceSeconds: number; maxAgeSeconds: number },
): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(authRefreshTokens)
      .set({ revoked: true })
      .where(
        and(eq(authRefreshTokens.tokenHash, input.tokenHash), eq(authRefreshTokens.revoked, false)),
      )
      .returning({ sessionId: authRefreshTokens.sessionId, userId: authRefreshTokens.userId });
    if (!spent) return secondUse(tx, input);
    const [session] = await tx
      .update(authSessions)
      .set({ refreshedAt: new Date() })
      .where(eq(authSessions.id, spent.sessionId))
      .returning();
    if (!session) return { status: 'not_found' } as const;
    if (session.createdAt.getTime() <= Date.now() - input.maxAgeSeconds * 1000) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { status: 'expired' } as const;
    }
    await tx.insert(authRefreshTokens).values({
      tokenHash: input.nextTokenHash,
      sessionId: spent.sessionId,
      userId: spent.userId,
    });
    // Spent tokens are kept a day to recognise reuse; older ones would only pile up.
    await tx
      .delete(authRefreshTokens)
      .where(
        and(
          eq(authRefreshTokens.sessionId, spent.sessionId),
          eq(authRefreshTokens.revoked, true),
          lt(authRefreshTokens.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    return { status: 'rotated', session: toSession(session) } as const;
  });
}

async function secondUse(
  tx: Tx,
  input: { tokenHash: string; nextTokenHash: string; graceSeconds: number; maxAgeSeconds: number },
): Promise<RotateResult> {
  const [old] = await tx
    .select({ sessionId: authRefreshTokens.sessionId })
    .from(authRefreshTokens)
    .where(eq(authRefreshTokens.tokenHash, input.tokenHash));
  if (!old) return { status: 'not_found' };
  // The successor row was created when this token was spent, so its age is the time since.
  const [successor] = await tx
    .select({ sessionId: authRefreshTokens.sessionId })
    .from(authRefreshTokens)
    .where(
      and(
        eq(authRefreshTokens.tokenHash, input.nextTokenHash),
        eq(authRefreshTokens.sessionId, old.sessionId),
        eq(authRefreshTokens.revoked, false),
        gt(authRefreshTokens.createdAt, sql`now() - make_interval(secs => ${input.graceSeconds})`),
      ),
    );
  const [session] = successor
    ? await tx.select().from(authSessions).where(eq(authSessions.id, old.sessionId))
    : [];
  if (session && session.createdAt.getTime() > Date.now() - input.maxAgeSeconds * 1000) {
    return { status: 'rotated', session: toSession(session) };
  }
  await tx.delete(authSessions).where(eq(authSessions.id, old.sessionId));
  return { status: 'reused' };
}

function toSession(row: typeof authSessions.$inferSelect): LocalSession {
  return { id: row.id, userId: row.userId, method: row.method, createdAt: row.createdAt };
}

export async function findSession(db: Tx, id: string): Promise<LocalSession | null> {
  const rows = await db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      method: authSessions.method,
      createdAt: authSessions.createdAt,
    })
    .from(authSessions)
    .where(eq(authSessions.id, id));
  return rows[0] ?? null;
}

/** Sign-out: deleting sessions cascades to their refresh tokens. */
export async function deleteSessions(
  db: Tx,
  input: { userId: string; sessionId: string; scope: 'global' | 'local' | 'others' },
): Promise<number> {
  const where =
    input.scope === 'global'
      ? eq(authSessions.userId, input.userId)
      : input.scope === 'local'
        ? and(eq(authSessions.userId, input.userId), eq(authSessions.id, input.sessionId))
        : and(eq(authSessions.userId, input.userId), ne(authSessions.id, input.sessionId));
  const rows = await db.delete(authSessions).where(where).returning({ id: authSessions.id });
  return rows.length;
}

// ── password recovery ───────────────────────────────────────────────────────────────────────

/**
 * Stores a new recovery token unless one was issued less than minIntervalSeconds ago (then
 * false): one link a minute per account, however often /recover is called.
 */
export async function setRecoveryToken(
  db: Tx,
  input: { userId: string; tokenHash: string; minIntervalSeconds: number },
): Promise<boolean> {
  const rows = await db
    .update(authUsers)
    .set({ recoveryTokenHash: input.tokenHash, recoverySentAt: new Date() })
    .where(
      and(
        eq(authUsers.id, input.userId),
        or(
          isNull(authUsers.recoverySentAt),
          lt(
            authUsers.recoverySentAt,
            sql`now() - make_interval(secs => ${input.minIntervalSeconds})`,
          ),
        ),
      ),
    )
    .returning({ id: authUsers.id });
  return rows.length === 1;
}

/** Spends a recovery token; null when unknown, already used or older than maxAgeSeconds. */
export async function consumeRecoveryToken(
  db: Tx,
  tokenHash: string,
  maxAgeSeconds: number,
): Promise<LocalUser | null> {
  const rows = await db
    .update(authUsers)
    .set({
      recoveryTokenHash: null,
      emailConfirmedAt: sql`coalesce(${authUsers.emailConfirmedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(authUsers.recoveryTokenHash, tokenHash),
        gt(authUsers.recoverySentAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`),
      ),
    )
    .returning(userColumns);
  return rows[0] ?? null;
}

// ── email change ────────────────────────────────────────────────────────────────────────────

/**
 * Remembers a requested new address with the hash of the token mailed to it, unless a link was
 * sent less than minIntervalSeconds ago (then false). A newer request replaces an older one.
 */
export async function setEmailChange(
  db: Tx,
  input: { userId: string; newEmail: string; tokenHash: string; minIntervalSeconds: number },
): Promise<boolean> {
  const rows = await db
    .update(authUsers)
    .set({
      emailChange: input.newEmail,
      emailChangeTokenHash: input.tokenHash,
      emailChangeSentAt: new Date(),
    })
    .where(
      and(
        eq(authUsers.id, input.userId),
        or(
          isNull(authUsers.emailChangeSentAt),
          lt(
            authUsers.emailChangeSentAt,
            sql`now() - make_interval(secs => ${input.minIntervalSeconds})`,
          ),
        ),
      ),
    )
    .returning({ id: authUsers.id });
  return rows.length === 1;
}

/**
 * Spends an email-change token: the account takes the new address (confirmed, since the link was
 * opened from it), and Lumen's profile follows. Null when the token is unknown, used or older
 * than maxAgeSeconds. Throws the unique violation when the address was taken meanwhile.
 */
export async function consumeEmailChange(
  db: Tx,
  tokenHash: string,
  maxAgeSeconds: number,
): Promise<LocalUser | null> {
  const rows = await db
    .update(authUsers)
    .set({
      email: sql`${authUsers.emailChange}`,
      emailConfirmedAt: sql`now()`,
      emailChange: null,
      emailChangeTokenHash: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(authUsers.emailChangeTokenHash, tokenHash),
        gt(authUsers.emailChangeSentAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`),
      ),
    )
    .returning(userColumns);
  const user = rows[0] ?? null;
  if (user) {
    await db.execute(sql`update profiles set email = ${user.email} where user_id = ${user.id}`);
  }
  return user;
}
