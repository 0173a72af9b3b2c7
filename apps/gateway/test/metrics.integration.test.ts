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

describe('Keyword.matrix and Prompt.history', () => {
  type Cell = {
    engine: string;
    answerId: string | null;
    failed: boolean;
    mentioned: boolean;
    rank: number | null;
    cited: boolean;
    competitors: number;
  };
  type Matrix = {
    run: { id: string; date: string } | null;
    runs: { id: string; date: string; answers: number }[];
    engines: { engine: string; label: string }[];
    rows: { prompt: { id: string; branded: boolean }; cells: Cell[] }[];
  };
  const MATRIX = `matrix(filter: $f, runId: $run) { run { id date } runs { id date answers }
    engines { engine label }
    rows { prompt { id branded } cells { engine answerId failed mentioned rank cited competitors } } }`;

  async function keywords(filter: Record<string, unknown>, runId: string | null = null) {
    const body = await fx.gql<{
      brand: { keywords: { id: string; prompts: { id: string }[]; matrix: Matrix }[] };
    }>(
      `query ($id: ID!, $f: MetricsFilter!, $run: ID) { brand(id: $id) {
         keywords { id prompts { id } ${MATRIX} } } }`,
      { id: fx.brandId, f: filter, run: runId },
    );
    return body;
  }
  async function keyword(keywordId: string, filter: Record<string, unknown>, runId: string) {
    const body = await fx.gql<{ brand: { keyword: { matrix: Matrix } | null } }>(
      `query ($id: ID!, $k: ID!, $f: MetricsFilter!, $run: ID) { brand(id: $id) {
         keyword(id: $k) { ${MATRIX} } } }`,
      { id: fx.brandId, k: keywordId, f: filter, run: runId },
    );
    return body;
  }

  const cellsOf = (m: Matrix, promptId: string) =>
    Object.fromEntries(
      m.rows
        .find((r) => r.prompt.id === promptId)!
        .cells.map(({ engine, mentioned, rank, cited, competitors }) => [
          engine,
          { mentioned, rank, cited, competitors },
        ]),
    );

  it('shows the latest run of the range: mentioned, rank, cited per prompt and engine', async () => {
    const body = await keywords(RANGE);
    expect(body.errors).toBeUndefined();
    const k2 = body.data!.brand.keywords.find((k) => k.id === fx.keywordIds[1])!;
    expect(k2.matrix.run?.date).toBe(D2);
    expect(k2.matrix.runs.map((r) => r.date)).toEqual([D2]);
    expect(k2.matrix.engines.map((e) => e.engine).sort()).toEqual([A, G]);
    const p = k2.prompts.map((x) => x.id);
    // D2 = answers 5…9 of each engine, prompt i ← answer 5 + i.
    expect(cellsOf(k2.matrix, p[0]!)).toEqual({
      [G]: { mentioned: true, rank: 1, cited: true, competitors: 1 },
      [A]: { mentioned: true, rank: 2, cited: false, competitors: 1 },
    });
    expect(cellsOf(k2.matrix, p[2]!)).toEqual({
      [G]: { mentioned: true, rank: 1, cited: false, competitors: 0 },
      [A]: { mentioned: false, rank: null, cited: true, competitors: 1 },
    });
    expect(cellsOf(k2.matrix, p[4]!)).toEqual({
      [G]: { mentioned: false, rank: null, cited: false, competitors: 0 },
      [A]: { mentioned: false, rank: null, cited: false, competitors: 0 },
    });
    // Every asked cell points at its answer; the answers list returns that answer.
    const cell = k2.matrix.rows[0]!.cells.find((c) => c.engine === G)!;
    const answer = await fx.gql<{
      answers: { edges: { node: { id: string; engine: string; prompt: { id: string } } }[] };
    }>(
      `query ($b: ID!, $r: ID!, $p: ID!, $e: String!) { answers(brandId: $b, runId: $r, promptId: $p,
         engine: $e, first: 1) { edges { node { id engine prompt { id } } } } }`,
      { b: fx.brandId, r: k2.matrix.run!.id, p: k2.matrix.rows[0]!.prompt.id, e: G },
    );
    expect(answer.data!.answers.edges[0]!.node).toEqual({
      id: cell.answerId,
      engine: G,
      prompt: { id: k2.matrix.rows[0]!.prompt.id },
    });
  });

  it('agrees with the rollups: mentioned cells ÷ answered cells is the keyword’s mention rate', async () => {
    const body = await keywords({ from: D2, to: D2 });
    const k2 = body.data!.brand.keywords.find((k) => k.id === fx.keywordIds[1])!;
    const asked = k2.matrix.rows.flatMap((r) => r.cells).filter((c) => c.answerId && !c.failed);
    const rollup = await brandField<
      { keywordId: string; answers: number; mentionRate: { value: number } }[]
    >(fx.gql, fx.brandId, 'byKeyword(f) { keywordId answers mentionRate { value } }', {
      from: D2,
      to: D2,
    });
    const k = rollup.data!.brand!.byKeyword!.find((x) => x.keywordId === fx.keywordIds[1])!;
    expect(asked).toHaveLength(k.answers);
    expect(asked.filter((c) => c.mentioned).length / asked.length).toBeCloseTo(
      k.mentionRate.value,
      12,
    );
  });

  it('a run picker: every run of the range, another run on request, a foreign run NOT_FOUND', async () => {
    const wide = { from: PREV[0], to: D2 };
    const body = await keywords(wide);
    const k1 = body.data!.brand.keywords.find((k) => k.id === fx.keywordIds[0])!;
    // k1 was asked on PREV[0] (10 answers) and D1 (10 + the branded prompt's 1).
    expect(k1.matrix.runs.map((r) => [r.date, r.answers])).toEqual([
      [D1, 11],
      [PREV[0], 10],
    ]);
    const older = await keyword(fx.keywordIds[0], wide, k1.matrix.runs[1]!.id);
    expect(older.errors).toBeUndefined();
    const k1Before = older.data!.brand.keyword!;
    expect(k1Before.matrix.run?.date).toBe(PREV[0]);
    expect(k1Before.matrix.rows.flatMap((r) => r.cells).some((c) => c.mentioned)).toBe(false);
    // The branded prompt is a row of the D1 run, marked branded, answered by one engine.
    const branded = k1.matrix.rows.find((r) => r.prompt.branded)!;
    expect(branded.cells.filter((c) => c.answerId).map((c) => c.engine)).toEqual([G]);

    const other = await signedIn();
    for (const runId of [k1.matrix.runs[0]!.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const wrong = await keyword(fx.keywordIds[0], { from: D2, to: D2 }, runId);
      // D2 did not ask k1: its D1 run is not one of k1's runs in that range.
      expect(codeOf(wrong)).toBe('NOT_FOUND');
    }
    const foreign = await other.gql<{ brand: unknown }>(
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { keywords { matrix(filter: $f) { run { id } } } } }`,
      { id: fx.brandId, f: RANGE },
    );
    expect(foreign.data!.brand).toBeNull();
    const otherBrand = await fx.gql<{ brand: { keyword: unknown } }>(
      'query ($id: ID!, $k: ID!) { brand(id: $id) { keyword(id: $k) { id } } }',
      { id: fx.brandId, k: '00000000-0000-4000-8000-000000000000' },
    );
    expect(otherBrand.data!.brand.keyword).toBeNull();
  });

  it('a prompt’s history: one point per run, with rate, interval, rank and citations', async () => {
    type Point = {
      date: string;
      answers: number;
      mentioned: number;
      mentionRate: { value: number; low: number; high: number };
      averageRank: number | null;
      cited: number;
    };
    const read = async (filter: Record<string, unknown>) => {
      const body = await fx.gql<{
        brand: { keywords: { id: string; prompts: { id: string; history: Point[] }[] }[] };
      }>(
        `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { keywords { id prompts { id
           history(filter: $f) { date answers mentioned mentionRate { value low high } averageRank cited } } } } }`,
        { id: fx.brandId, f: filter },
      );
      expect(body.errors).toBeUndefined();
      return body.data!.brand.keywords.find((k) => k.id === fx.keywordIds[0])!.prompts[0]!.history;
    };
    const history = await read({ from: PREV[0], to: D2 });
    expect(history.map(({ mentionRate: _, ...p }) => p)).toEqual([
      { date: PREV[0], answers: 2, mentioned: 0, averageRank: null, cited: 0 },
      // gpt: brand #1 citing northwindcrm.com; claude: brand #2 citing contoso.com.
      { date: D1, answers: 2, mentioned: 2, averageRank: 1.5, cited: 1 },
    ]);
    expect(history[1]!.mentionRate.value).toBe(1);
    // Wilson 2 of 2: [0.3424, 1].
    expect(history[1]!.mentionRate.low).toBeCloseTo(0.3424, 4);
    const gptOnly = await read({ from: PREV[0], to: D2, engines: [G] });
    expect(gptOnly.map((p) => [p.date, p.answers, p.mentioned, p.averageRank])).toEqual([
      [PREV[0], 1, 0, null],
      [D1, 1, 1, 1],
    ]);
    expect(await read({ from: D2, to: D2 })).toEqual([]);
  });

  it('a whole keyword list costs the same statements for 2 keywords as for 3', async () => {
    const Q = `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { keywords { id
      matrix(filter: $f) { run { id } rows { prompt { id } cells { mentioned } } }
      prompts { id history(filter: $f) { mentioned } } } } }`;
    const vars = { id: fx.brandId, f: { from: PREV[0], to: D2 } };
    async function counted() {
      await fx.gql(Q, vars);
      statements = [];
      counting = true;
      const body = await fx.gql<{ brand: { keywords: unknown[] } }>(Q, vars);
      counting = false;
      expect(body.errors).toBeUndefined();
      return { n: statements.length, keywords: body.data!.brand.keywords.length };
    }
    const two = await counted();
    expect(two.keywords).toBe(2);
    const added = await fx.gql(
      'mutation ($b: ID!) { addKeywords(brandId: $b, texts: ["lead scoring"]) { id } }',
      { b: fx.brandId },
    );
    expect(added.errors).toBeUndefined();
    const three = await counted();
    expect(three.keywords).toBe(3);
    expect(three.n).toBe(two.n);
  });
});

describe('Brand.annotations', () => {
  type Annotation = {
    kind: string;
    date: string;
    title: string;
    detail: string | null;
    engine: string | null;
    url: string | null;
    opportunityId: string | null;
  };
  const read = async (filter: Record<string, unknown>) => {
    const body = await brandField<Annotation[]>(
      fx.gql,
      fx.brandId,
      'annotations(f) { kind date title detail engine url opportunityId }',
      filter,
    );
    expect(body.errors).toBeUndefined();
    return body.data!.brand!.annotations!;
  };

  it('served-model changes, published pages and prompt-set changes, each on its local day', async () => {
    const [d1Run] = await handle.execute<{ id: string }>(sql`
      select id from runs where brand_id = ${fx.brandId}
         and started_at = ${`${D1}T10:00:00Z`}::timestamptz`);
    await handle.execute(sql`
      insert into served_model_changes (workspace_id, brand_id, engine, previous_model, served_model, run_id)
      values (${fx.workspaceId}, ${fx.brandId}, ${G}, 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20', ${d1Run!.id})`);
    // A published page: published_items → drafts → orders → opportunities.brand_id. 23:30 UTC on
    // D2 is already the next day in Berlin.
    const [opp] = await handle.execute<{ id: string }>(sql`
      insert into opportunities (workspace_id, brand_id, type, title, impact, status)
      values (${fx.workspaceId}, ${fx.brandId}, 'missing_mention', 'Get into best CRM lists', 60,
              'PUBLISHED') returning id`);
    // Items with nothing to read (FAILED), so no later file's reconciler fetches blog.example.
    for (const [n, at] of [
      [1, `${D2}T12:00:00Z`],
      [2, `${D2}T23:30:00Z`],
    ] as const) {
      const [order] = await handle.execute<{ id: string }>(sql`
        insert into orders (workspace_id, opportunity_id, status)
        values (${fx.workspaceId}, ${opp!.id}, 'DRAFT_READY') returning id`);
      const [draft] = await handle.execute<{ id: string }>(sql`
        insert into drafts (workspace_id, order_id, title, body, status)
        values (${fx.workspaceId}, ${order!.id}, ${`Best CRM ${n}`}, 'text', 'PUBLISHED') returning id`);
      await handle.execute(sql`
        insert into published_items (workspace_id, draft_id, wp_post_id, url, published_at,
                                     ingest_status)
        values (${fx.workspaceId}, ${draft!.id}, ${n}, ${`https://blog.example/best-crm-${n}`},
                ${at}::timestamptz, 'FAILED')`);
    }
    expect(await read(RANGE)).toEqual([
      {
        kind: 'SERVED_MODEL',
        date: D1,
        title: 'Local ChatGPT-style (offline) now serves gpt-4o-2024-11-20',
        detail: 'was gpt-4o-2024-08-06',
        engine: G,
        url: null,
        opportunityId: null,
      },
      {
        kind: 'PUBLISHED',
        date: D2,
        title: 'Published “Best CRM 1”',
        detail: 'https://blog.example/best-crm-1',
        engine: null,
        url: 'https://blog.example/best-crm-1',
        opportunityId: opp!.id,
      },
    ]);
    const next = await read({ from: '2026-11-12', to: '2026-11-12' });
    expect(next.map((a) => a.title)).toEqual(['Published “Best CRM 2”']);
  });

  it('records prompt-set changes made through the API', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(),
    );
    const span = { from: today, to: today };
    const before = (await read(span)).filter((a) => a.kind === 'PROMPT_SET').length;
    const brand = await fx.gql<{
      brand: { keywords: { id: string; prompts: { id: string }[] }[] };
    }>('query ($id: ID!) { brand(id: $id) { keywords { id prompts { id } } } }', {
      id: fx.brandId,
    });
    const k2 = brand.data!.brand.keywords.find((k) => k.id === fx.keywordIds[1])!;
    const promptId = k2.prompts[4]!.id;
    const set = (active: boolean) =>
      fx.gql('mutation ($id: ID!, $a: Boolean!) { setPromptActive(id: $id, active: $a) { id } }', {
        id: promptId,
        a: active,
      });
    expect((await set(false)).errors).toBeUndefined();
    expect((await set(false)).errors).toBeUndefined(); // no change, nothing recorded
    expect((await set(true)).errors).toBeUndefined();
    const added = await fx.gql(
      'mutation ($k: ID!) { addPrompts(keywordId: $k, texts: ["Which CRM suits a small bakery?"]) { id } }',
      { k: fx.keywordIds[1] },
    );
    expect(added.errors).toBeUndefined();
    const after = (await read(span)).filter((a) => a.kind === 'PROMPT_SET').slice(before);
    expect(after.map((a) => [a.date, a.title, a.detail])).toEqual([
      [today, 'Prompts changed: 1 deactivated', 'keyword “sales pipeline”'],
      [today, 'Prompts changed: 1 activated', 'keyword “sales pipeline”'],
      [today, 'Prompts changed: 1 added', 'keyword “sales pipeline”'],
    ]);
    // The range before today holds none of them.
    expect((await read(RANGE)).some((a) => a.kind === 'PROMPT_SET')).toBe(false);
  });
});

describe('recentRuns (dashboard)', () => {
  it('open runs first, then the latest finished; scoped to the workspace; first checked', async () => {
    const [open] = await handle.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at, created_at)
      values (${fx.workspaceId}, ${fx.brandId}, 'manual', 'RUNNING', 10, 0,
              ${`${PREV[0]}T09:00:00Z`}::timestamptz, ${`${PREV[0]}T09:00:00Z`}::timestamptz)
      returning id`);
    const Q = `query ($n: Int) { recentRuns(first: $n) { id status total brand { id } } }`;
    const body = await fx.gql<{
      recentRuns: { id: string; status: string; total: number; brand: { id: string } }[];
    }>(Q, { n: 3 });
    expect(body.errors).toBeUndefined();
    const runs = body.data!.recentRuns;
    expect(runs).toHaveLength(3);
    // Older than every finished run, yet first: it is still running.
    expect(runs[0]).toEqual({
      id: open!.id,
      status: 'RUNNING',
      total: 10,
      brand: { id: fx.brandId },
    });
    expect(runs.slice(1).map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    await handle.execute(sql`update runs set status = 'FAILED', error = 'Cancelled',
                               finished_at = now() where id = ${open!.id}`);
    expect(codeOf(await fx.gql(Q, { n: 0 }))).toBe('BAD_USER_INPUT');
    const other = await signedIn();
    const theirs = await other.gql<{ recentRuns: unknown[] }>(Q, { n: 50 });
    expect(theirs.data!.recentRuns).toEqual([]);
  });
});

describe('lastDays: each brand’s own today', () => {
  // UTC+14 and UTC−11 are 25 hours apart, so their calendar days differ at any moment: one
  // from–to can hold the "today" of at most one of them, while lastDays: 1 holds both.
  const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const;

  it('a run of right now counts on both brands in one dashboard read', async () => {
    const { gql, workspaceId } = await signedIn();
    const brands: { id: string; zone: string }[] = [];
    for (const [i, zone] of ZONES.entries()) {
      const body = await gql<{
        createBrand: { id: string; keywords: { prompts: { id: string; text: string }[] }[] };
      }>(
        `mutation ($input: BrandInput!) { createBrand(input: $input) {
           id keywords { prompts { id text } } } }`,
        {
          input: baseInput({
            name: `Zone brand ${i}`,
            domains: [`zone${i}-crm.com`],
            aliases: [],
            keywords: ['CRM software'],
            schedule: { cadence: 'DAILY', hour: 7, timezone: zone },
          }),
        },
      );
      expect(body.errors).toBeUndefined();
      const brand = body.data!.createBrand;
      const prompt = brand.keywords[0]!.prompts[0]!;
      await handle.transaction(async (tx) => {
        const [run] = await tx.execute<{ id: string }>(sql`
          insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at)
          values (${workspaceId}, ${brand.id}, 'manual', 'RUNNING', 1, 1, now()) returning id`);
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text)
          values (${workspaceId}, ${run!.id}, ${prompt.id}, ${prompt.text}, ${G}, 'an answer')
          returning id`);
        await tx.execute(sql`
          insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                first_offset, sentiment)
          values (${workspaceId}, ${answer!.id}, 'brand', ${brand.id}, ${`Zone brand ${i}`}, 1,
                  0, 0)`);
        await writeDailyRollups(tx, run!.id);
        await tx.execute(sql`update runs set status = 'COMPLETED', finished_at = now()
                              where id = ${run!.id}`);
      });
      brands.push({ id: brand.id, zone });
    }

    const read = async (filter: Record<string, unknown>) => {
      const body = await gql<{ brands: { id: string; metrics: { answers: number } }[] }>(
        'query ($f: MetricsFilter!) { brands { id metrics(filter: $f) { answers } } }',
        { f: filter },
      );
      expect(body.errors).toBeUndefined();
      return brands.map((b) => body.data!.brands.find((x) => x.id === b.id)!.metrics.answers);
    };
    expect(await read({ lastDays: 1 })).toEqual([1, 1]);
    // The old way, one calendar day for all: the same run counts on one brand only.
    const counted = [];
    for (const b of brands) {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: b.zone }).format(new Date());
      counted.push(await read({ from: today, to: today }));
    }
    expect(counted.map((c) => c[0]! + c[1]!)).toEqual([1, 1]);
  });

  it('answers a period given twice, or not at all, with BAD_USER_INPUT on lastDays', async () => {
    for (const filter of [{ lastDays: 7, ...RANGE }, {}, { lastDays: 0 }]) {
      const body = await brandField(fx.gql, fx.brandId, 'metrics(f) { answers }', filter);
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(body))).toContain('lastDays');
    }
    const half = await brandField(fx.gql, fx.brandId, 'metrics(f) { answers }', { from: D1 });
    expect(Object.keys(fieldsOf(half))).toContain('to');
  });
});
