import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf, fieldsOf } from './brand-helpers';
import { join, type Person, person, teamWorkspace } from './team-helpers';

// The Sources page's API (docs/sources.md): a brand's cited domains from a real run of the local
// engines, equal to the metrics API's figures, with kinds a workspace can correct, and nothing of
// another workspace reachable.

let gateway: RunningGateway;
let worker: RunningWorker;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(handle);
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  worker = await startWorker(env);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (handle) await closeDb(handle);
});

type Source = {
  domain: string;
  kind: string;
  kindOrigin: string;
  kindRule: string | null;
  citations: number;
  answers: number;
  share: number;
  engines: { engine: string; citations: number; answers: number }[];
  prompts: { text: string; citations: number; engines: string[] }[];
  trend: { day: string; citations: number }[];
};

const SOURCES = `query ($b: ID!, $r: MetricsFilter!, $k: SourceKind) {
  sources(brandId: $b, range: $r, kind: $k) {
    domain kind kindOrigin kindRule citations answers share
    engines { engine citations answers } prompts { text citations engines } trend { day citations }
  } }`;
const SET_KIND = `mutation ($d: String!, $k: SourceKind) {
  setSourceKind(domain: $d, kind: $k) { domain kind kindOrigin kindRule } }`;
const RANGE = { lastDays: 7 };

/** A brand in `workspace` measured once by two local engines; its id. */
async function measuredBrand(owner: Person, workspace: string): Promise<string> {
  const created = await owner.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: baseInput({
        competitors: [{ name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] }],
        keywords: ['CRM software'],
      }),
    },
    workspace,
  );
  expect(created.errors).toBeUndefined();
  const brandId = created.data!.createBrand.id;
  const run = await owner.gql<{ startRun: { id: string } }>(
    'mutation ($b: ID!) { startRun(brandId: $b) { id } }',
    { b: brandId },
    workspace,
  );
  expect(run.errors).toBeUndefined();
  for (;;) {
    const [row] = await handle.execute<{ status: string }>(
      sql`select status from runs where id = ${run.data!.startRun.id}`,
    );
    if (row?.status === 'COMPLETED') return brandId;
    if (row?.status === 'FAILED') throw new Error('the run failed');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('sources', () => {
  it('lists the cited domains with the metrics API’s figures, who cites them, and their kinds', async () => {
    const owner = await person(gateway, 'sources');
    const w = await teamWorkspace(owner, 'Sources team');
    const brandId = await measuredBrand(owner, w);

    const res = await owner.gql<{ sources: Source[] }>(SOURCES, { b: brandId, r: RANGE }, w);
    expect(res.errors).toBeUndefined();
    const sources = res.data!.sources;
    expect(sources.length).toBeGreaterThan(1);

    // The same figures as the brand's metrics (one set of rollups behind both).
    const metrics = await owner.gql<{
      brand: { sources: { domain: string; citations: number; answers: number; share: number }[] };
    }>(
      'query ($b: ID!, $r: MetricsFilter!) { brand(id: $b) { sources(filter: $r, first: 100) { domain citations answers share } } }',
      { b: brandId, r: RANGE },
      w,
    );
    expect(
      sources.map(({ domain, citations, answers, share }) => ({
        domain,
        citations,
        answers,
        share,
      })),
    ).toEqual(metrics.data!.brand.sources);
    const total = sources.reduce((n, s) => n + s.citations, 0);
    for (const s of sources) {
      expect(s.share).toBeCloseTo(s.citations / total, 10);
      // Per engine and per day, the citations add up to the domain's.
      expect(s.engines.reduce((n, e) => n + e.citations, 0)).toBe(s.citations);
      expect(s.trend.reduce((n, d) => n + d.citations, 0)).toBe(s.citations);
      expect(s.prompts.length).toBeGreaterThan(0);
      expect(s.prompts.length).toBeLessThanOrEqual(5);
    }

    // The prompts behind the most cited domain, counted from the stored citations.
    const top = sources[0]!;
    const counted = await handle.execute<{ text: string; n: number }>(sql`
      select a.prompt_text as text, count(*)::int as n
        from citations c join answers a on a.id = c.answer_id join runs r on r.id = a.run_id
       where r.brand_id = ${brandId} and c.domain = ${top.domain}
       group by a.prompt_text order by n desc, a.prompt_text limit 5`);
    expect(top.prompts.map((p) => ({ text: p.text, n: p.citations }))).toEqual(counted);

    // The place filter applies to shares and prompts alike: the brand's answers were asked in
    // English, so a German filter finds none and an English one finds them all.
    const german = await owner.gql<{ sources: Source[] }>(
      SOURCES,
      { b: brandId, r: { ...RANGE, language: 'de' } },
      w,
    );
    expect(german.data!.sources).toEqual([]);
    const english = await owner.gql<{ sources: Source[] }>(
      SOURCES,
      { b: brandId, r: { ...RANGE, language: 'en' } },
      w,
    );
    expect(english.data!.sources).toEqual(sources);

    // Every kind comes with where it came from; a kind filter keeps only that kind.
    for (const s of sources) expect(s.kindOrigin).not.toBe('CORRECTION');
    const kinds = [...new Set(sources.map((s) => s.kind))];
    for (const kind of kinds) {
      const only = await owner.gql<{ sources: Source[] }>(
        SOURCES,
        { b: brandId, r: RANGE, k: kind },
        w,
      );
      expect(only.data!.sources.map((s) => s.domain)).toEqual(
        sources.filter((s) => s.kind === kind).map((s) => s.domain),
      );
    }

    // A correction, given as a URL, wins for the domain and is logged; removing it restores the
    // classifier's own kind.
    const target = sources.find((s) => s.kind !== 'UGC')!;
    const set = await owner.gql<{ setSourceKind: Omit<Source, 'citations'> }>(
      SET_KIND,
      { d: `https://www.${target.domain}/some/page?x=1`, k: 'UGC' },
      w,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setSourceKind).toEqual({
      domain: target.domain,
      kind: 'UGC',
      kindOrigin: 'CORRECTION',
      kindRule: target.domain,
    });
    const corrected = await owner.gql<{ sources: Source[] }>(SOURCES, { b: brandId, r: RANGE }, w);
    const after = corrected.data!.sources.find((s) => s.domain === target.domain)!;
    expect([after.kind, after.kindOrigin]).toEqual(['UGC', 'CORRECTION']);
    const logged = await handle.execute<{ kind: string; data: { kind: unknown } }>(sql`
      select kind, data from activity_log where workspace_id = ${w} and kind = 'source.kind_set'`);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.data.kind).toEqual({ from: null, to: 'ugc' });

    const cleared = await owner.gql<{ sources: Source[] }>(
      `mutation ($d: String!) { setSourceKind(domain: $d, kind: null) { domain } }`,
      { d: target.domain },
      w,
    );
    expect(cleared.errors).toBeUndefined();
    const back = await owner.gql<{ sources: Source[] }>(SOURCES, { b: brandId, r: RANGE }, w);
    const restored = back.data!.sources.find((s) => s.domain === target.domain)!;
    expect([restored.kind, restored.kindOrigin, restored.kindRule]).toEqual([
      target.kind,
      target.kindOrigin,
      target.kindRule,
    ]);

    // A domain's correction covers its subdomains: setting and then clearing one on a
    // subdomain answers with the parent's correction, the one that now applies.
    const parent = await owner.gql(SET_KIND, { d: target.domain, k: 'REFERENCE' }, w);
    expect(parent.errors).toBeUndefined();
    const sub = `blog.${target.domain}`;
    const own = await owner.gql<{ setSourceKind: Omit<Source, 'citations'> }>(
      SET_KIND,
      { d: sub, k: 'EDITORIAL' },
      w,
    );
    expect(own.data!.setSourceKind).toEqual({
      domain: sub,
      kind: 'EDITORIAL',
      kindOrigin: 'CORRECTION',
      kindRule: sub,
    });
    const inherited = await owner.gql<{ setSourceKind: Omit<Source, 'citations'> }>(
      SET_KIND,
      { d: sub, k: null },
      w,
    );
    expect(inherited.data!.setSourceKind).toEqual({
      domain: sub,
      kind: 'REFERENCE',
      kindOrigin: 'CORRECTION',
      kindRule: target.domain,
    });
  }, 180_000);

  it('lets every role read and editors correct, refuses bad domains, and keeps workspaces apart', async () => {
    const owner = await person(gateway, 'sources-owner');
    const w = await teamWorkspace(owner, 'Sources roles');
    const brandId = await measuredBrand(owner, w);
    const viewer = await person(gateway, 'sources-viewer');
    await join(owner, w, viewer, 'VIEWER');
    const member = await person(gateway, 'sources-member');
    await join(owner, w, member, 'MEMBER');

    const read = await viewer.gql<{ sources: Source[] }>(SOURCES, { b: brandId, r: RANGE }, w);
    expect(read.errors).toBeUndefined();
    const domain = read.data!.sources[0]!.domain;
    expect(codeOf(await viewer.gql(SET_KIND, { d: domain, k: 'EDITORIAL' }, w))).toBe('FORBIDDEN');
    const byMember = await member.gql(SET_KIND, { d: domain, k: 'EDITORIAL' }, w);
    expect(byMember.errors).toBeUndefined();

    for (const bad of ['', 'not a domain', 'localhost', `${'a'.repeat(250)}.com`]) {
      const refused = await member.gql(SET_KIND, { d: bad, k: 'UGC' }, w);
      expect(codeOf(refused), bad).toBe('BAD_USER_INPUT');
      expect(fieldsOf(refused).domain).toBe('Enter a domain such as g2.com, or a URL on it.');
    }

    // Another workspace: the brand is not found, however its id is asked for, and its own
    // correction of the same domain changes nothing here.
    const stranger = await person(gateway, 'sources-stranger');
    for (const id of [brandId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await stranger.gql(SOURCES, { b: id, r: RANGE });
      expect(codeOf(res), id).toBe('NOT_FOUND');
    }
    expect((await stranger.gql(SET_KIND, { d: domain, k: 'REFERENCE' })).errors).toBeUndefined();
    const mine = await owner.gql<{ sources: Source[] }>(SOURCES, { b: brandId, r: RANGE }, w);
    const still = mine.data!.sources.find((s) => s.domain === domain)!;
    expect([still.kind, still.kindOrigin]).toEqual(['EDITORIAL', 'CORRECTION']);
  }, 180_000);
});
