/**
 * Seeds one workspace for the metrics benchmarks (docs/benchmarks.md, "Metrics at a million
 * answers"): `brands` brands × `days` days × 4 engines, about `answers` answers in all, each with
 * its mentions (brand and three competitors, ranks, sentiment) and citations (own, competitor and
 * third-party domains), then the daily rollups written by the same step a finishing run uses.
 *
 * The rows are generated inside Postgres with set-based `insert … select generate_series`, which
 * is as fast as COPY here and sends nothing over the wire: a million answers take a few minutes,
 * most of it the rollups. Run alone: `tsx scripts/bench/seed-metrics.ts <workspaceId>` with
 * DATABASE_URL (and SEED_ANSWERS, SEED_BRANDS, SEED_DAYS to resize).
 */

import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { writeDailyRollups } from '../repositories/metric-snapshot.repository';

export const SEED_ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];

export type SeedOptions = {
  brands: number;
  days: number;
  answers: number;
  today?: string;
  /**
   * More brands in the same workspace, each a copy of one of the `brands` seeded ones: its
   * competitors and the all-keyword rollups of its source's last `copyDays` days (what the
   * dashboard reads; no keywords, no per-keyword rows). No answers: the API reads rollups only, and rewriting a day's rollups costs a
   * few statements per brand and day, too slow for a thousand brands in `npm run bench`. In
   * their rollups' `detail` the source brand's id becomes the copy's; competitors keep the
   * source's ids.
   */
  copies?: number;
  copyDays?: number;
  /** Days rolled up at once (distinct brands each, over `db`'s pool); 1 when omitted. */
  rollupConcurrency?: number;
};

export type SeedResult = {
  brandIds: string[];
  /** The copies, in order: copy i is a copy of brandIds[i % brands]. */
  copyIds: string[];
  answers: number;
  rollupMs: number;
  rowsMs: number;
  copyMs: number;
};

export async function seedMetrics(
  db: Database,
  workspaceId: string,
  options: SeedOptions,
): Promise<SeedResult> {
  const { brands, days } = options;
  const prompts = Math.max(1, Math.round(options.answers / (brands * days * SEED_ENGINES.length)));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const started = performance.now();
  await db.execute(sql`update workspaces set plan = 'business' where id = ${workspaceId}`);
  const brandRows = await db.execute<{ id: string }>(sql`
    insert into brands (workspace_id, name, domains, aliases, industry, language, engines, status)
    select ${workspaceId}, 'Bench Brand ' || b, array['brand' || b || '.example.com'],
           array['Bench' || b], 'CRM software', 'en', ${sql.param(SEED_ENGINES)}::text[], 'paused'
      from generate_series(1, ${brands}) b
    returning id`);
  const brandIds = brandRows.map((r) => r.id);
  const ids = sql`${sql.param(brandIds)}::uuid[]`;
  await db.execute(sql`
    insert into competitors (workspace_id, brand_id, name, domains)
    select ${workspaceId}, b.id, 'Rival ' || c, array['rival' || c || '-' || left(b.id::text, 8) || '.example.com']
      from unnest(${ids}) b(id), generate_series(1, 3) c`);
  await db.execute(sql`
    insert into keywords (workspace_id, brand_id, text)
    select ${workspaceId}, b.id, 'topic ' || k from unnest(${ids}) b(id), generate_series(1, 3) k`);
  // Every tenth prompt is branded; prompts spread over the three keywords.
  await db.execute(sql`
    insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
    select ${workspaceId}, k.brand_id, k.id, 'question ' || p || ' about ' || k.text,
           p % 10 = 0, 'generated'
      from keywords k, generate_series(1, ${Math.ceil(prompts / 3)}) p
     where k.brand_id = any(${ids})`);
  // One completed run per brand and day, at noon UTC.
  await db.execute(sql`
    insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, finished_at)
    select ${workspaceId}, b.id, 'scheduled', 'COMPLETED', 0, 0,
           (${today}::date - d) + time '12:00', (${today}::date - d) + time '12:05'
      from unnest(${ids}) b(id), generate_series(0, ${days - 1}) d`);
  await db.execute(sql`
    insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text, created_at)
    select ${workspaceId}, r.id, p.id, p.text, e, 'An answer naming a few tools.', r.started_at
      from runs r
      join prompts p on p.brand_id = r.brand_id
      cross join unnest(${sql.param(SEED_ENGINES)}::text[]) e
     where r.brand_id = any(${ids})`);
  // The brand is named more often as days go by (a visible trend), competitors at fixed odds.
  await db.execute(sql`
    insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank, first_offset, sentiment)
    select a.workspace_id, a.id, 'brand', r.brand_id, 'Bench', 1 + (random() * 2)::int,
           10, (random() * 2 - 1)::real
      from answers a join runs r on r.id = a.run_id
     where r.brand_id = any(${ids})
       and random() < 0.25 + 0.4 * (1 - (${today}::date - r.started_at::date)::float / ${days})`);
  await db.execute(sql`
    insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank, first_offset, sentiment)
    select a.workspace_id, a.id, 'competitor', c.id, c.name, 1 + (random() * 3)::int, 20, 0
      from answers a join runs r on r.id = a.run_id join competitors c on c.brand_id = r.brand_id
     where r.brand_id = any(${ids}) and random() < 0.35`);
  await db.execute(sql`
    insert into citations (workspace_id, answer_id, url, domain, position, owner, entity_id)
    select a.workspace_id, a.id, 'https://' || d.domain || '/page', d.domain, 1, d.owner::citation_owner, d.entity_id
      from answers a join runs r on r.id = a.run_id
      cross join lateral (
        select * from (
          select b.domains[1] as domain, 'own' as owner, b.id as entity_id, 0.2 as p
            from brands b where b.id = r.brand_id
          union all
          select c.domains[1], 'competitor', c.id, 0.15 from competitors c where c.brand_id = r.brand_id
          union all
          select 'source' || s || '.example.org', 'third_party', null, 0.08 from generate_series(1, 12) s
        ) pool where random() < pool.p
      ) d
     where r.brand_id = any(${ids})`);
  const rowsMs = performance.now() - started;
  // In day order, so the runs rolled up at once are of different brands (each takes its brand's
  // rollup lock).
  const runIds = await db.execute<{ id: string }>(sql`
    select id from runs where brand_id = any(${ids}) order by started_at, brand_id`);
  let nextRun = 0;
  const lane = async () => {
    while (nextRun < runIds.length) {
      const { id } = runIds[nextRun++]!;
      await db.transaction((tx) => writeDailyRollups(tx, id).then(() => undefined));
    }
  };
  await Promise.all(Array.from({ length: options.rollupConcurrency ?? 1 }, lane));
  const rollupMs = performance.now() - started - rowsMs;
  const copyIds = await copyBrands(db, workspaceId, brandIds, {
    copies: options.copies ?? 0,
    days: options.copyDays ?? days,
    today,
  });
  const [count] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from answers a join runs r on r.id = a.run_id
     where r.brand_id = any(${ids})`);
  await db.execute(sql`analyze`);
  return {
    brandIds,
    copyIds,
    answers: count?.n ?? 0,
    rowsMs,
    rollupMs,
    copyMs: performance.now() - started - rowsMs - rollupMs,
  };
}

async function copyBrands(
  db: Database,
  workspaceId: string,
  sources: readonly string[],
  options: { copies: number; days: number; today: string },
): Promise<string[]> {
  if (options.copies === 0) return [];
  const copyRows = await db.execute<{ id: string }>(sql`
    insert into brands (workspace_id, name, domains, aliases, industry, language, engines, status)
    select ${workspaceId}, 'Bench Copy ' || b, array['copy' || b || '.example.com'],
           array['Copy' || b], 'CRM software', 'en', ${sql.param(SEED_ENGINES)}::text[], 'paused'
      from generate_series(1, ${options.copies}) b
    returning id`);
  const copyIds = copyRows.map((r) => r.id);
  const pairs = sql`unnest(${sql.param(copyIds)}::uuid[],
    ${sql.param(copyIds.map((_, i) => sources[i % sources.length]!))}::uuid[]) m(copy, source)`;
  await db.execute(sql`
    insert into competitors (workspace_id, brand_id, name, domains)
    select ${workspaceId}, m.copy, c.name, array[c.name || '-' || left(m.copy::text, 8) || '.example.com']
      from ${pairs} join competitors c on c.brand_id = m.source`);
  await db.execute(sql`
    insert into metric_snapshots (workspace_id, brand_id, day, engine, keyword_id, branded, country,
                                  language, answers, mentioned, mention_rate, position_weighted,
                                  share_of_voice, avg_rank, citation_rate, sentiment, score, detail)
    select s.workspace_id, m.copy, s.day, s.engine, null, s.branded, s.country, s.language,
           s.answers, s.mentioned, s.mention_rate, s.position_weighted, s.share_of_voice,
           s.avg_rank, s.citation_rate, s.sentiment, s.score,
           replace(s.detail::text, m.source::text, m.copy::text)::jsonb
      from ${pairs}
      join metric_snapshots s on s.brand_id = m.source
       and s.day > ${options.today}::date - ${options.days}::int
       and s.keyword_id is null`);
  return copyIds;
}
