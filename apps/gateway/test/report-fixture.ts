import type { Database } from '@lumen/db/client';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { sql } from 'drizzle-orm';
import type { RunningGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// A brand with measured days for the report tests: the answers a run stores (mentions,
// citations), turned into rollups by the worker's own step (`writeDailyRollups`), as in
// metrics.integration.test.ts. The previous period has the brand nowhere, the current one in
// most answers, so the mention rate moves beyond noise.

export type ReportFixture = {
  gql: ReturnType<typeof client>;
  token: string;
  workspaceId: string;
  brandId: string;
  rivalId: string;
};

type Spec = { brand?: number; rival?: number; cite?: 'own' | 'rival' | 'news' };

const CURRENT: Spec[] = [
  { brand: 1, rival: 2, cite: 'own' },
  { brand: 1, cite: 'news' },
  { brand: 2, rival: 1, cite: 'rival' },
  { brand: 1, rival: 2 },
  { rival: 1, cite: 'news' },
];
const PREVIOUS: Spec[] = [{ rival: 1 }, {}, { rival: 1, cite: 'rival' }, {}, {}];

export async function seedReportBrand(
  gateway: RunningGateway,
  db: Database,
  names: { brand: string; domain: string; rival: string; rivalDomain: string; news: string },
  days: { previous: string[]; current: string[] },
): Promise<ReportFixture> {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const workspaceId = me.data!.me.workspaces[0]!.id;
  const created = await gql<{
    createBrand: {
      id: string;
      competitors: { id: string }[];
      keywords: { prompts: { id: string; text: string }[] }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id competitors { id } keywords { prompts { id text } } } }`,
    {
      input: baseInput({
        name: names.brand,
        aliases: [],
        domains: [`https://${names.domain}/`],
        competitors: [{ name: names.rival, domains: [names.rivalDomain], aliases: [] }],
        keywords: ['reporting software'],
        schedule: { cadence: 'MANUAL', hour: 7, timezone: 'UTC' },
      }),
    },
  );
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const brand = created.data!.createBrand;
  const prompts = brand.keywords[0]!.prompts;
  const ids = { workspaceId, brandId: brand.id, rivalId: brand.competitors[0]!.id };
  for (const day of days.previous) await runOfDay(db, ids, names, day, prompts, PREVIOUS);
  for (const day of days.current) await runOfDay(db, ids, names, day, prompts, CURRENT);
  return { gql, token, ...ids };
}

async function runOfDay(
  db: Database,
  ids: { workspaceId: string; brandId: string; rivalId: string },
  names: { brand: string; domain: string; rival: string; rivalDomain: string; news: string },
  day: string,
  prompts: { id: string; text: string }[],
  specs: Spec[],
) {
  await db.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at)
      values (${ids.workspaceId}, ${ids.brandId}, 'manual', 'RUNNING', 0, 0,
              ${`${day}T10:00:00Z`}::timestamptz) returning id`);
    for (const engine of ['local-gpt', 'local-claude']) {
      for (const [i, s] of specs.entries()) {
        const prompt = prompts[i % prompts.length]!;
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text,
                               cost_usd, created_at)
          values (${ids.workspaceId}, ${run!.id}, ${prompt.id}, ${prompt.text}, ${engine},
                  'an answer', ${engine === 'local-gpt' ? 0.0125 : null},
                  ${`${day}T10:00:00Z`}::timestamptz) returning id`);
        const a = answer!.id;
        if (s.brand) {
          await tx.execute(sql`
            insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                  first_offset, sentiment)
            values (${ids.workspaceId}, ${a}, 'brand', ${ids.brandId}, ${names.brand},
                    ${s.brand}, ${s.brand * 10}, 0.5)`);
        }
        if (s.rival) {
          await tx.execute(sql`
            insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                  first_offset, sentiment)
            values (${ids.workspaceId}, ${a}, 'competitor', ${ids.rivalId}, ${names.rival},
                    ${s.rival}, ${s.rival * 10}, 0)`);
        }
        if (s.cite) {
          const [domain, owner, entityId] =
            s.cite === 'own'
              ? [names.domain, 'own', ids.brandId]
              : s.cite === 'rival'
                ? [names.rivalDomain, 'competitor', ids.rivalId]
                : [names.news, 'third_party', null];
          await tx.execute(sql`
            insert into citations (workspace_id, answer_id, url, domain, position, owner, entity_id)
            values (${ids.workspaceId}, ${a}, ${`https://${domain}/page`}, ${domain}, 1,
                    ${owner}, ${entityId})`);
        }
      }
    }
    await writeDailyRollups(tx, run!.id);
    await tx.execute(sql`update runs set status = 'COMPLETED', finished_at = now()
                          where id = ${run!.id}`);
  });
}
