import type { Database } from '@lumen/db/client';
import { storeRunAnalysis } from '@lumen/db/repositories/brand-run.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { Citation, TrackedEntity } from '@lumen/domain/entities/types';
import { sql } from 'drizzle-orm';
import type { RunningGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// A workspace with a brand and a real opportunity: a completed run's answers (analysed with the
// runs' analyzer) go through analyzeGaps on the real worker's gap-analysis queue. For tests of
// what builds on opportunities (orders and drafts).

export const ENGINES = ['local-gpt', 'local-claude'];
export const PROMPT = 'What is the best CRM for small agencies?';
export const REVIEW = 'https://crmreviews.example/best-agency-crm';
export const MISSING = `1. **Contoso CRM** is the best CRM for small agencies, with simple pipelines and a 14-day trial.
2. **Fabrikam** is popular with agencies that bill by the hour.
Reviewers at [CRM Reviews](${REVIEW}) rank Contoso first for agencies.`;

export type Seeded = {
  gql: ReturnType<typeof client>;
  token: string;
  workspaceId: string;
  brandId: string;
  opportunityId: string;
};

export async function seedOpportunity(gateway: RunningGateway, handle: Database): Promise<Seeded> {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const workspaceId = me.data!.me.workspaces[0]!.id;
  const body = await gql<{
    createBrand: {
      id: string;
      name: string;
      aliases: string[];
      domains: string[];
      competitors: { id: string; name: string; domains: string[]; aliases: string[] }[];
      keywords: { id: string }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id name domains aliases competitors { id name domains aliases } keywords { id } } }`,
    {
      input: baseInput({
        engines: ENGINES,
        // No schedule: the default (daily at 07:00 Berlin) started a real run when a test created
        // the brand just before 06:00 UTC, and that run's answers resolved the opportunity.
        schedule: { cadence: 'MANUAL', hour: 7, timezone: 'Europe/Berlin' },
        description:
          'Northwind CRM is a project-based CRM for agencies of 2 to 50 people, with time tracking and invoicing built in.',
        competitors: [
          { name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] },
          { name: 'Fabrikam', domains: ['fabrikam.io'], aliases: [] },
        ],
        keywords: ['CRM software'],
      }),
    },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const brand = body.data!.createBrand;
  const [prompt] = await handle.execute<{ id: string; text: string }>(sql`
    insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
    values (${workspaceId}, ${brand.id}, ${brand.keywords[0]!.id}, ${PROMPT}, false, 'manual')
    returning id, text`);
  const entities: TrackedEntity[] = [
    {
      id: brand.id,
      kind: 'brand',
      name: brand.name,
      aliases: brand.aliases,
      domains: brand.domains,
    },
    ...brand.competitors.map((c) => ({
      id: c.id,
      kind: 'competitor' as const,
      name: c.name,
      aliases: c.aliases,
      domains: c.domains,
    })),
  ];
  const analyze = createAnalyzer(entities);
  const citations: Citation[] = [{ url: REVIEW }, { url: 'https://contoso.com/agencies' }];
  const runId = await handle.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, finished_at)
      values (${workspaceId}, ${brand.id}, 'manual', 'COMPLETED', 2, 2, now(), clock_timestamp())
      returning id`);
    const mentions = [];
    const cited = [];
    for (const engine of ENGINES) {
      const [answer] = await tx.execute<{ id: string }>(sql`
        insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text, citations)
        values (${workspaceId}, ${run!.id}, ${prompt!.id}, ${PROMPT}, ${engine}, ${MISSING},
                ${JSON.stringify(citations)}::jsonb)
        returning id`);
      const analysis = analyze({ text: MISSING, citations });
      for (const m of analysis.mentions) {
        const entity = entities.find((e) => e.id === m.entityId)!;
        mentions.push({
          answerId: answer!.id,
          entity: entity.kind,
          entityId: m.entityId,
          name: entity.name,
          rank: m.rank,
          firstOffset: m.firstOffset,
          count: m.count,
          sentiment: m.sentiment,
          snippet: m.snippet,
          spans: m.spans,
        });
      }
      for (const c of analysis.citations) {
        cited.push({
          answerId: answer!.id,
          url: c.url,
          domain: c.domain,
          title: null,
          position: c.position,
          owner: c.owner,
          entityId: c.entityId ?? null,
        });
      }
    }
    await storeRunAnalysis(tx, workspaceId, run!.id, {
      mentions,
      citations: cited,
      total: 2,
      done: 2,
      score: 0,
      metrics: {},
    });
    return run!.id;
  });
  const started = await gql('mutation ($b: ID!) { analyzeGaps(brandId: $b) { id } }', {
    b: brand.id,
  });
  if (started.errors) throw new Error(JSON.stringify(started.errors));
  for (;;) {
    const state = await gql<{ run: { gapAnalysis: { status: string } | null } }>(
      'query ($id: ID!) { run(id: $id) { gapAnalysis { status } } }',
      { id: runId },
    );
    const status = state.data!.run.gapAnalysis?.status;
    if (status === 'FAILED') throw new Error('gap analysis failed');
    if (status === 'COMPLETED') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const list = await gql<{
    opportunities: { edges: { node: { id: string; promptText: string } }[] };
  }>('{ opportunities(first: 10) { edges { node { id promptText } } } }');
  const opportunity = list.data!.opportunities.edges.find((e) => e.node.promptText === PROMPT);
  if (!opportunity) throw new Error(`no opportunity: ${JSON.stringify(list)}`);
  return { gql, token, workspaceId, brandId: brand.id, opportunityId: opportunity.node.id };
}
