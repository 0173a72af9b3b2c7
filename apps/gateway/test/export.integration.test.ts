import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// The CSV exports through the running gateway (docs/metrics.md, "Exports"): the columns and
// escaping on a small run, the numbers of the metrics file, scoping, validation and sign-in, and
// 100 000 answers seeded in SQL streamed with the gateway's live heap staying far below the size
// of the file. The gateway runs in this process, so this process's heap is the gateway's.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let gateway: RunningGateway;
let handle: Database;

beforeAll(async () => {
  handle = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
  if (handle) await closeDb(handle);
});

type Owner = {
  token: string;
  workspaceId: string;
  brandId: string;
  rivalId: string;
  keywords: { id: string; prompts: { id: string; text: string }[] }[];
};

async function owner(): Promise<Owner> {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const body = await gql<{
    createBrand: {
      id: string;
      competitors: { id: string }[];
      keywords: { id: string; prompts: { id: string; text: string }[] }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id competitors { id } keywords { id prompts { id text } } } }`,
    {
      input: baseInput({
        competitors: [{ name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] }],
        keywords: ['CRM software', 'sales pipeline'],
      }),
    },
  );
  expect(body.errors).toBeUndefined();
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const brand = body.data!.createBrand;
  return {
    token,
    workspaceId: me.data!.me.workspaces[0]!.id,
    brandId: brand.id,
    rivalId: brand.competitors[0]!.id,
    keywords: brand.keywords,
  };
}

function get(
  path: string,
  token: string | null,
  params: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    for (const value of Array.isArray(v) ? v : [v]) q.append(k, value);
  }
  return fetch(`${gateway.url}${path}?${q}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell).toBe('');
  return rows;
}

const ANSWER_HEADER = [
  'run_date',
  'engine',
  'served_model',
  'prompt',
  'keyword',
  'branded',
  'brand_mentioned',
  'brand_rank',
  'competitors_mentioned',
  'cited_domains',
  'own_domain_cited',
  'sentiment',
  'country',
  'language',
];

describe('CSV exports (small run)', () => {
  let o: Owner;
  const DAY = '2026-11-10';
  const RANGE = { from: DAY, to: DAY };

  beforeAll(async () => {
    o = await owner();
    const k1 = o.keywords[0]!;
    const k2 = o.keywords[1]!;
    await handle.transaction(async (tx) => {
      const [run] = await tx.execute<{ id: string }>(sql`
        insert into runs (workspace_id, brand_id, trigger, status, started_at)
        values (${o.workspaceId}, ${o.brandId}, 'manual', 'RUNNING', ${`${DAY}T10:00:00Z`})
        returning id`);
      const answer = async (
        engine: string,
        prompt: { id: string; text: string },
        text: string,
        promptText = prompt.text,
      ) => {
        const [a] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, served_model,
                               text, error, country, language)
          values (${o.workspaceId}, ${run!.id}, ${prompt.id}, ${promptText}, ${engine},
                  ${`${engine}-v1`}, ${text || null}, ${text ? null : 'timeout'}, 'DE', 'en')
          returning id`);
        return a!.id;
      };
      // gpt: brand 1st (+0.5), rival 2nd, cites own twice and news once, prompt with quotes,
      // a comma, a line break and a formula start.
      const a1 = await answer('local-gpt', k1.prompts[0]!, 'x', '=HYPERLINK("x"), best\nCRM?');
      await tx.execute(sql`
        insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                              first_offset, sentiment)
        values (${o.workspaceId}, ${a1}, 'brand', ${o.brandId}, 'Northwind CRM', 1, 5, 0.5),
               (${o.workspaceId}, ${a1}, 'competitor', ${o.rivalId}, 'Contoso CRM', 2, 40, 0)`);
      await tx.execute(sql`
        insert into citations (workspace_id, answer_id, url, domain, position, owner, entity_id)
        values (${o.workspaceId}, ${a1}, 'https://news.example/a', 'news.example', 1,
                'third_party', null),
               (${o.workspaceId}, ${a1}, 'https://northwindcrm.com/a', 'northwindcrm.com', 2,
                'own', ${o.brandId}),
               (${o.workspaceId}, ${a1}, 'https://northwindcrm.com/b', 'northwindcrm.com', 3,
                'own', ${o.brandId})`);
      // claude: nobody mentioned (keyword 2); another claude answer failed (not exported).
      await answer('local-claude', k2.prompts[0]!, 'y');
      await answer('local-claude', k2.prompts[1]!, '');
      await writeDailyRollups(tx, run!.id);
      await tx.execute(sql`update runs set status = 'COMPLETED' where id = ${run!.id}`);
    });
  });

  it('streams the filtered answers with every column, escaped', async () => {
    const res = await get('/export/answers.csv', o.token, { brandId: o.brandId, ...RANGE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="northwind-crm-answers-${DAY}-${DAY}.csv"`,
    );
    const rows = parseCsv(await res.text());
    expect(rows).toEqual([
      ANSWER_HEADER,
      [
        DAY,
        'local-claude',
        'local-claude-v1',
        o.keywords[1]!.prompts[0]!.text,
        'sales pipeline',
        'false',
        'false',
        '',
        '',
        '',
        'false',
        '',
        'DE',
        'en',
      ],
      [
        DAY,
        'local-gpt',
        'local-gpt-v1',
        `'=HYPERLINK("x"), best\nCRM?`,
        'CRM software',
        'false',
        'true',
        '1',
        'Contoso CRM',
        'news.example; northwindcrm.com',
        'true',
        '75',
        'DE',
        'en',
      ],
    ]);
  });

  it('applies the engine and keyword filters', async () => {
    const byEngine = await get('/export/answers.csv', o.token, {
      brandId: o.brandId,
      ...RANGE,
      engines: 'local-gpt',
    });
    expect(parseCsv(await byEngine.text()).map((r) => r[1])).toEqual(['engine', 'local-gpt']);
    const byKeyword = await get('/export/answers.csv', o.token, {
      brandId: o.brandId,
      ...RANGE,
      keywordIds: [o.keywords[1]!.id],
    });
    expect(parseCsv(await byKeyword.text()).map((r) => r[4])).toEqual([
      'keyword',
      'sales pipeline',
    ]);
    const none = await get('/export/answers.csv', o.token, {
      brandId: o.brandId,
      from: '2026-11-11',
      to: '2026-11-12',
    });
    expect(await none.text()).toBe(`${ANSWER_HEADER.join(',')}\r\n`);
  });

  it('exports the rollups per day and engine', async () => {
    const res = await get('/export/metrics.csv', o.token, { brandId: o.brandId, ...RANGE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="northwind-crm-metrics-${DAY}-${DAY}.csv"`,
    );
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      'date',
      'engine',
      'answers',
      'score',
      'mention_rate',
      'mention_rate_low',
      'mention_rate_high',
      'position_weighted',
      'share_of_voice',
      'citation_rate',
      'average_rank',
      'sentiment',
    ]);
    // claude: 1 answer, nobody mentioned, no citation. gpt: 1 answer, brand 1st of 2, cites own.
    // gpt score = round(100 × (0.40 · 1 + 0.30 · 1 + 0.15 · 1 + 0.15 · 0.5)) = 93.
    expect(
      rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[8], r[9], r[10], r[11]]),
    ).toEqual([
      [DAY, 'local-claude', '1', '0', '0', '0', '0', '', ''],
      [DAY, 'local-gpt', '1', '93', '1', '0.5', '1', '1', '75'],
    ]);
  });

  it('lets a viewer of the workspace export (the member ability)', async () => {
    const token = await signUp(gateway);
    const me = await client(gateway, token)<{ me: { id: string } }>('{ me { id } }');
    await handle.execute(sql`insert into workspace_members (workspace_id, user_id, role)
                              values (${o.workspaceId}, ${me.data!.me.id}, 'viewer')`);
    const asViewer = { 'x-workspace-id': o.workspaceId };
    for (const path of ['/export/answers.csv', '/export/metrics.csv']) {
      const res = await get(path, token, { brandId: o.brandId, ...RANGE }, asViewer);
      expect(res.status).toBe(200);
      expect(parseCsv(await res.text())).toHaveLength(3);
    }
  });

  it('answers 401 without a token, 400 with a bad filter, 404 for a brand elsewhere', async () => {
    const anon = await get('/export/answers.csv', null, { brandId: o.brandId, ...RANGE });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({
      errors: [{ extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const forged = await get('/export/metrics.csv', 'not-a-token', {
      brandId: o.brandId,
      ...RANGE,
    });
    expect(forged.status).toBe(401);

    for (const [params, field, message] of [
      [{ from: DAY, to: '2026-11-01' }, 'to', 'The end comes before the start.'],
      [{ from: '10/11/2026', to: DAY }, 'from', 'Use a calendar day as YYYY-MM-DD.'],
      [{ to: DAY }, 'from', 'Give the first day as YYYY-MM-DD.'],
      [{ from: '2025-01-01', to: DAY }, 'from', 'A range covers at most 400 days.'],
      [{ ...RANGE, keywordIds: 'nope' }, 'keywordIds.0', 'Unknown keyword.'],
      [{ ...RANGE, includeBranded: 'maybe' }, 'includeBranded', 'Use true or false.'],
    ] as const) {
      for (const path of ['/export/answers.csv', '/export/metrics.csv']) {
        const res = await get(path, o.token, { brandId: o.brandId, ...params });
        expect(res.status, `${path} ${JSON.stringify(params)}`).toBe(400);
        const body = (await res.json()) as {
          errors: {
            message: string;
            extensions: { code: string; fields: Record<string, string> };
          }[];
        };
        expect(body.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
        expect(body.errors[0]!.extensions.fields[field]).toBe(message);
      }
    }
    const noBrand = await get('/export/answers.csv', o.token, RANGE);
    expect(noBrand.status).toBe(400);

    const stranger = await signUp(gateway);
    const missing = await get('/export/answers.csv', stranger, {
      brandId: '00000000-0000-4000-8000-000000000000',
      ...RANGE,
    });
    const foreign = await get('/export/answers.csv', stranger, { brandId: o.brandId, ...RANGE });
    const foreignMetrics = await get('/export/metrics.csv', stranger, {
      brandId: o.brandId,
      ...RANGE,
    });
    const malformed = await get('/export/answers.csv', stranger, { brandId: 'x', ...RANGE });
    // Asking in a workspace one is not a member of is the same NOT_FOUND (ids cannot be probed).
    const notMine = await get(
      '/export/answers.csv',
      stranger,
      { brandId: o.brandId, ...RANGE },
      { 'x-workspace-id': o.workspaceId },
    );
    expect(notMine.status).toBe(404);
    expect(await notMine.json()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    const bodies = [];
    for (const res of [missing, foreign, foreignMetrics, malformed]) {
      expect(res.status).toBe(404);
      bodies.push(await res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(
      new Set([
        JSON.stringify({
          errors: [{ message: 'Brand not found.', extensions: { code: 'NOT_FOUND' } }],
        }),
      ]),
    );
  });
});

describe('CSV export of 100 000 answers', () => {
  const ROWS = 100_000;

  it('streams every row while the heap stays far below the file size', async () => {
    const o = await owner();
    const seedStart = performance.now();
    // 10 completed runs on consecutive days × 10 000 answers, two engines, the brand in a third
    // of them, the rival in a quarter, the own domain cited in a fifth.
    await handle.execute(sql`
      insert into runs (workspace_id, brand_id, trigger, status, started_at, finished_at)
      select ${o.workspaceId}, ${o.brandId}, 'scheduled', 'COMPLETED',
             timestamptz '2026-10-01 10:00:00+00' + d * interval '1 day',
             timestamptz '2026-10-01 10:05:00+00' + d * interval '1 day'
        from generate_series(0, 9) d`);
    await handle.execute(sql`
      with p as (select id, text, (row_number() over (order by id) - 1)::int as n,
                        (count(*) over ())::int as c
                   from prompts where brand_id = ${o.brandId}),
           r as (select id from runs where brand_id = ${o.brandId})
      insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, served_model, text)
      select ${o.workspaceId}, r.id, p.id, p.text || ' (variant ' || g || ')',
             case when g % 2 = 0 then 'local-gpt' else 'local-claude' end, 'model-2026', 'answer'
        from r cross join generate_series(0, ${ROWS / 10 - 1}) g
        join p on p.n = g % p.c`);
    await handle.execute(sql`
      insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank, first_offset,
                            sentiment)
      select a.workspace_id, a.id, 'brand'::mention_entity, ${o.brandId}::uuid, 'Northwind CRM', 1, 3,
             0.2
        from answers a join runs r on r.id = a.run_id
       where r.brand_id = ${o.brandId} and substring(a.id::text, 1, 1) in ('0','1','2','3','4')
      union all
      select a.workspace_id, a.id, 'competitor'::mention_entity, ${o.rivalId}::uuid, 'Contoso CRM', 2,
             30, 0
        from answers a join runs r on r.id = a.run_id
       where r.brand_id = ${o.brandId} and substring(a.id::text, 2, 1) in ('0','1','2','3')`);
    await handle.execute(sql`
      insert into citations (workspace_id, answer_id, url, domain, position, owner, entity_id)
      select a.workspace_id, a.id, 'https://northwindcrm.com/p', 'northwindcrm.com', 1, 'own',
             ${o.brandId}
        from answers a join runs r on r.id = a.run_id
       where r.brand_id = ${o.brandId} and substring(a.id::text, 3, 1) in ('0','1','2')`);
    await handle.execute(sql`analyze answers; analyze mentions; analyze citations; analyze runs`);
    const seedMs = performance.now() - seedStart;

    gc();
    const before = process.memoryUsage().heapUsed;
    let peakLive = 0;
    let bytes = 0;
    let lines = 0;
    let sinceGc = 0;
    const started = performance.now();
    const res = await get('/export/answers.csv', o.token, {
      brandId: o.brandId,
      from: '2026-10-01',
      to: '2026-10-10',
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      sinceGc += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
      // Live heap (after a collection) every ~2 MB received: what the export holds, not garbage.
      if (sinceGc > 2 * 1024 * 1024) {
        sinceGc = 0;
        gc();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed - before);
      }
    }
    const ms = performance.now() - started;
    expect(lines).toBe(ROWS + 1);
    // Nothing close to the file is ever held: a tenth of it is a generous bound (a few batches
    // of 1 000 rows and the stream's buffers).
    expect(peakLive).toBeLessThan(bytes / 10);
    console.log(
      `export: ${ROWS} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms.toFixed(0)} ms ` +
        `(${Math.round(ROWS / (ms / 1000))} rows/s); peak live heap growth ` +
        `${(peakLive / 1024 / 1024).toFixed(1)} MB; seeding ${seedMs.toFixed(0)} ms`,
    );

    // A client that goes away mid-file: the cursor is closed and its connection is idle again
    // (not left open inside the export), and the next export still streams every row.
    const aborted = new AbortController();
    const partial = await fetch(
      `${gateway.url}/export/answers.csv?brandId=${o.brandId}&from=2026-10-01&to=2026-10-10`,
      { headers: { authorization: `Bearer ${o.token}` }, signal: aborted.signal },
    );
    const partialReader = partial.body!.getReader();
    expect((await partialReader.read()).done).toBe(false);
    aborted.abort();
    await partialReader.read().catch(() => undefined);
    // Until the query is gone, however long load makes that (the test's timeout bounds it).
    let open = -1;
    for (let i = 0; open !== 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await handle.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
         where state <> 'idle' and query like '%"brandMentioned"%' and pid <> pg_backend_pid()`);
      open = row!.n;
    }
    expect(open).toBe(0);
    const again = await get('/export/answers.csv', o.token, {
      brandId: o.brandId,
      from: '2026-10-01',
      to: '2026-10-01',
    });
    expect((await again.text()).split('\r\n')).toHaveLength(ROWS / 10 + 2);

    // Two downloads of one workspace still running (nothing read): a third waits its turn with
    // 429 RATE_LIMITED and Retry-After; once they are gone a new one streams.
    const whole = { brandId: o.brandId, from: '2026-10-01', to: '2026-10-10' };
    const slow = [await get('/export/answers.csv', o.token, whole)];
    slow.push(await get('/export/answers.csv', o.token, whole));
    for (const res of slow) expect(res.status).toBe(200);
    const third = await get('/export/answers.csv', o.token, whole);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(await third.json()).toMatchObject({
      errors: [{ extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 30 } }],
    });
    // The metrics file holds no cursor and is never queued.
    expect((await get('/export/metrics.csv', o.token, whole)).status).toBe(200);
    for (const res of slow) await res.body!.cancel();
    let status = 0;
    for (let i = 0; status !== 200; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await get('/export/answers.csv', o.token, { ...whole, to: '2026-10-01' });
      status = res.status;
      await res.body?.cancel();
    }
    expect(status).toBe(200);
  }, 180_000);
});
