import type { DigestInput, DigestRun } from '@lumen/domain/notifications/digest';
import {
  defaultPreferences,
  type EmailKind,
  type NotificationPreferences,
} from '@lumen/domain/notifications/preferences';
import { sql } from 'drizzle-orm';
import { rawDate, type Tx } from '../client';

// What a digest says, read for one workspace and period (docs/notifications.md, "Digests"), and
// who is asked whether a digest is due. Raw SQL: lateral joins pick each brand's runs of the
// period and per-brand rows in one statement each. Timestamps go in as ISO strings (client.ts).

export type DigestSubscriber = {
  workspaceId: string;
  userId: string;
  preferences: NotificationPreferences;
};

/**
 * Every member with an address of every workspace not being deleted, with their preferences
 * (the defaults when never saved: a weekly digest), for the hourly sweep to ask `digestDue`.
 */
export async function listDigestSubscribers(db: Tx): Promise<DigestSubscriber[]> {
  const rows = await db.execute<{
    workspaceId: string;
    userId: string;
    emailEvents: string[] | null;
    digestFrequency: NotificationPreferences['digestFrequency'] | null;
    digestHour: number | null;
    timezone: string | null;
  }>(sql`
    select m.workspace_id as "workspaceId", m.user_id as "userId",
           np.email_events as "emailEvents", np.digest_frequency as "digestFrequency",
           np.digest_hour as "digestHour", np.timezone
      from workspace_members m
      join profiles p on p.user_id = m.user_id and p.email <> ''
      left join notification_preferences np
        on np.workspace_id = m.workspace_id and np.user_id = m.user_id
     where (np.digest_frequency is null or np.digest_frequency <> 'OFF')
       and not exists (select 1 from workspace_deletions d where d.workspace_id = m.workspace_id)
     order by m.workspace_id, m.user_id`);
  return rows.map((r) => ({
    workspaceId: r.workspaceId,
    userId: r.userId,
    preferences:
      r.digestFrequency === null
        ? defaultPreferences()
        : {
            emailEvents: (r.emailEvents ?? []) as EmailKind[],
            digestFrequency: r.digestFrequency,
            digestHour: r.digestHour ?? 8,
            timezone: r.timezone ?? 'UTC',
          },
  }));
}

/** Workspaces with an active Slack channel or webhook that chose the digest. */
export async function listChannelDigestWorkspaces(db: Tx): Promise<string[]> {
  const rows = await db.execute<{ workspaceId: string }>(sql`
    select distinct w.workspace_id as "workspaceId"
      from webhooks w
     where w.status = 'ACTIVE' and 'digest' = any(w.events)
       and not exists (select 1 from workspace_deletions d where d.workspace_id = w.workspace_id)
     order by 1`);
  return rows.map((r) => r.workspaceId);
}

export type DigestData = Omit<DigestInput, 'frequency' | 'from' | 'to'>;

type RunJson = { id: string; trigger: string; metrics: DigestRun['metrics'] } | null;

/**
 * Everything the digest of `workspaceId` over [from, to) is built from; null when the workspace
 * is gone. Brands: not archived. Runs compared: full (not targeted) completed runs, the latest
 * created in the period against the last created before it (else the first in it).
 */
export async function loadDigestData(
  db: Tx,
  workspaceId: string,
  from: Date,
  to: Date,
): Promise<DigestData | null> {
  const f = from.toISOString();
  const t = to.toISOString();
  const [workspace] = await db.execute<{ name: string }>(
    sql`select name from workspaces where id = ${workspaceId}`,
  );
  if (!workspace) return null;
  const brands = await db.execute<{
    id: string;
    name: string;
    latest: RunJson;
    baseline: RunJson;
    firstInPeriod: RunJson;
  }>(sql`
    with full_runs as (
      select r.id, r.brand_id, r.created_at,
             jsonb_build_object('id', r.id, 'trigger', upper(r.trigger::text), 'metrics', r.metrics) as run
        from runs r
       where r.workspace_id = ${workspaceId} and r.status = 'COMPLETED' and r.metrics is not null
         and r.trigger <> 'targeted' and r.created_at < ${t}::timestamptz
    )
    select b.id, b.name,
           (select run from full_runs x where x.brand_id = b.id and x.created_at >= ${f}::timestamptz
             order by x.created_at desc limit 1) as latest,
           (select run from full_runs x where x.brand_id = b.id and x.created_at < ${f}::timestamptz
             order by x.created_at desc limit 1) as baseline,
           (select run from full_runs x where x.brand_id = b.id and x.created_at >= ${f}::timestamptz
             order by x.created_at asc limit 1) as "firstInPeriod"
      from brands b
     where b.workspace_id = ${workspaceId} and b.status <> 'archived'
     order by b.name, b.id`);
  const opportunities = await db.execute<{
    brandId: string;
    id: string;
    title: string;
    impact: number;
  }>(sql`
    select brand_id as "brandId", id, title, impact from (
      select o.*, row_number() over (partition by o.brand_id order by o.impact desc, o.title, o.id) as n
        from opportunities o
       where o.workspace_id = ${workspaceId} and o.status in ('NEW', 'PLANNED', 'IN_PROGRESS')
    ) o where n <= 3`);
  const published = await db.execute<{
    brandId: string;
    promptId: string | null;
    title: string;
    url: string;
    publishedAt: Date | string;
    ingestedAt: Date | string | null;
  }>(sql`
    select o.brand_id as "brandId", o.prompt_id as "promptId", d.title, pi.url,
           pi.published_at as "publishedAt", pi.ingested_at as "ingestedAt"
      from published_items pi
      join drafts d on d.id = pi.draft_id
      join orders ord on ord.id = d.order_id
      join opportunities o on o.id = ord.opportunity_id
     where pi.workspace_id = ${workspaceId}
       and pi.published_at >= ${f}::timestamptz and pi.published_at < ${t}::timestamptz
     order by pi.published_at, pi.id`);
  // Every answer to a published page's prompt (the evidence rule splits them itself).
  const promptIds = [...new Set(published.map((p) => p.promptId).filter((p) => p !== null))];
  const answers = promptIds.length
    ? await db.execute<{ promptId: string; runAt: Date | string; mentioned: boolean }>(sql`
        select a.prompt_id as "promptId", r.created_at as "runAt",
               exists (select 1 from mentions m where m.answer_id = a.id and m.entity = 'brand'
                         and m.entity_id = r.brand_id) as mentioned
          from runs r join answers a on a.run_id = r.id
         where r.workspace_id = ${workspaceId} and r.status = 'COMPLETED' and a.error is null
           and a.prompt_id in (${sql.join(
             promptIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`)
    : [];
  const [usage] = await db.execute<{ runs: number; answers: number; costUsd: string | number }>(sql`
    select (select count(*)::int from runs r where r.workspace_id = ${workspaceId}
              and r.brand_id is not null
              and r.created_at >= ${f}::timestamptz and r.created_at < ${t}::timestamptz) as runs,
           count(a.id) filter (where a.error is null)::int as answers,
           coalesce(sum(a.cost_usd), 0) as "costUsd"
      from answers a
     where a.workspace_id = ${workspaceId}
       and a.created_at >= ${f}::timestamptz and a.created_at < ${t}::timestamptz`);
  const failures = await db.execute<{
    kind: 'run' | 'publish' | 'ingestion';
    brandName: string | null;
    title: string | null;
    error: string | null;
    at: Date | string;
  }>(sql`
    select 'run' as kind, b.name as "brandName", null as title, r.error,
           coalesce(r.finished_at, r.created_at) as at
      from runs r join brands b on b.id = r.brand_id
     where r.workspace_id = ${workspaceId} and r.status = 'FAILED'
       and coalesce(r.finished_at, r.created_at) >= ${f}::timestamptz
       and coalesce(r.finished_at, r.created_at) < ${t}::timestamptz
    union all
    select 'publish', b.name, d.title, d.error, d.updated_at
      from drafts d
      left join orders ord on ord.id = d.order_id
      left join opportunities o on o.id = ord.opportunity_id
      left join brands b on b.id = o.brand_id
     where d.workspace_id = ${workspaceId} and d.status = 'FAILED'
       and d.updated_at >= ${f}::timestamptz and d.updated_at < ${t}::timestamptz
    union all
    select 'ingestion', b.name, d.title, pi.ingest_error, pi.ingest_attempted_at
      from published_items pi
      left join drafts d on d.id = pi.draft_id
      left join orders ord on ord.id = d.order_id
      left join opportunities o on o.id = ord.opportunity_id
      left join brands b on b.id = o.brand_id
     where pi.workspace_id = ${workspaceId} and pi.ingest_status = 'FAILED'
       and pi.ingest_attempted_at >= ${f}::timestamptz and pi.ingest_attempted_at < ${t}::timestamptz
     order by at`);
  return {
    workspaceName: workspace.name,
    brands: brands.map((b) => ({
      id: b.id,
      name: b.name,
      latest: b.latest,
      baseline: b.baseline ?? b.firstInPeriod,
      opportunities: opportunities
        .filter((o) => o.brandId === b.id)
        .map(({ id, title, impact }) => ({ id, title, impact })),
      published: published
        .filter((p) => p.brandId === b.id)
        .map((p) => ({
          title: p.title,
          url: p.url,
          publishedAt: rawDate(p.publishedAt),
          ingestedAt: rawDate(p.ingestedAt),
          answers: answers
            .filter((a) => a.promptId === p.promptId)
            .map((a) => ({ runAt: rawDate(a.runAt), mentioned: a.mentioned })),
        })),
    })),
    usage: {
      runs: usage?.runs ?? 0,
      answers: usage?.answers ?? 0,
      costUsd: Number(usage?.costUsd ?? 0),
    },
    failures: failures.map((x) => ({ ...x, at: rawDate(x.at) })),
  };
}
