import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf } from './brand-helpers';
import { type ReportFixture, seedReportBrand } from './report-fixture';
import { join, type Person, person } from './team-helpers';

// The agency view (docs/reports.md, "Agency view") through the running gateway: a person in two
// client workspaces sees both workspaces' brands with the numbers `Brand.metrics` gives them,
// and never a workspace they are not a member of; its reads do not grow with the brands.

let gateway: RunningGateway;
let db: Database;
let counting = false;
let statements: string[] = [];
let clientA: ReportFixture;
let clientB: ReportFixture;
let outsider: ReportFixture;
let agent: Person;

const PREVIOUS = ['2026-10-29', '2026-10-30', '2026-10-31'];
const CURRENT = ['2026-11-01', '2026-11-02', '2026-11-03'];
const RANGE = { from: CURRENT[0]!, to: CURRENT[2]! };

const OVERVIEW = `query ($range: AgencyRange!) { agencyOverview(range: $range) {
  id name role personal
  brands { id name workspaceId from to openOpportunities
    metrics { answers score mentionRate { value low high }
      change { score mentionRate verdict previousScore } } } } }`;

type Overview = {
  agencyOverview: {
    id: string;
    name: string;
    role: string;
    personal: boolean;
    brands: {
      id: string;
      name: string;
      workspaceId: string;
      from: string;
      to: string;
      openOpportunities: number;
      metrics: Record<string, unknown>;
    }[];
  }[];
};

/** The fixture's owner as a Person that can invite (join only needs its gql). */
const ownerOf = (f: ReportFixture) => ({ gql: f.gql }) as unknown as Person;

async function renameWorkspace(f: ReportFixture, name: string) {
  await db.execute(sql`update workspaces set name = ${name} where id = ${f.workspaceId}`);
}

async function opportunities(f: ReportFixture, statuses: string[]) {
  for (const [i, status] of statuses.entries()) {
    await db.execute(sql`
      insert into opportunities (workspace_id, brand_id, type, title, impact, status)
      values (${f.workspaceId}, ${f.brandId}, 'missing_mention', ${`Gap ${i}`}, 50, ${status})`);
  }
}

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, {
    webDist: null,
    onQuery: (query) => {
      if (counting) statements.push(query);
    },
  });
  const days = { previous: PREVIOUS, current: CURRENT };
  const names = (brand: string, slug: string) => ({
    brand,
    domain: `${slug}.com`,
    rival: `${brand} Rival`,
    rivalDomain: `${slug}-rival.com`,
    news: `${slug}-news.example`,
  });
  clientA = await seedReportBrand(gateway, db, names('Harbourline Foods', 'harbourline'), days);
  clientB = await seedReportBrand(gateway, db, names('Kestrel Outdoor', 'kestrel'), days);
  outsider = await seedReportBrand(gateway, db, names('Private Outsiderco', 'outsiderco'), days);
  await renameWorkspace(clientA, 'Harbourline (client)');
  await renameWorkspace(clientB, 'Kestrel (client)');
  await opportunities(clientA, ['NEW', 'PLANNED', 'IN_PROGRESS', 'RESOLVED', 'DISMISSED']);
  await opportunities(clientB, ['PUBLISHED']);
  await opportunities(outsider, ['NEW']);
  agent = await person(gateway, 'agency');
  // Roles as an agency has them: a viewer at one client, a member at the other.
  await join(ownerOf(clientA), clientA.workspaceId, agent, 'VIEWER');
  await join(ownerOf(clientB), clientB.workspaceId, agent, 'MEMBER');
});

afterAll(async () => {
  await gateway?.close();
  if (db) await closeDb(db);
});

describe('agency view', () => {
  it('lists every workspace of the person with its brands, and no other workspace', async () => {
    const body = await agent.gql<Overview>(OVERVIEW, { range: RANGE });
    expect(body.errors).toBeUndefined();
    const workspaces = body.data!.agencyOverview;
    expect(
      workspaces.map((w) => [w.name, w.role, w.personal, w.brands.map((b) => b.name)]),
    ).toEqual([
      [expect.any(String), 'OWNER', true, []],
      ['Harbourline (client)', 'VIEWER', false, ['Harbourline Foods']],
      ['Kestrel (client)', 'MEMBER', false, ['Kestrel Outdoor']],
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(outsider.workspaceId);
    expect(text).not.toContain(outsider.brandId);
    expect(text).not.toContain('Outsiderco');
    // Naming the outsider's workspace in the header changes nothing: the view is the person's.
    const header = await agent.gql<Overview>(OVERVIEW, { range: RANGE }, outsider.workspaceId);
    expect(JSON.stringify(header)).not.toContain('Outsiderco');
  });

  it('gives each brand the numbers Brand.metrics gives it, and its open opportunities', async () => {
    const body = await agent.gql<Overview>(OVERVIEW, { range: RANGE });
    const brands = body.data!.agencyOverview.flatMap((w) => w.brands);
    expect(brands).toHaveLength(2);
    for (const brand of brands) {
      const own = await agent.gql<{ brand: { metrics: Record<string, unknown> } }>(
        `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { metrics(filter: $f) {
           answers score mentionRate { value low high }
           change { score mentionRate verdict previousScore } } } }`,
        { id: brand.id, f: RANGE },
        brand.workspaceId,
      );
      expect(own.errors).toBeUndefined();
      expect(brand.metrics).toEqual(own.data!.brand.metrics);
      expect({ from: brand.from, to: brand.to }).toEqual(RANGE);
    }
    // The fixture's mention rate moves beyond noise between the two periods.
    expect(brands[0]!.metrics).toMatchObject({ change: { verdict: 'MOVED_UP' } });
    const open = Object.fromEntries(brands.map((b) => [b.name, b.openOpportunities]));
    // New, planned and in progress are open; published, resolved and dismissed are not.
    expect(open).toEqual({ 'Harbourline Foods': 3, 'Kestrel Outdoor': 0 });
  });

  it('a range without answers has no score change to show', async () => {
    // The week before the fixture's days: nothing measured, so no change to report.
    const body = await agent.gql<Overview>(OVERVIEW, {
      range: { from: '2026-10-20', to: '2026-10-22' },
    });
    for (const b of body.data!.agencyOverview.flatMap((w) => w.brands)) {
      expect(b.metrics).toMatchObject({ answers: 0, change: null });
    }
  });

  it('refuses a bad range with BAD_USER_INPUT and a signed-out request with UNAUTHENTICATED', async () => {
    const bad = await agent.gql(OVERVIEW, { range: { lastDays: 0 } });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const both = await agent.gql(OVERVIEW, { range: { lastDays: 7, from: '2026-11-01' } });
    expect(codeOf(both)).toBe('BAD_USER_INPUT');
    const anonymous = await client(gateway, null)(OVERVIEW, { range: RANGE });
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('leaves a workspace out once the person is no longer a member', async () => {
    const other = await person(gateway, 'leaver');
    await join(ownerOf(clientB), clientB.workspaceId, other, 'MEMBER');
    const before = await other.gql<Overview>(OVERVIEW, { range: RANGE });
    expect(before.data!.agencyOverview.map((w) => w.id)).toContain(clientB.workspaceId);
    await db.execute(
      sql`delete from workspace_members where workspace_id = ${clientB.workspaceId} and user_id = ${other.id}`,
    );
    const after = await other.gql<Overview>(OVERVIEW, { range: RANGE });
    expect(after.data!.agencyOverview.map((w) => w.id)).toEqual([other.personal]);
  });

  it('costs the same statements for 2 brands as for 6 (no read per brand)', async () => {
    const count = async (who: Person) => {
      await who.gql(OVERVIEW, { range: RANGE }); // warm
      statements = [];
      counting = true;
      const body = await who.gql<Overview>(OVERVIEW, { range: RANGE });
      counting = false;
      expect(body.errors).toBeUndefined();
      return { n: statements.length, brands: body.data!.agencyOverview.flatMap((w) => w.brands) };
    };
    const small = await count(agent);
    expect(small.brands).toHaveLength(2);
    // Four more client workspaces, each with a brand.
    const big = await person(gateway, 'bigagency');
    await join(ownerOf(clientA), clientA.workspaceId, big, 'VIEWER');
    await join(ownerOf(clientB), clientB.workspaceId, big, 'VIEWER');
    for (const slug of ['alder', 'birch', 'cedar', 'dogwood']) {
      const more = await seedReportBrand(
        gateway,
        db,
        {
          brand: `${slug} Goods`,
          domain: `${slug}.com`,
          rival: `${slug} Rival`,
          rivalDomain: `${slug}-rival.com`,
          news: `${slug}-news.example`,
        },
        { previous: PREVIOUS.slice(0, 1), current: CURRENT.slice(0, 1) },
      );
      await join(ownerOf(more), more.workspaceId, big, 'MEMBER');
    }
    const large = await count(big);
    expect(large.brands).toHaveLength(6);
    expect(large.n).toBe(small.n);
  });
});
