import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { storeRunAnalysis } from '@lumen/db/repositories/brand-run.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { Citation, TrackedEntity } from '@lumen/domain/entities/types';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, fieldsOf, signUp } from './brand-helpers';
import { sseSubscribe } from './sse';

// Opportunities through the API, with the real worker's gap-analysis queue behind analyzeGaps:
// a run's answers (stored with the analyzer the runs use) become opportunities with their
// evidence; the next run refreshes them without duplicates; a person moves them along the
// state machine only; a run where the brand shows up resolves them; another workspace sees
// nothing.

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

type Gql = ReturnType<typeof client>;
const ENGINES = ['local-gpt', 'local-claude'];
const P1 = 'What is the best CRM for small agencies?';
const P2 = 'Which CRM would you recommend for a sales team?';
const REVIEW = 'https://crmreviews.example/best-agency-crm';

const MISSING = `1. **Contoso CRM** is the best CRM for small agencies, with simple pipelines.
2. **Fabrikam** is popular with agencies that bill by the hour.
Which CRM fits a five-person agency?`;
const PRESENT = `1. **Northwind CRM** is the best CRM for small agencies.
2. **Contoso CRM** is a solid second choice.`;
const ONLY_BRAND = '**Northwind CRM** is a great choice for a sales team.';

type Fixture = {
  gql: Gql;
  token: string;
  workspaceId: string;
  brandId: string;
  entities: TrackedEntity[];
  prompts: { id: string; text: string }[];
};

async function signedIn() {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { gql, token, workspaceId: me.data!.me.workspaces[0]!.id };
}

async function seed(): Promise<Fixture> {
  const { gql, token, workspaceId } = await signedIn();
  const body = await gql<{
    createBrand: {
      id: string;
      name: string;
      domains: string[];
      aliases: string[];
      competitors: { id: string; name: string; domains: string[]; aliases: string[] }[];
      keywords: { id: string }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id name domains aliases competitors { id name domains aliases } keywords { id } } }`,
    {
      input: baseInput({
        engines: ENGINES,
        competitors: [
          { name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] },
          { name: 'Fabrikam', domains: ['fabrikam.io'], aliases: [] },
        ],
        keywords: ['CRM software'],
      }),
    },
  );
  expect(body.errors).toBeUndefined();
  const brand = body.data!.createBrand;
  const keywordId = brand.keywords[0]!.id;
  const prompts = [];
  for (const text of [P1, P2]) {
    const [row] = await handle.execute<{ id: string; text: string }>(sql`
      insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
      values (${workspaceId}, ${brand.id}, ${keywordId}, ${text}, false, 'manual')
      returning id, text`);
    prompts.push(row!);
  }
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
  return { gql, token, workspaceId, brandId: brand.id, entities, prompts };
}

/** A completed run: every engine answers P1 with `p1` and P2 with ONLY_BRAND, analysed. */
async function completedRun(f: Fixture, p1: string, p1Citations: Citation[]): Promise<string> {
  const analyze = createAnalyzer(f.entities);
  return handle.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, finished_at)
      values (${f.workspaceId}, ${f.brandId}, 'manual', 'COMPLETED', 4, 4, now(), clock_timestamp())
      returning id`);
    const runId = run!.id;
    const mentions = [];
    const citations = [];
    for (const engine of ENGINES) {
      for (const [prompt, text, cited] of [
        [f.prompts[0]!, p1, p1Citations],
        [f.prompts[1]!, ONLY_BRAND, []],
      ] as const) {
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text, citations)
          values (${f.workspaceId}, ${runId}, ${prompt.id}, ${prompt.text}, ${engine}, ${text},
                  ${JSON.stringify(cited)}::jsonb)
          returning id`);
        const analysis = analyze({ text, citations: [...cited] });
        for (const m of analysis.mentions) {
          const entity = f.entities.find((e) => e.id === m.entityId)!;
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
          citations.push({
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
    }
    await storeRunAnalysis(tx, f.workspaceId, runId, {
      mentions,
      citations,
      total: 4,
      done: 4,
      score: 0,
      metrics: {},
    });
    return runId;
  });
}

type GapAnalysis = { status: string; created: number; updated: number; resolved: number };

/** analyzeGaps, then the run's gapAnalysis until the worker has finished it. */
async function analyzeGaps(f: Fixture, runId: string): Promise<GapAnalysis> {
  const started = await f.gql<{ analyzeGaps: { id: string } }>(
    'mutation ($b: ID!) { analyzeGaps(brandId: $b) { id } }',
    { b: f.brandId },
  );
  expect(started.errors).toBeUndefined();
  expect(started.data!.analyzeGaps.id).toBe(runId);
  for (;;) {
    const body = await f.gql<{ run: { gapAnalysis: GapAnalysis | null } }>(
      'query ($id: ID!) { run(id: $id) { gapAnalysis { status progress created updated resolved } } }',
      { id: runId },
    );
    const state = body.data!.run.gapAnalysis;
    if (state?.status === 'COMPLETED' || state?.status === 'FAILED') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const FIELDS = `id type title impact status recommendedKind promptText brandName createdAt resolvedAt
  lastRun { id } resolvedBy { id } keyword { id }
  evidence { prompts engines totalEngines competitors { name count bestRank }
    sources { domain owner ownerName count urls }
    answers { id engine text }
    excerpts { engine text spans { start end } names } }
  outline { title sections { heading points } }
  history { from to note byName run { id } }`;

type Opp = {
  id: string;
  type: string;
  title: string;
  impact: number;
  status: string;
  recommendedKind: string | null;
  promptText: string;
  lastRun: { id: string } | null;
  resolvedBy: { id: string } | null;
  resolvedAt: string | null;
  evidence: {
    prompts: string[];
    engines: string[];
    totalEngines: number;
    competitors: { name: string; count: number; bestRank: number }[];
    sources: { domain: string; owner: string; ownerName: string | null; count: number }[];
    answers: { id: string; engine: string; text: string }[];
    excerpts: {
      engine: string;
      text: string;
      spans: { start: number; end: number }[];
      names: string[];
    }[];
  };
  outline: { title: string; sections: { heading: string; points: string[] }[] };
  history: {
    from: string | null;
    to: string;
    note: string | null;
    byName: string | null;
    run: { id: string } | null;
  }[];
};

type List = {
  opportunities: {
    edges: { node: Opp; cursor: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    statusCounts: { status: string; count: number }[];
    totalCount: number;
  };
};

async function list(gql: Gql, filter: Record<string, unknown>, extra = '') {
  return gql<List>(
    `query ($f: OpportunityFilter, $first: Int, $after: String) {
       opportunities(filter: $f, first: $first, after: $after) {
         edges { cursor node { ${FIELDS} } } pageInfo { hasNextPage endCursor }
         statusCounts { status count } totalCount ${extra} } }`,
    { f: filter },
  );
}

const counts = (l: List) =>
  Object.fromEntries(l.opportunities.statusCounts.map((c) => [c.status, c.count]));

async function move(gql: Gql, id: string, status: string, note?: string) {
  return gql<{ setOpportunityStatus: Opp }>(
    `mutation ($id: ID!, $s: OpportunityStatus!, $n: String) {
       setOpportunityStatus(id: $id, status: $s, note: $n) { ${FIELDS} } }`,
    { id, s: status, n: note ?? null },
  );
}

describe('opportunities', () => {
  it('a run’s gaps become opportunities with evidence; refreshed, moved, resolved', async () => {
    const f = await seed();
    const run1 = await completedRun(f, MISSING, [
      { url: REVIEW },
      { url: 'https://contoso.com/agencies' },
    ]);
    expect(await analyzeGaps(f, run1)).toMatchObject({ status: 'COMPLETED', created: 2 });

    const first = await list(f.gql, { brandId: f.brandId });
    expect(first.errors).toBeUndefined();
    const nodes = first.data!.opportunities.edges.map((e) => e.node);
    // Most impactful first: the brand missing outweighs the source it is not cited in.
    expect(nodes.map((o) => o.type)).toEqual(['MISSING_MENTION', 'CITATION_GAP']);
    expect(nodes[0]!.impact).toBeGreaterThanOrEqual(nodes[1]!.impact);
    expect(counts(first.data!)).toMatchObject({ NEW: 2, PLANNED: 0, RESOLVED: 0, DISMISSED: 0 });
    expect(first.data!.opportunities.totalCount).toBe(2);

    const missing = nodes[0]!;
    expect(missing).toMatchObject({
      status: 'NEW',
      promptText: P1,
      recommendedKind: 'LISTICLE',
      lastRun: { id: run1 },
      title: `Northwind CRM is missing from '${P1}' on 2 of 2 engines`,
    });
    expect(missing.evidence.prompts).toEqual([P1]);
    expect(missing.evidence.engines).toEqual([...ENGINES].sort());
    expect(missing.evidence.totalEngines).toBe(2);
    expect(missing.evidence.competitors).toEqual([
      { name: 'Contoso CRM', count: 2, bestRank: 1 },
      { name: 'Fabrikam', count: 2, bestRank: 2 },
    ]);
    // Every citation in the answers that show the gap, with its owner, most cited first.
    expect(missing.evidence.sources).toEqual([
      expect.objectContaining({
        domain: 'contoso.com',
        owner: 'COMPETITOR',
        ownerName: 'Contoso CRM',
        count: 2,
      }),
      expect.objectContaining({
        domain: 'crmreviews.example',
        owner: 'THIRD_PARTY',
        ownerName: null,
        count: 2,
      }),
    ]);
    expect(missing.evidence.answers.map((a) => a.engine).sort()).toEqual([...ENGINES].sort());
    expect(missing.evidence.answers.every((a) => a.text === MISSING)).toBe(true);
    for (const excerpt of missing.evidence.excerpts) {
      expect(excerpt.names).toEqual(['Contoso CRM', 'Fabrikam']);
      expect(excerpt.spans.map((s) => excerpt.text.slice(s.start, s.end))).toEqual([
        'Contoso CRM',
        'Fabrikam',
      ]);
    }
    // The outline quotes what the answers say about each competitor and their sub-questions.
    const headings = missing.outline.sections.map((s) => s.heading);
    expect(headings).toContain('Contoso CRM');
    expect(missing.outline.sections.find((s) => s.heading === 'Contoso CRM')!.points[0]).toBe(
      'Engines say: “Contoso CRM is the best CRM for small agencies, with simple pipelines.”',
    );
    expect(
      missing.outline.sections.find((s) => s.heading === 'Questions the answers also cover')!
        .points,
    ).toEqual(['Which CRM fits a five-person agency?']);
    expect(missing.history).toEqual([
      { from: null, to: 'NEW', note: null, byName: null, run: { id: run1 } },
    ]);

    // The next run shows the same gaps: the same two rows, refreshed from the new run.
    const run2 = await completedRun(f, MISSING, [
      { url: REVIEW },
      { url: 'https://contoso.com/agencies' },
    ]);
    expect(await analyzeGaps(f, run2)).toMatchObject({ created: 0, updated: 2 });
    const second = (await list(f.gql, { brandId: f.brandId })).data!.opportunities;
    expect(second.edges.map((e) => e.node.id)).toEqual(nodes.map((o) => o.id));
    expect(second.edges.map((e) => e.node.lastRun?.id)).toEqual([run2, run2]);

    // A person moves them: only along the state machine, a dismissal with a reason.
    const illegal = await move(f.gql, missing.id, 'PUBLISHED');
    expect(codeOf(illegal)).toBe('BAD_USER_INPUT');
    expect(illegal.errors![0]!.message).toBe(
      'An opportunity cannot move from New to Published; from New it can go to Planned, Resolved, Dismissed.',
    );
    const citation = nodes[1]!;
    const noReason = await move(f.gql, citation.id, 'DISMISSED', '  ');
    expect(codeOf(noReason)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(noReason)).toEqual({ note: 'Say why this opportunity is dismissed.' });
    const planned = await move(f.gql, missing.id, 'PLANNED');
    expect(planned.errors).toBeUndefined();
    expect(planned.data!.setOpportunityStatus.status).toBe('PLANNED');
    const dismissed = await move(f.gql, citation.id, 'DISMISSED', 'Reviews site is paid only');
    expect(dismissed.data!.setOpportunityStatus.history.at(-1)).toMatchObject({
      from: 'NEW',
      to: 'DISMISSED',
      note: 'Reviews site is paid only',
      run: null,
    });
    expect(dismissed.data!.setOpportunityStatus.history.at(-1)!.byName).toMatch(/@example\.com$/);
    const twice = await move(f.gql, missing.id, 'PLANNED');
    expect(twice.errors![0]!.message).toBe('The opportunity is already Planned.');

    // Filters, search and counts.
    const open = (
      await list(f.gql, { brandId: f.brandId, status: ['NEW', 'PLANNED', 'IN_PROGRESS'] })
    ).data!;
    expect(open.opportunities.edges.map((e) => e.node.id)).toEqual([missing.id]);
    expect(open.opportunities.totalCount).toBe(1);
    expect(counts(open)).toMatchObject({ NEW: 0, PLANNED: 1, DISMISSED: 1 });
    const byType = (await list(f.gql, { type: ['CITATION_GAP'] })).data!;
    expect(byType.opportunities.edges.map((e) => e.node.id)).toEqual([citation.id]);
    expect((await list(f.gql, { search: 'small AGENCIES' })).data!.opportunities.totalCount).toBe(
      2,
    );
    expect(
      (await list(f.gql, { search: 'crmreviews' })).data!.opportunities.edges.map((e) => e.node.id),
    ).toEqual([citation.id]);
    expect((await list(f.gql, { search: '100%_' })).data!.opportunities.totalCount).toBe(0);
    expect((await list(f.gql, { engine: 'local-gpt' })).data!.opportunities.totalCount).toBe(2);
    expect((await list(f.gql, { engine: 'openai' })).data!.opportunities.totalCount).toBe(0);
    const paged = await f.gql<List>(
      'query ($after: String) { opportunities(first: 1, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } statusCounts { status count } totalCount } }',
    );
    expect(paged.data!.opportunities.pageInfo.hasNextPage).toBe(true);
    const next = await f.gql<List>(
      'query ($after: String) { opportunities(first: 1, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } statusCounts { status count } totalCount } }',
      { after: paged.data!.opportunities.pageInfo.endCursor },
    );
    expect(next.data!.opportunities.edges.map((e) => e.node.id)).toEqual([citation.id]);
    expect(next.data!.opportunities.pageInfo.hasNextPage).toBe(false);
    const badCursor = await f.gql('{ opportunities(after: "bm9wZQ") { totalCount } }');
    expect(codeOf(badCursor)).toBe('BAD_USER_INPUT');

    // The brand shows up in every answer: the planned one resolves by that run; the dismissed
    // one keeps the person's decision.
    const run3 = await completedRun(f, PRESENT, [{ url: REVIEW }]);
    expect(await analyzeGaps(f, run3)).toMatchObject({ created: 0, resolved: 1 });
    const after = await f.gql<{ opportunity: Opp }>(
      `query ($id: ID!) { opportunity(id: $id) { ${FIELDS} } }`,
      { id: missing.id },
    );
    const resolved = after.data!.opportunity;
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolvedBy: { id: run3 } });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.history.map((h) => [h.from, h.to, h.run?.id ?? null])).toEqual([
      [null, 'NEW', run1],
      ['NEW', 'PLANNED', null],
      ['PLANNED', 'RESOLVED', run3],
    ]);
    const kept = await f.gql<{ opportunity: Opp }>(
      'query ($id: ID!) { opportunity(id: $id) { status } }',
      { id: citation.id },
    );
    expect(kept.data!.opportunity.status).toBe('DISMISSED');

    // The sidebar badge counts open ones; the status page counts this week's moves.
    const nav = await f.gql<{ navigationCounts: { opportunities: number } }>(
      '{ navigationCounts { opportunities } }',
    );
    expect(nav.data!.navigationCounts.opportunities).toBe(0);
    const stats = await f.gql<{
      opportunityStats: {
        weeks: { weekStart: string; opened: number; resolved: number; dismissed: number }[];
        medianHoursToResolve: number | null;
        resolved: number;
      };
    }>(
      'query ($b: ID) { opportunityStats(brandId: $b, weeks: 4) { weeks { weekStart opened resolved dismissed } medianHoursToResolve resolved } }',
      { b: f.brandId },
    );
    const weeks = stats.data!.opportunityStats.weeks;
    expect(weeks).toHaveLength(4);
    expect(weeks.at(-1)).toMatchObject({ opened: 2, resolved: 1, dismissed: 1 });
    expect(weeks.slice(0, 3).every((w) => w.opened + w.resolved + w.dismissed === 0)).toBe(true);
    expect(stats.data!.opportunityStats.resolved).toBe(1);
    expect(stats.data!.opportunityStats.medianHoursToResolve).toBeGreaterThanOrEqual(0);
    const engines = await f.gql<{ opportunityEngines: string[] }>('{ opportunityEngines }');
    expect(engines.data!.opportunityEngines).toEqual([...ENGINES].sort());
  });

  it('another workspace’s opportunity, brand or keyword is NOT_FOUND; analyzeGaps needs a completed run', async () => {
    const a = await seed();
    const run = await completedRun(a, MISSING, [{ url: REVIEW }]);
    await analyzeGaps(a, run);
    const mine = (await list(a.gql, {})).data!.opportunities.edges[0]!.node;

    const b = await signedIn();
    const read = await b.gql<{ opportunity: Opp | null }>(
      'query ($id: ID!) { opportunity(id: $id) { id } }',
      { id: mine.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.opportunity).toBeNull();
    const moved = await move(b.gql, mine.id, 'PLANNED');
    expect(codeOf(moved)).toBe('NOT_FOUND');
    expect(moved.errors![0]!.message).toBe('Opportunity not found.');
    expect(codeOf(await move(b.gql, 'not-an-id', 'PLANNED'))).toBe('NOT_FOUND');
    expect(codeOf(await list(b.gql, { brandId: a.brandId }))).toBe('NOT_FOUND');
    expect(
      codeOf(
        await b.gql('mutation ($b: ID!) { analyzeGaps(brandId: $b) { id } }', { b: a.brandId }),
      ),
    ).toBe('NOT_FOUND');
    const theirs = (await list(b.gql, {})).data!.opportunities;
    expect(theirs.totalCount).toBe(0);
    expect(theirs.edges).toEqual([]);
    // The mover's workspace still sees it untouched.
    const still = await a.gql<{ opportunity: Opp }>(
      'query ($id: ID!) { opportunity(id: $id) { status } }',
      { id: mine.id },
    );
    expect(still.data!.opportunity.status).toBe('NEW');

    const fresh = await seed();
    const none = await fresh.gql('mutation ($b: ID!) { analyzeGaps(brandId: $b) { id } }', {
      b: fresh.brandId,
    });
    expect(codeOf(none)).toBe('BAD_USER_INPUT');
  });

  it('opportunityCounts gives the counts at once, then after a move; another workspace sees only its own', async () => {
    const f = await seed();
    const run = await completedRun(f, MISSING, [{ url: REVIEW }]);
    await analyzeGaps(f, run);
    const [first] = (await list(f.gql, {})).data!.opportunities.edges.map((e) => e.node);
    const controller = new AbortController();
    const frames = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { opportunityCounts { status count } }',
      {},
      controller.signal,
      { authorization: `Bearer ${f.token}` },
    );
    const asMap = (frame: { data?: unknown }) =>
      Object.fromEntries(
        (
          frame.data as { opportunityCounts: { status: string; count: number }[] }
        ).opportunityCounts.map((c) => [c.status, c.count]),
      );
    const initial = await frames.next();
    expect(asMap(initial.value!)).toMatchObject({ NEW: 2, PLANNED: 0 });
    expect((await move(f.gql, first!.id, 'PLANNED')).errors).toBeUndefined();
    const after = await frames.next();
    expect(asMap(after.value!)).toMatchObject({ NEW: 1, PLANNED: 1 });
    controller.abort();
    await frames.return(undefined);

    const other = await signedIn();
    const theirs = sseSubscribe(
      `${gateway.url}/graphql`,
      'subscription { opportunityCounts { status count } }',
      {},
      new AbortController().signal,
      { authorization: `Bearer ${other.token}` },
    );
    const zero = await theirs.next();
    expect(Object.values(asMap(zero.value!)).every((n) => n === 0)).toBe(true);
    await theirs.return(undefined);
  });
});
