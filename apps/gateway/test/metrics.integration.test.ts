import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadAnalyzedAnswers } from '@lumen/db/repositories/analyzed-answer.repository';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { computeMetrics } from '@lumen/domain/metrics/compute-metrics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, fieldsOf, signUp } from './brand-helpers';

// The metrics API on a small fixture whose every number is worked out by hand below. The test
// writes what a run stores (answers, mentions, citations), then lets the worker's own rollup step
// (`writeDailyRollups`) turn each day into metric_snapshots, so the API is checked against the
// real rollups, and once more against metrics recomputed from the raw answers.

let gateway: RunningGateway;
let handle: Database;
let counting = false;
let statements: string[] = [];

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, {
    webDist: null,
    onQuery: (query) => {
      if (counting) statements.push(query);
    },
  });
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

type Gql = ReturnType<typeof client>;
const G = 'local-gpt';
const A = 'local-claude';
const PREV = ['2026-11-08', '2026-11-09'];
const D1 = '2026-11-10';
const D2 = '2026-11-11';
const RANGE = { from: D1, to: D2 };

/**
 * One answer: whether the brand (rank, sentiment) and the competitor (rank) are mentioned, and
 * which domain it cites (one citation at most).
 */
type Spec = {
  brand?: { rank: number; sentiment: number };
  rival?: number;
  cite?: 'own' | 'rival' | 'news';
  branded?: boolean;
};

// Current period, per engine, answers i = 0…9; i < 5 on D1 (keyword 1), i ≥ 5 on D2 (keyword 2).
// local-gpt: brand first (sentiment +0.5) in 0,1,2,5,6,7; rival second in 0,1,5,6; rival alone in
// 3,8; cites own in 0,1,5 and news in 2,3,8.
const gpt: Spec[] = [
  { brand: { rank: 1, sentiment: 0.5 }, rival: 2, cite: 'own' },
  { brand: { rank: 1, sentiment: 0.5 }, rival: 2, cite: 'own' },
  { brand: { rank: 1, sentiment: 0.5 }, cite: 'news' },
  { rival: 1, cite: 'news' },
  {},
  { brand: { rank: 1, sentiment: 0.5 }, rival: 2, cite: 'own' },
  { brand: { rank: 1, sentiment: 0.5 }, rival: 2 },
  { brand: { rank: 1, sentiment: 0.5 } },
  { rival: 1, cite: 'news' },
  {},
];
// local-claude: rival first, brand second (sentiment −0.5) in 0,1,2,5,6, citing the rival's
// domain; rival alone in 3,7,8; 7 cites own.
const claude: Spec[] = [
  { brand: { rank: 2, sentiment: -0.5 }, rival: 1, cite: 'rival' },
  { brand: { rank: 2, sentiment: -0.5 }, rival: 1, cite: 'rival' },
  { brand: { rank: 2, sentiment: -0.5 }, rival: 1, cite: 'rival' },
  { rival: 1 },
  {},
  { brand: { rank: 2, sentiment: -0.5 }, rival: 1, cite: 'rival' },
  { brand: { rank: 2, sentiment: -0.5 }, rival: 1, cite: 'rival' },
  { rival: 1, cite: 'own' },
  { rival: 1 },
  {},
];
// Previous period: per engine 10 answers, the rival alone in half of them, the brand nowhere.
const previous: Spec[] = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? { rival: 1 } : {}));

type Fixture = {
  gql: Gql;
  workspaceId: string;
  brandId: string;
  rivalId: string;
  keywordIds: [string, string];
};

async function signedIn() {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { gql, workspaceId: me.data!.me.workspaces[0]!.id };
}

async function seed(): Promise<Fixture> {
  const { gql, workspaceId } = await signedIn();
  const body = await gql<{
    createBrand: {
      id: string;
      competitors: { id: string }[];
      keywords: { id: string; text: string; prompts: { id: string; text: string }[] }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id competitors { id } keywords { id text prompts { id text } } } }`,
    {
      input: baseInput({
        competitors: [{ name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] }],
        keywords: ['CRM software', 'sales pipeline'],
      }),
    },
  );
  expect(body.errors).toBeUndefined();
  const brand = body.data!.createBrand;
  const [k1, k2] = brand.keywords;
  const rivalId = brand.competitors[0]!.id;
  const [branded] = await handle.execute<{ id: string; text: string }>(sql`
    insert into prompts (workspace_id, brand_id, keyword_id, text, branded, source)
    values (${workspaceId}, ${brand.id}, ${k1!.id}, 'Is Northwind CRM good for startups?', true,
            'manual') returning id, text`);

  const ids = { workspaceId, brandId: brand.id, rivalId };
  // Each day is one run; i picks the prompt (5 per keyword) and the keyword by day.
  const days: [string, { id: string; text: string }[], [string, Spec[]][]][] = [
    [
      PREV[0]!,
      k1!.prompts,
      [
        [G, previous.slice(0, 5)],
        [A, previous.slice(0, 5)],
      ],
    ],
    [
      PREV[1]!,
      k2!.prompts,
      [
        [G, previous.slice(5)],
        [A, previous.slice(5)],
      ],
    ],
    [
      D1,
      k1!.prompts,
      [
        [G, gpt.slice(0, 5)],
        [A, claude.slice(0, 5)],
      ],
    ],
    [
      D2,
      k2!.prompts,
      [
        [G, gpt.slice(5)],
        [A, claude.slice(5)],
      ],
    ],
  ];
  for (const [day, prompts, engines] of days) {
    const extra: [string, { id: string; text: string }[], Spec[]][] =
      day === D1
        ? [[G, [branded!], [{ brand: { rank: 1, sentiment: 1 }, cite: 'own', branded: true }]]]
        : [];
    await runOfDay(ids, day, [
      ...engines.map(([engine, specs]) => [engine, prompts, specs] as const),
      ...extra,
    ]);
  }
  return { gql, workspaceId, brandId: brand.id, rivalId, keywordIds: [k1!.id, k2!.id] };
}

async function runOfDay(
  ids: { workspaceId: string; brandId: string; rivalId: string },
  day: string,
  parts: readonly (readonly [string, { id: string; text: string }[], Spec[]])[],
) {
  await handle.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at)
      values (${ids.workspaceId}, ${ids.brandId}, 'manual', 'RUNNING', 0, 0,
              ${`${day}T10:00:00Z`}::timestamptz) returning id`);
    for (const [engine, prompts, specs] of parts) {
      for (const [i, s] of specs.entries()) {
        const prompt = prompts[i]!;
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text)
          values (${ids.workspaceId}, ${run!.id}, ${prompt.id}, ${prompt.text}, ${engine},
                  'an answer') returning id`);
        const a = answer!.id;
        if (s.brand) {
          await tx.execute(sql`
            insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                  first_offset, sentiment)
            values (${ids.workspaceId}, ${a}, 'brand', ${ids.brandId}, 'Northwind CRM',
                    ${s.brand.rank}, ${s.brand.rank * 10}, ${s.brand.sentiment})`);
        }
        if (s.rival) {
          await tx.execute(sql`
            insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                  first_offset, sentiment)
            values (${ids.workspaceId}, ${a}, 'competitor', ${ids.rivalId}, 'Contoso CRM',
                    ${s.rival}, ${s.rival * 10}, 0)`);
        }
        if (s.cite) {
          const [domain, owner, entityId] =
            s.cite === 'own'
              ? ['northwindcrm.com', 'own', ids.brandId]
              : s.cite === 'rival'
                ? ['contoso.com', 'competitor', ids.rivalId]
                : ['news.example', 'third_party', null];
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

const CORE = `answers score mentionRate { value low high } positionWeighted shareOfVoice
  citationRate averageRank sentiment`;
const CHANGE = `change { score mentionRate verdict previousScore previousAnswers
  previousMentionRate { value } }`;

type Core = {
  answers: number;
  score: number;
  mentionRate: { value: number; low: number; high: number };
  positionWeighted: number;
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  sentiment: number | null;
  change?: {
    score: number;
    mentionRate: number;
    verdict: string;
    previousScore: number;
    previousAnswers: number;
  } | null;
};

async function brandField<T>(
  gql: Gql,
  brandId: string,
  field: string,
  filter: Record<string, unknown>,
  extraArgs = '',
) {
  const body = await gql<{ brand: Record<string, T> | null }>(
    `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { ${field.replace('(f)', `(filter: $f${extraArgs})`)} } }`,
    { id: brandId, f: filter },
  );
  return body;
}

let fx: Fixture;
beforeAll(async () => {
  fx = await seed();
}, 60_000);

describe('Brand.metrics', () => {
  it('matches the hand-computed numbers over both days and engines', async () => {
    const body = await brandField<Core>(
      fx.gql,
      fx.brandId,
      `metrics(f) { ${CORE} ${CHANGE} }`,
      RANGE,
    );
    expect(body.errors).toBeUndefined();
    const m = body.data!.brand!.metrics!;
    // 20 answers; the brand in 6 (gpt) + 5 (claude) = 11.
    expect(m.answers).toBe(20);
    expect(m.mentionRate.value).toBeCloseTo(11 / 20, 12);
    // Wilson 11 of 20: [0.3421, 0.7418].
    expect(m.mentionRate.low).toBeCloseTo(0.3421, 4);
    expect(m.mentionRate.high).toBeCloseTo(0.7418, 4);
    // Σ 1/rank = 6 × 1 + 5 × ½ = 8.5 over 20 answers.
    expect(m.positionWeighted).toBeCloseTo(8.5 / 20, 12);
    // Answers naming the rival: gpt 4 + 2, claude 5 + 3 = 14; brand 11 → 11 / 25.
    expect(m.shareOfVoice).toBeCloseTo(11 / 25, 12);
    // Answers with a citation: gpt 6, claude 6; citing northwindcrm.com: gpt 3, claude 1.
    expect(m.citationRate).toBeCloseTo(4 / 12, 12);
    // Ranks 6 × 1 + 5 × 2 over 11.
    expect(m.averageRank).toBeCloseTo(16 / 11, 12);
    // Mean sentiment (6 × 0.5 − 5 × 0.5) / 11 → 50 + 50 × 0.0454…
    expect(m.sentiment).toBeCloseTo(50 + 50 * (0.5 / 11), 10);
    // round(100 × (0.4 × 0.55 + 0.3 × 0.425 + 0.15 × ⅓ + 0.15 × 0.44)) = round(46.35)
    expect(m.score).toBe(46);
    // Before: 20 answers, the brand in none; 0 of 20 reaches 0.1611 < 0.3421 → moved up.
    expect(m.change).toEqual({
      score: 46,
      mentionRate: expect.closeTo(0.55, 12),
      verdict: 'MOVED_UP',
      previousScore: 0,
      previousAnswers: 20,
      previousMentionRate: { value: 0 },
    });
  });

  it('agrees with metrics recomputed from the raw answers', async () => {
    const stored = await loadAnalyzedAnswers(
      handle,
      sql`r.brand_id = ${fx.brandId} and r.status = 'COMPLETED'
          and (r.started_at at time zone 'Europe/Berlin')::date between ${D1}::date and ${D2}::date`,
    );
    for (const includeBranded of [false, true]) {
      const direct = computeMetrics(
        stored.map((a) => ({ ...a, promptId: a.promptId ?? a.promptText })),
        { brandId: fx.brandId, includeBranded },
      );
      const body = await brandField<Core>(fx.gql, fx.brandId, `metrics(f) { ${CORE} }`, {
        ...RANGE,
        includeBranded,
      });
      const { byEngine: _, ...headline } = direct;
      expect(body.data!.brand!.metrics).toEqual({
        ...headline,
        mentionRate: { ...headline.mentionRate },
      });
      const engines = await brandField<(Core & { engine: string })[]>(
        fx.gql,
        fx.brandId,
        `byEngine(f) { engine ${CORE} }`,
        { ...RANGE, includeBranded },
      );
      expect(engines.data!.brand!.byEngine).toEqual(
        Object.entries(direct.byEngine).map(([engine, m]) => ({ engine, ...m })),
      );
    }
  });

  it('branded prompts stay out unless asked for', async () => {
    const body = await brandField<Core>(
      fx.gql,
      fx.brandId,
      `metrics(f) { answers mentionRate { value } }`,
      {
        ...RANGE,
        includeBranded: true,
      },
    );
    expect(body.data!.brand!.metrics).toEqual({ answers: 21, mentionRate: { value: 12 / 21 } });
  });

  it('filters by engine and keyword', async () => {
    const gptOnly = await brandField<Core>(fx.gql, fx.brandId, `metrics(f) { ${CORE} }`, {
      ...RANGE,
      engines: [G],
    });
    // gpt alone: MR 6/10, PW 0.6, SoV 6/12, CR 3/6, rank 1, sentiment 75
    // score round(100 × (0.24 + 0.18 + 0.075 + 0.075)) = 57
    expect(gptOnly.data!.brand!.metrics).toMatchObject({
      answers: 10,
      mentionRate: { value: 0.6 },
      positionWeighted: 0.6,
      shareOfVoice: 0.5,
      citationRate: 0.5,
      averageRank: 1,
      sentiment: 75,
      score: 57,
    });
    const k2 = await brandField<Core>(
      fx.gql,
      fx.brandId,
      `metrics(f) { answers mentionRate { value } }`,
      {
        ...RANGE,
        keywordIds: [fx.keywordIds[1]],
      },
    );
    // Keyword 2 is D2: gpt 5,6,7 and claude 5,6 → 5 of 10.
    expect(k2.data!.brand!.metrics).toEqual({ answers: 10, mentionRate: { value: 0.5 } });
    const both = await brandField<Core>(
      fx.gql,
      fx.brandId,
      `metrics(f) { answers mentionRate { value } }`,
      {
        ...RANGE,
        engines: [A],
        keywordIds: [fx.keywordIds[0]],
      },
    );
    expect(both.data!.brand!.metrics).toEqual({ answers: 5, mentionRate: { value: 0.6 } });
    const none = await brandField<Core>(
      fx.gql,
      fx.brandId,
      `metrics(f) { answers score change { verdict } }`,
      {
        from: '2026-10-01',
        to: '2026-10-31',
      },
    );
    expect(none.data!.brand!.metrics).toEqual({ answers: 0, score: 0, change: null });
  });

  it('answers bad filters with BAD_USER_INPUT and a field', async () => {
    for (const [filter, field] of [
      [{ from: D2, to: D1 }, 'to'],
      [{ from: '2020-01-01', to: D2 }, 'from'],
      [{ ...RANGE, keywordIds: ['k1'] }, 'keywordIds.0'],
    ] as const) {
      const body = await brandField(fx.gql, fx.brandId, 'metrics(f) { answers }', filter);
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(body))).toContain(field);
    }
    const body = await brandField(fx.gql, fx.brandId, 'metrics(f) { answers }', {
      from: '2026-02-30',
      to: D2,
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
  });

  it('another workspace’s brand is null, like a missing one', async () => {
    const other = await signedIn();
    const body = await brandField(other.gql, fx.brandId, `metrics(f) { answers }`, RANGE);
    expect(body.errors).toBeUndefined();
    expect(body.data!.brand).toBeNull();
  });
});

describe('Brand.byEngine', () => {
  it('each engine with its change; one moved, one within noise at the interval edge', async () => {
    const body = await brandField<(Core & { engine: string; label: string })[]>(
      fx.gql,
      fx.brandId,
      `byEngine(f) { engine label ${CORE} ${CHANGE} }`,
      RANGE,
    );
    const [claudeRow, gptRow] = body.data!.brand!.byEngine!;
    expect(claudeRow).toMatchObject({
      engine: A,
      answers: 10,
      mentionRate: { value: 0.5 },
      positionWeighted: 0.25,
      shareOfVoice: 5 / 13,
      citationRate: 1 / 6,
      averageRank: 2,
      sentiment: 25,
      // round(100 × (0.2 + 0.075 + 0.025 + 0.15 × 5/13)) = round(35.77)
      score: 36,
      // 0 of 10 reaches 0.2775; 5 of 10 starts at 0.2366: they overlap → noise.
      change: { verdict: 'WITHIN_NOISE', score: 36, previousAnswers: 10 },
    });
    expect(claudeRow!.label).not.toBe(A);
    // 6 of 10 starts at 0.3127 > 0.2775 → moved.
    expect(gptRow).toMatchObject({
      engine: G,
      score: 57,
      change: { verdict: 'MOVED_UP', score: 57 },
    });
  });
});

describe('Brand.trend', () => {
  it('one point per day, empty days included; weeks start on Monday', async () => {
    const days = await brandField<
      { date: string; answers: number; mentionRate: { value: number } }[]
    >(fx.gql, fx.brandId, 'trend(f) { date answers mentionRate { value } }', {
      from: '2026-11-08',
      to: '2026-11-12',
    });
    expect(days.data!.brand!.trend).toEqual([
      { date: '2026-11-08', answers: 10, mentionRate: { value: 0 } },
      { date: '2026-11-09', answers: 10, mentionRate: { value: 0 } },
      { date: '2026-11-10', answers: 10, mentionRate: { value: 0.6 } },
      { date: '2026-11-11', answers: 10, mentionRate: { value: 0.5 } },
      { date: '2026-11-12', answers: 0, mentionRate: { value: 0 } },
    ]);
    const weeks = await brandField<
      { date: string; answers: number; mentionRate: { value: number } }[]
    >(
      fx.gql,
      fx.brandId,
      'trend(f) { date answers mentionRate { value } }',
      { from: '2026-11-08', to: '2026-11-12' },
      ', interval: WEEK',
    );
    // 2026-11-08 is a Sunday (week of Nov 2); the 9th–12th are the week of Monday Nov 9.
    expect(weeks.data!.brand!.trend).toEqual([
      { date: '2026-11-02', answers: 10, mentionRate: { value: 0 } },
      { date: '2026-11-09', answers: 30, mentionRate: { value: 11 / 30 } },
    ]);
  });
});

describe('Brand.byKeyword', () => {
  it('every keyword with its numbers and change', async () => {
    const body = await brandField<
      {
        keywordId: string;
        text: string;
        answers: number;
        mentionRate: { value: number };
        change: { verdict: string } | null;
      }[]
    >(
      fx.gql,
      fx.brandId,
      'byKeyword(f) { keywordId text answers mentionRate { value } change { verdict } }',
      RANGE,
    );
    const rows = body.data!.brand!.byKeyword!;
    expect(rows).toEqual([
      // Keyword 1 (D1): gpt 0,1,2 and claude 0,1,2 → 6 of 10; before 0 of 10 → moved.
      {
        keywordId: fx.keywordIds[0],
        text: 'CRM software',
        answers: 10,
        mentionRate: { value: 0.6 },
        change: { verdict: 'MOVED_UP' },
      },
      {
        keywordId: fx.keywordIds[1],
        text: 'sales pipeline',
        answers: 10,
        mentionRate: { value: 0.5 },
        change: { verdict: 'WITHIN_NOISE' },
      },
    ]);
  });
});

describe('Brand.competitorMetrics', () => {
  it('brand and rival over the same answers, largest share of voice first, per engine', async () => {
    const body = await brandField<
      {
        entityId: string;
        name: string;
        kind: string;
        shareOfVoice: number;
        mentionRate: { value: number };
        averageRank: number | null;
        citationRate: number;
        byEngine: { engine: string; shareOfVoice: number; averageRank: number | null }[];
      }[]
    >(
      fx.gql,
      fx.brandId,
      `competitorMetrics(f) { entityId name kind shareOfVoice mentionRate { value } averageRank
         citationRate byEngine { engine shareOfVoice averageRank } }`,
      RANGE,
    );
    const [rival, brand] = body.data!.brand!.competitorMetrics!;
    // The rival in 14 of 20 answers; ranks gpt 4 × 2 + 2 × 1, claude 8 × 1 → 18 / 14.
    expect(rival).toMatchObject({
      entityId: fx.rivalId,
      name: 'Contoso CRM',
      kind: 'COMPETITOR',
      shareOfVoice: 14 / 25,
      mentionRate: { value: 0.7 },
      averageRank: 18 / 14,
      // contoso.com cited in 5 of 12 answers with citations.
      citationRate: 5 / 12,
      byEngine: [
        { engine: A, shareOfVoice: 8 / 13, averageRank: 1 },
        { engine: G, shareOfVoice: 0.5, averageRank: 10 / 6 },
      ],
    });
    expect(brand).toMatchObject({ entityId: fx.brandId, kind: 'BRAND', shareOfVoice: 11 / 25 });
  });
});

describe('Brand.sources', () => {
  it('cited domains with owner, counts and share', async () => {
    const body = await brandField<unknown[]>(
      fx.gql,
      fx.brandId,
      'sources(f) { domain owner citations answers share }',
      RANGE,
      ', first: 2',
    );
    expect(body.data!.brand!.sources).toEqual([
      { domain: 'contoso.com', owner: 'competitor', citations: 5, answers: 5, share: 5 / 12 },
      { domain: 'northwindcrm.com', owner: 'own', citations: 4, answers: 4, share: 4 / 12 },
    ]);
  });
});

describe('dashboard: every brand with its numbers', () => {
  const DASHBOARD = `query ($w: MetricsFilter!, $m: MetricsFilter!) { brands { id name
    metrics(filter: $w) { score change { verdict } } trend(filter: $m) { date score answers }
    byEngine(filter: $w) { engine change { verdict } } } }`;
  const vars = { w: RANGE, m: { from: PREV[0], to: D2 } };

  async function counted() {
    await fx.gql(DASHBOARD, vars); // warm: workspace known, statements prepared
    statements = [];
    counting = true;
    const body = await fx.gql<{
      brands: { id: string; metrics: { score: number; change: { verdict: string } | null } }[];
    }>(DASHBOARD, vars);
    counting = false;
    expect(body.errors).toBeUndefined();
    return { brands: body.data!.brands, n: statements.length };
  }

  it('reads the numbers of 1 brand and of 3 in the same number of statements', async () => {
    const one = await counted();
    expect(one.brands).toEqual([
      expect.objectContaining({
        id: fx.brandId,
        metrics: { score: 46, change: { verdict: 'MOVED_UP' } },
      }),
    ]);
    await handle.execute(sql`update workspaces set plan = 'business' where id = ${fx.workspaceId}`);
    for (const name of ['Second Brand', 'Third Brand']) {
      const body = await fx.gql(
        `mutation ($input: BrandInput!) { createBrand(input: $input) { id } }`,
        {
          input: baseInput({
            name,
            aliases: [],
            domains: [`${name.split(' ')[0]!.toLowerCase()}.example.com`],
          }),
        },
      );
      expect(body.errors).toBeUndefined();
    }
    const three = await counted();
    expect(three.brands).toHaveLength(3);
    expect(three.brands.filter((b) => b.id !== fx.brandId).map((b) => b.metrics)).toEqual([
      { score: 0, change: null },
      { score: 0, change: null },
    ]);
    // One statement per query shape (the week with its previous week, the month, the engines),
    // whatever the number of brands.
    expect(three.n).toBe(one.n);
  });
});
