import {
  type ActivityFilter,
  type ActivityRow,
  listActivity,
  listActivitySince,
} from '@lumen/db/repositories/activity.repository';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { ACTIVITY_LEVELS, type ActivityLevel } from '@lumen/domain/activity/activity-entry';
import { csvLine } from '@lumen/domain/export/csv';
import { TOPIC } from '@lumen/jobs/events';
import type { Context, WorkspaceAccess } from '../context';
import { badInput } from '../errors';
import { findOwnedOrNull, requireIdArg } from '../workspace-scope';

// Reading the activity log (docs/activity.md, "Who sees what"): every role reads it; a
// viewer's rows carry names only, never an email.

export type ActivityFilterArgs = {
  kinds?: readonly string[] | null;
  levels?: readonly ActivityLevel[] | null;
  actorId?: string | number | null;
  brandId?: string | number | null;
  from?: Date | null;
  to?: Date | null;
};

export const mayReadEmails = (access: WorkspaceAccess) => access.role !== 'viewer';

/** The filter as the repository takes it; a brand of another workspace matches nothing. */
export async function parseActivityFilter(
  ctx: Pick<Context, 'deps' | 'workspace'>,
  args: ActivityFilterArgs | null | undefined,
): Promise<ActivityFilter> {
  if (!args) return {};
  const unknownLevel = args.levels?.find((l) => !ACTIVITY_LEVELS.includes(l));
  if (unknownLevel) throw badInput([{ path: ['levels'], message: 'info, warning or error.' }]);
  if (args.from && args.to && args.from > args.to) {
    throw badInput([{ path: ['to'], message: 'The end comes after the start.' }]);
  }
  const kinds = args.kinds?.map((k) => k.trim()).filter(Boolean) ?? null;
  if (kinds?.some((k) => k.length > 80)) {
    throw badInput([{ path: ['kinds'], message: 'Not a kind of activity.' }]);
  }
  let brandId: string | null = null;
  if (args.brandId != null) {
    const brand = await findOwnedOrNull(ctx, args.brandId, findBrand);
    // Another workspace's brand: the same empty answer as a brand with no activity.
    brandId = brand?.id ?? '00000000-0000-0000-0000-000000000000';
  }
  return {
    kinds: kinds?.length ? kinds.slice(0, 50) : null,
    levels: args.levels?.length ? args.levels : null,
    actorId: args.actorId == null ? null : requireIdArg('actorId', args.actorId),
    brandId,
    from: args.from ?? null,
    to: args.to ?? null,
  };
}

export async function readActivity(
  ctx: Context,
  filter: ActivityFilter,
  page: { limit: number; after: { cursorAt: string; id: string } | null },
): Promise<ActivityRow[]> {
  const access = await ctx.workspace();
  return listActivity(ctx.deps.db, access.id, filter, page, mayReadEmails(access));
}

/**
 * The live tail: every row added to the workspace's log after the stream opened, oldest
 * first, nudged by `activity:<workspaceId>` (rows are re-read, never taken from the event).
 */
export async function* activityTail(
  ctx: Context,
  access: WorkspaceAccess,
  signal: AbortSignal,
): AsyncGenerator<ActivityRow> {
  const withEmails = mayReadEmails(access);
  // Where "now" is first, then the channel, then what was written in between: no row is lost
  // between the read and the subscription, and none is sent twice (the cursor moves on).
  const [latest] = await listActivitySince(ctx.deps.db, access.id, null, withEmails);
  let since = latest
    ? { cursorAt: latest.cursorAt, id: latest.id }
    : { cursorAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
  const events = ctx.deps.events.subscribe(TOPIC.activity(access.id), signal);
  try {
    while (true) {
      const rows = await listActivitySince(ctx.deps.db, access.id, since, withEmails);
      for (const row of rows) {
        since = { cursorAt: row.cursorAt, id: row.id };
        yield row;
      }
      // A full batch may have more behind it: read on before waiting.
      if (rows.length === 50) continue;
      const next = await events.next();
      if (next.done) return;
    }
  } finally {
    await events.return?.();
  }
}

const CSV_COLUMNS = [
  'created_at',
  'level',
  'kind',
  'message',
  'actor_type',
  'actor_name',
  'actor_email',
  'subject_type',
  'subject_id',
  'brand_id',
];

/** The filtered log as CSV, newest first, up to `max` rows; a viewer's has no emails. */
export async function activityCsv(ctx: Context, filter: ActivityFilter, max = 10_000) {
  const access = await ctx.workspace();
  const withEmails = mayReadEmails(access);
  const lines = [csvLine(CSV_COLUMNS)];
  let after: { cursorAt: string; id: string } | null = null;
  while (lines.length <= max) {
    const rows = await listActivity(
      ctx.deps.db,
      access.id,
      filter,
      { limit: 500, after },
      withEmails,
    );
    for (const r of rows) {
      lines.push(
        csvLine([
          r.createdAt.toISOString(),
          r.level,
          r.kind,
          r.message,
          r.actorType,
          r.actorName,
          withEmails ? r.actorEmail : null,
          r.subjectType,
          r.subjectId,
          r.brandId,
        ]),
      );
    }
    const last = rows.at(-1);
    if (rows.length < 500 || !last) break;
    after = { cursorAt: last.cursorAt, id: last.id };
  }
  return lines.join('');
}
