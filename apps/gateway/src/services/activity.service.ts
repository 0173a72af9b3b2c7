import type { Tx } from '@lumen/db/client';
import { recordActivity } from '@lumen/db/repositories/activity.repository';
import { findProfile } from '@lumen/db/repositories/profile.repository';
import type { ActivityEntryInput } from '@lumen/domain/activity/activity-entry';
import { type Actor, personName } from '@lumen/domain/activity/actor';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Acting, AuthUser, Context, GatewayDeps } from '../context';
import { findOwned, type OwnedFinder } from '../workspace-scope';

// The activity log's writer in the gateway (docs/activity.md). Every mutation that changes a
// workspace calls `logActivity` with the transaction of its change: the row commits or rolls
// back with it. Mutation fields say which kind they write (`activityExtension`), and
// `activity-coverage.test.ts` fails on a mutation that says neither that nor why it is exempt.

export type ActivityEntry = Omit<ActivityEntryInput, 'actor'>;

/** The person behind a request, named as the log shows them (never their email). */
export function actingUser(user: AuthUser): Acting {
  let actor: Promise<Actor> | undefined;
  const key = user.apiKey;
  return {
    actor(db) {
      // A key is logged under its own name (docs/api.md); it has no profile.
      if (key) return Promise.resolve({ type: 'api_key', id: key.id, name: key.name });
      actor ??= findProfile(db, user.id).then(
        (profile) => ({
          type: 'user',
          id: user.id,
          name: personName(profile?.displayName, user.email),
        }),
        (error: unknown) => {
          // A transaction that failed mid-read must not leave later writes without a name.
          actor = undefined;
          throw error;
        },
      );
      return actor;
    },
    wrote: new Set(),
  };
}

/** Writes the row in `tx`, the transaction of the change it describes. */
export async function logActivity(tx: Tx, acting: Acting, entry: ActivityEntry): Promise<void> {
  await recordActivity(tx, { ...entry, actor: await acting.actor(tx) });
  acting.wrote.add(entry.workspaceId);
}

/**
 * A mutation field's `extensions`: the kinds of row it writes. Read by the coverage test, so
 * a new mutation cannot forget the log silently.
 */
export function activityExtension(...kinds: string[]): { activity: readonly string[] } {
  return { activity: kinds };
}

/**
 * After a mutation has finished (its transactions committed or rolled back), nudges the live
 * tail of each workspace whose log it wrote. A nudge after a rollback finds nothing new.
 */
export function useActivityNudge(deps: GatewayDeps): Plugin<Context> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as Context;
      if (getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return;
      if (!ctx.user) return;
      return {
        async onExecuteDone() {
          const acting = await ctx.acting().catch(() => null);
          for (const workspaceId of acting?.wrote ?? []) {
            await publishActivity(deps, workspaceId).catch((error: unknown) =>
              deps.logger.error({ err: error }, 'activity: publishing the nudge failed'),
            );
          }
          acting?.wrote.clear();
        },
      };
    },
  };
}

export function publishActivity(deps: GatewayDeps, workspaceId: string): Promise<void> {
  return publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.activity(workspaceId), {
    workspaceId,
  });
}

/**
 * A change to one row of the current workspace, named by a client id, and its log row in one
 * transaction: `change` is the finder that changes it (NOT_FOUND for a foreign id, as with
 * `findOwned`), `entry` describes what it did.
 */
export async function changeOwned<T>(
  ctx: Pick<Context, 'deps' | 'workspace' | 'acting'>,
  what: string,
  id: string | number,
  change: OwnedFinder<T>,
  entry: (row: T, workspaceId: string) => ActivityEntry,
): Promise<T> {
  const acting = await ctx.acting();
  const workspaceId = (await ctx.workspace()).id;
  return ctx.deps.db.transaction(async (tx) => {
    const row = await findOwned({ db: tx, workspaceId }, what, id, change);
    await logActivity(tx, acting, entry(row, workspaceId));
    return row;
  });
}
