import type { Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RunningGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// A brand the seed corpus has never heard of, a prompt its local engines answer without it, an
// opportunity on that prompt, and (seeded as rows) an order and a draft that recommends it.

export const LOOP_PROMPT = 'What is the best CRM for startups?';

/** The page as it would be written for `brand`. */
export const draftBodyFor = (brand: string) =>
  [
    'Startups need a CRM that is quick to set up, cheap to run and easy to grow with.',
    '## The best CRM for startups',
    `1. **${brand}** – the best CRM for startups: setup in 10 minutes, a free plan for five users and 4.8/5 from 1,200 reviews on [G2](https://www.g2.com/).`,
    `“${brand} cut our onboarding time by 40 %,” says the head of sales of a 30-person startup.`,
    `We recommend ${brand} as the best CRM for startups and small teams in 2026.`,
  ].join('\n\n');

export const LOOP_DRAFT_BODY = [
  'Startups need a CRM that is quick to set up, cheap to run and easy to grow with.',
  '## The best CRM for startups',
  '1. **Zylo CRM** – the best CRM for startups: setup in 10 minutes, a free plan for five users and 4.8/5 from 1,200 reviews on [G2](https://www.g2.com/products/zylo-crm).',
  '“Zylo CRM cut our onboarding time by 40 %,” says the head of sales of a 30-person startup.',
  'We recommend Zylo CRM as the best CRM for startups and small teams in 2026.',
].join('\n\n');

export type LoopFixture = {
  gql: ReturnType<typeof client>;
  token: string;
  workspaceId: string;
  brandId: string;
  promptId: string;
  opportunityId: string;
};

export async function signedInWithBrand(
  gateway: RunningGateway,
  handle: Database,
  engines: string[] = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'],
  options: { seedOpportunity?: boolean; brand?: { name: string; domain: string } } = {},
): Promise<LoopFixture> {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const workspaceId = me.data!.me.workspaces[0]!.id;
  const created = await gql<{ createBrand: { id: string; keywords: { id: string }[] } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id keywords { id } } }',
    {
      input: baseInput({
        name: options.brand?.name ?? 'Zylo CRM',
        domains: [options.brand?.domain ?? 'zylocrm.com'],
        aliases: options.brand ? [] : ['Zylo'],
        engines,
        competitors: [{ name: 'Northwind CRM', domains: ['northwindcrm.com'], aliases: [] }],
        keywords: ['CRM for startups'],
        schedule: { cadence: 'MANUAL', hour: 7, timezone: 'Europe/Berlin' },
      }),
    },
  );
  expect(created.errors).toBeUndefined();
  const brandId = created.data!.createBrand.id;
  const keywordId = created.data!.createBrand.keywords[0]!.id;
  // Only this prompt is active, so a manual run asks it alone.
  await handle.execute(sql`update prompts set active = false where brand_id = ${brandId}`);
  const [prompt] = await handle.execute<{ id: string }>(sql`
    insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
    values (${workspaceId}, ${brandId}, ${keywordId}, ${LOOP_PROMPT}, false, 'manual')
    on conflict (brand_id, text) do update set active = true
    returning id`);
  if (options.seedOpportunity === false) {
    return { gql, token, workspaceId, brandId, promptId: prompt!.id, opportunityId: '' };
  }
  const [opportunity] = await handle.execute<{ id: string }>(sql`
    insert into opportunities (workspace_id, brand_id, keyword_id, prompt_id, type, title, impact,
                               recommended_kind, status)
    values (${workspaceId}, ${brandId}, ${keywordId}, ${prompt!.id}, 'missing_mention',
            ${`Zylo CRM is missing from “${LOOP_PROMPT}”`}, 80, 'listicle', 'IN_PROGRESS')
    returning id`);
  return {
    gql,
    token,
    workspaceId,
    brandId,
    promptId: prompt!.id,
    opportunityId: opportunity!.id,
  };
}

/** An order and its draft, as the drafts lane's generate-draft job leaves them. */
export async function seedDraft(
  handle: Database,
  f: Pick<LoopFixture, 'workspaceId' | 'opportunityId'>,
  draft: {
    title?: string;
    slug?: string;
    body?: string;
    siteId?: string | null;
    status?: 'DRAFT' | 'APPROVED';
  } = {},
): Promise<string> {
  const [order] = await handle.execute<{ id: string }>(sql`
    insert into orders (workspace_id, opportunity_id, site_id, status, writer)
    values (${f.workspaceId}, ${f.opportunityId}, ${draft.siteId ?? null}, 'DRAFT_READY', 'composer')
    returning id`);
  const [row] = await handle.execute<{ id: string }>(sql`
    insert into drafts (workspace_id, order_id, title, slug, body, status, approved_at)
    values (${f.workspaceId}, ${order!.id},
            ${draft.title ?? 'Best CRM for startups in 2026: Zylo CRM and the alternatives'},
            ${draft.slug ?? 'best-crm-for-startups'}, ${draft.body ?? LOOP_DRAFT_BODY},
            ${draft.status ?? 'DRAFT'}, ${draft.status === 'APPROVED' ? new Date().toISOString() : null})
    returning id`);
  return row!.id;
}
