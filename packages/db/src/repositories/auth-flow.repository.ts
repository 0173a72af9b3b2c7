import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { authFlowStates, authRateLimits, authSigningKeys } from '../schema/auth';

// Local auth mode's short-lived and machine state: PKCE flows, the signing key, and counters.

export type FlowState = {
  id: string;
  provider: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  redirectTo: string;
  userId: string | null;
  method: string;
  createdAt: Date;
  authCodeIssuedAt: Date | null;
};

export type SigningKey = {
  kid: string;
  algorithm: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  active: boolean;
};

// ── PKCE flow state ─────────────────────────────────────────────────────────────────────────

export async function createFlowState(
  db: Tx,
  input: {
    provider: string;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    redirectTo: string;
    method: string;
    userId?: string | null;
  },
): Promise<FlowState> {
  // Housekeeping on the write path: abandoned flows older than a day are worthless.
  await db
    .delete(authFlowStates)
    .where(lt(authFlowStates.createdAt, sql`now() - interval '1 day'`));
  const [row] = await db.insert(authFlowStates).values(input).returning();
  if (!row) throw new Error('flow state insert returned nothing');
  return toFlowState(row);
}

/** Binds a user and an auth code to a pending flow; null if the flow is unknown, used or stale. */
export async function issueAuthCode(
  db: Tx,
  input: { flowStateId: string; userId: string; authCodeHash: string; maxAgeSeconds: number },
): Promise<FlowState | null> {
  const rows = await db
    .update(authFlowStates)
    .set({ userId: input.userId, authCodeHash: input.authCodeHash, authCodeIssuedAt: new Date() })
    .where(
      and(
        eq(authFlowStates.id, input.flowStateId),
        isNull(authFlowStates.authCodeHash),
        gt(authFlowStates.createdAt, sql`now() - make_interval(secs => ${input.maxAgeSeconds})`),
      ),
    )
    .returning();
  return rows[0] ? toFlowState(rows[0]) : null;
}

export async function findPendingFlowState(db: Tx, id: string): Promise<FlowState | null> {
  const rows = await db
    .select()
    .from(authFlowStates)
    .where(and(eq(authFlowStates.id, id), isNull(authFlowStates.authCodeHash)));
  return rows[0] ? toFlowState(rows[0]) : null;
}

/** Spends a pending flow that ends without a code (implicit flow); false if already spent. */
export async function deletePendingFlowState(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .delete(authFlowStates)
    .where(and(eq(authFlowStates.id, id), isNull(authFlowStates.authCodeHash)))
    .returning({ id: authFlowStates.id });
  return rows.length === 1;
}

/** An auth code is spent by its first exchange attempt, right or wrong. */
export async function consumeAuthCode(db: Tx, authCodeHash: string): Promise<FlowState | null> {
  const rows = await db
    .delete(authFlowStates)
    .where(eq(authFlowStates.authCodeHash, authCodeHash))
    .returning();
  return rows[0] ? toFlowState(rows[0]) : null;
}

function toFlowState(row: typeof authFlowStates.$inferSelect): FlowState {
  return {
    id: row.id,
    provider: row.provider,
    codeChallenge: row.codeChallenge,
    codeChallengeMethod: row.codeChallengeMethod,
    redirectTo: row.redirectTo,
    userId: row.userId,
    method: row.method,
    createdAt: row.createdAt,
    authCodeIssuedAt: row.authCodeIssuedAt,
  };
}

// ── signing keys ────────────────────────────────────────────────────────────────────────────

/** Stores a key unless another process got there first; returns the key in force either way. */
export async function ensureSigningKey(db: Tx, candidate: SigningKey): Promise<SigningKey> {
  await db.insert(authSigningKeys).values(candidate).onConflictDoNothing();
  const [row] = await db.select().from(authSigningKeys).where(eq(authSigningKeys.active, true));
  if (!row) throw new Error('no active signing key after insert');
  return row;
}

export async function listSigningKeys(db: Tx): Promise<SigningKey[]> {
  return db.select().from(authSigningKeys).orderBy(authSigningKeys.createdAt);
}

/** Replaces a stored private key (re-sealing a plain or old-key row); public half unchanged. */
export async function replacePrivateJwk(
  db: Tx,
  kid: string,
  privateJwk: Record<string, unknown>,
): Promise<void> {
  await db.update(authSigningKeys).set({ privateJwk }).where(eq(authSigningKeys.kid, kid));
}

/**
 * Rotation: the new key signs from now on; the old ones stay in the JWKS (inactive) so tokens
 * they signed verify until they expire.
 */
export async function rotateSigningKeys(db: Tx, next: SigningKey): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(authSigningKeys).set({ active: false }).where(eq(authSigningKeys.active, true));
    await tx.insert(authSigningKeys).values({ ...next, active: true });
  });
}

// ── sign-in attempt counters ────────────────────────────────────────────────────────────────

/**
 * Counts one attempt on each key and returns the new counts, in one statement: concurrent
 * attempts each see a distinct count, so a limit cannot be raced.
 */
/**
 * Counts one attempt under each key (each in its own window) in ONE statement, and returns the
 * new counts. One statement takes the rows' locks in the same order for every caller, so under
 * concurrency the n-th attempt reads n under every key; separate statements could interleave and
 * refuse an early attempt on a later one's count.
 */
export async function countAttempts(
  db: Tx,
  counters: ReadonlyArray<{ key: string; windowStart: Date }>,
): Promise<Map<string, number>> {
  if (counters.length === 0) return new Map();
  const rows = await db
    .insert(authRateLimits)
    .values(counters.map(({ key, windowStart }) => ({ key, windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [authRateLimits.key, authRateLimits.windowStart],
      set: { count: sql`${authRateLimits.count} + 1` },
    })
    .returning({ key: authRateLimits.key, count: authRateLimits.count });
  // Housekeeping on the write path: counters older than two days are worthless.
  if (Math.random() < 0.01) {
    await db
      .delete(authRateLimits)
      .where(lt(authRateLimits.windowStart, sql`now() - interval '2 days'`));
  }
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** Takes back one attempt (a successful sign-in); never below zero. */
export async function giveBackAttempts(db: Tx, keys: string[], windowStart: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(authRateLimits)
    .set({ count: sql`greatest(${authRateLimits.count} - 1, 0)` })
    .where(and(inArray(authRateLimits.key, keys), eq(authRateLimits.windowStart, windowStart)));
}
