import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { backfillAnswerPlaces } from '@lumen/db/repositories/place-backfill.repository';
import { loadQueryContext } from '@lumen/db/repositories/run.repository';
import { storedPlace } from '@lumen/domain/places/place';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, codeOf, fieldsOf, signUp } from './brand-helpers';

// Country and language per prompt, and the metrics read per country and language
// (docs/metrics.md, "Country and language"). A German brand whose two prompts of five are set to
// the United Kingdom in English through the API; one run's answers are stored with the place the
// run's own query context gives them, rolled up by the worker's step, and every filtered figure
// is checked against numbers worked out by hand below.

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

type Gql = ReturnType<typeof client>;
const G = 'local-gpt';
const C = 'local-claude';

// Prompts 0–2 ask for Germany in German (the brand's place), 3–4 for the UK in English.
// local-gpt mentions the brand on prompts 0, 1 and 3; local-claude on prompt 2 only.
//   every place: 10 answers, 4 mention     → 40 %
//   German (DE): 6 answers, 3 mention      → 50 %   (gpt 2 of 3, claude 1 of 3)
//   English (GB): 4 answers, 1 mentions    → 25 %   (gpt 1 of 2, claude 0 of 2)
const MENTIONS: Record<string, number[]> = { [G]: [0, 1, 3], [C]: [2] };

async function signedIn() {
  const token = await signUp(gateway);
  const gql = client(gateway, token);
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  return { token, gql, workspaceId: me.data!.me.workspaces[0]!.id };
}

type Fixture = Awaited<ReturnType<typeof signedIn>> & {
  brandId: string;
  prompts: { id: string; text: string }[];
};

async function createBrand(gql: Gql, language = 'de') {
  const body = await gql<{
    createBrand: {
      id: string;
      keywords: { id: string; prompts: { id: string; text: string }[] }[];
    };
  }>(
    `mutation ($input: BrandInput!) { createBrand(input: $input) {
       id keywords { id prompts { id text } } } }`,
    { input: baseInput({ country: 'Germany', language, keywords: ['CRM-Software'] }) },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.createBrand;
}

/** One completed run today: every prompt on both engines, stored as the worker would. */
async function runToday(f: { workspaceId: string; brandId: string }, prompts: { id: string }[]) {
  await handle.transaction(async (tx) => {
    const [run] = await tx.execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status, total, done, started_at)
      values (${f.workspaceId}, ${f.brandId}, 'manual', 'RUNNING', 0, 0, now()) returning id`);
    for (const engine of [G, C]) {
      for (const [i, prompt] of prompts.entries()) {
        // The place the engine query is asked with, as the worker reads it.
        const context = await loadQueryContext(tx, run!.id, prompt.id, engine);
        const place = storedPlace(context!.place);
        const [answer] = await tx.execute<{ id: string }>(sql`
          insert into answers (workspace_id, run_id, prompt_id, prompt_text, engine, text,
                               country, language)
          values (${f.workspaceId}, ${run!.id}, ${prompt.id}, ${context!.promptText}, ${engine},
                  'an answer', ${place.country}, ${place.language}) returning id`);
        if (MENTIONS[engine]!.includes(i)) {
          await tx.execute(sql`
            insert into mentions (workspace_id, answer_id, entity, entity_id, name, rank,
                                  first_offset, sentiment)
            values (${f.workspaceId}, ${answer!.id}, 'brand', ${f.brandId}, 'Northwind CRM', 1,
                    0, 0)`);
        }
      }
    }
    await writeDailyRollups(tx, run!.id);
    await tx.execute(sql`update runs set status = 'COMPLETED', finished_at = now()
                          where id = ${run!.id}`);
  });
}

async function seed(): Promise<Fixture> {
  const who = await signedIn();
  const brand = await createBrand(who.gql);
  const prompts = brand.keywords[0]!.prompts;
  expect(prompts).toHaveLength(5);
  for (const p of prompts.slice(3)) {
    const body = await who.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: "gb", language: "en") {
         id country language } }`,
      { id: p.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ updatePrompt: { id: p.id, country: 'GB', language: 'en' } });
  }
  await runToday({ workspaceId: who.workspaceId, brandId: brand.id }, prompts);
  return { ...who, brandId: brand.id, prompts };
}

type Numbers = { answers: number; mentionRate: { value: number } };

async function metrics(f: Fixture, filter: Record<string, unknown>, gql = f.gql) {
  return gql<{
    brand: {
      metrics: Numbers;
      byEngine: (Numbers & { engine: string })[];
      trend: { answers: number }[];
    } | null;
  }>(
    `query ($id: ID!, $filter: MetricsFilter!) { brand(id: $id) {
       metrics(filter: $filter) { answers mentionRate { value } }
       byEngine(filter: $filter) { engine answers mentionRate { value } }
       trend(filter: $filter, interval: DAY) { answers } } }`,
    { id: f.brandId, filter: { lastDays: 7, ...filter } },
  );
}

describe('a prompt’s country and language', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await seed();
  });

  it('a prompt without its own place asks for the brand’s; one with its own, for that', async () => {
    const body = await f.gql<{
      brand: {
        places: { country: string; language: string; measured: boolean }[];
        keywords: {
          prompts: {
            country: string | null;
            language: string | null;
            place: { country: string; countryName: string; language: string };
          }[];
        }[];
      };
    }>(
      `query ($id: ID!) { brand(id: $id) {
         places { country language measured }
         keywords { prompts { country language place { country countryName language } } } } }`,
      { id: f.brandId },
    );
    expect(body.errors).toBeUndefined();
    const prompts = body.data!.brand.keywords[0]!.prompts;
    expect(prompts.map((p) => [p.country, p.language, p.place])).toEqual([
      ...Array.from({ length: 3 }, () => [
        null,
        null,
        { country: 'DE', countryName: 'Germany', language: 'de' },
      ]),
      ...Array.from({ length: 2 }, () => [
        'GB',
        'en',
        { country: 'GB', countryName: 'United Kingdom', language: 'en' },
      ]),
    ]);
    expect(body.data!.brand.places).toEqual([
      { country: 'DE', language: 'de', measured: true },
      { country: 'GB', language: 'en', measured: true },
    ]);
  });

  it('each answer stores the place it was asked for', async () => {
    const body = await f.gql<{
      answers: { edges: { node: { prompt: { id: string }; country: string; language: string } }[] };
    }>(
      `query ($id: ID!) { answers(brandId: $id, first: 20) {
         edges { node { prompt { id } country language } } } }`,
      { id: f.brandId },
    );
    expect(body.errors).toBeUndefined();
    const uk = new Set(f.prompts.slice(3).map((p) => p.id));
    for (const { node } of body.data!.answers.edges) {
      expect([node.country, node.language]).toEqual(
        uk.has(node.prompt.id) ? ['GB', 'en'] : ['DE', 'de'],
      );
    }
    expect(body.data!.answers.edges).toHaveLength(10);
  });

  it('null goes back to the brand’s place; an omitted field stays', async () => {
    const p = f.prompts[4]!;
    const back = await f.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: null) {
         country language place { country language } } }`,
      { id: p.id },
    );
    expect(back.data).toEqual({
      updatePrompt: { country: null, language: 'en', place: { country: 'DE', language: 'en' } },
    });
    const again = await f.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: "GB") { country language } }`,
      { id: p.id },
    );
    expect(again.data).toEqual({ updatePrompt: { country: 'GB', language: 'en' } });
  });

  it('an unknown country or language is BAD_USER_INPUT naming the field', async () => {
    const p = f.prompts[0]!;
    const country = await f.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: "XX") { id } }`,
      { id: p.id },
    );
    expect(codeOf(country)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(country).country).toMatch(/Unknown country code "XX"/);
    const name = await f.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: "Germany") { id } }`,
      { id: p.id },
    );
    expect(fieldsOf(name).country).toMatch(/two-letter ISO 3166 code/);
    const language = await f.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, language: "klingon") { id } }`,
      { id: p.id },
    );
    expect(codeOf(language)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(language).language).toMatch(/Unsupported language "klingon"/);
    const keywordId = (
      await f.gql<{ brand: { keywords: { id: string }[] } }>(
        'query ($id: ID!) { brand(id: $id) { keywords { id } } }',
        { id: f.brandId },
      )
    ).data!.brand.keywords[0]!.id;
    const add = await f.gql(
      `mutation ($k: ID!) { addPrompts(keywordId: $k, texts: ["Welche CRM-Software?"],
         language: "xx") { id } }`,
      { k: keywordId },
    );
    expect(fieldsOf(add).language).toMatch(/Unsupported language "xx"/);
    const added = await f.gql<{ addPrompts: { country: string; language: string }[] }>(
      `mutation ($k: ID!) { addPrompts(keywordId: $k, texts: ["Quel logiciel CRM choisir ?"],
         country: "FR", language: "fr") { country language } }`,
      { k: keywordId },
    );
    expect(added.data!.addPrompts).toEqual([{ country: 'FR', language: 'fr' }]);
    // Unchanged by the refusals.
    const prompt = await f.gql<{
      brand: { keywords: { prompts: { country: string | null }[] }[] };
    }>('query ($id: ID!) { brand(id: $id) { keywords { prompts { country } } } }', {
      id: f.brandId,
    });
    expect(prompt.data!.brand.keywords[0]!.prompts[0]!.country).toBeNull();
  });

  it('another workspace cannot see or change a prompt’s place', async () => {
    const other = await signedIn();
    const body = await other.gql(
      `mutation ($id: ID!) { updatePrompt(id: $id, country: "FR") { id } }`,
      { id: f.prompts[0]!.id },
    );
    expect(codeOf(body)).toBe('NOT_FOUND');
    const read = await metrics(f, { language: 'de' }, other.gql);
    expect(read.data?.brand).toBeNull();
  });
});

describe('metrics by country and language', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await seed();
  });

  it('every place, then per language and per country: the hand-computed figures', async () => {
    const all = await metrics(f, {});
    expect(all.errors).toBeUndefined();
    expect(all.data!.brand!.metrics).toEqual({ answers: 10, mentionRate: { value: 0.4 } });

    const german = await metrics(f, { language: 'de' });
    expect(german.data!.brand!.metrics).toEqual({ answers: 6, mentionRate: { value: 0.5 } });
    expect(
      german.data!.brand!.byEngine.map((e) => [e.engine, e.answers, e.mentionRate.value]),
    ).toEqual(
      expect.arrayContaining([
        [G, 3, 2 / 3],
        [C, 3, 1 / 3],
      ]),
    );
    expect(german.data!.brand!.trend.reduce((n, p) => n + p.answers, 0)).toBe(6);

    const english = await metrics(f, { language: 'en-GB' });
    expect(english.data!.brand!.metrics).toEqual({ answers: 4, mentionRate: { value: 0.25 } });
    const uk = await metrics(f, { country: 'gb' });
    expect(uk.data!.brand!.metrics).toEqual({ answers: 4, mentionRate: { value: 0.25 } });
    const both = await metrics(f, { country: 'DE', language: 'de', engines: [C] });
    expect(both.data!.brand!.metrics).toEqual({ answers: 3, mentionRate: { value: 1 / 3 } });
    const none = await metrics(f, { country: 'DE', language: 'en' });
    expect(none.data!.brand!.metrics).toMatchObject({ answers: 0 });
  });

  it('the dashboard reads every brand under the same filter', async () => {
    const body = await f.gql<{ brands: { id: string; metrics: Numbers }[] }>(
      `query ($f: MetricsFilter!) { brands { id metrics(filter: $f) { answers mentionRate { value } } } }`,
      { f: { lastDays: 7, language: 'en' } },
    );
    expect(body.data!.brands).toEqual([
      { id: f.brandId, metrics: { answers: 4, mentionRate: { value: 0.25 } } },
    ]);
  });

  it('a bad country or language is BAD_USER_INPUT on that field', async () => {
    const country = await metrics(f, { country: 'XX' });
    expect(codeOf(country)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(country).country).toMatch(/Unknown country code "XX"/);
    const language = await metrics(f, { language: 'zz' });
    expect(codeOf(language)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(language).language).toMatch(/Unsupported language "zz"/);
  });

  it('the exports honour the filter; another workspace gets NOT_FOUND', async () => {
    const today = (
      await handle.execute<{ day: string }>(
        sql`select to_char((now() at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD') as day`,
      )
    )[0]!.day;
    const get = (path: string, token: string, q: Record<string, string>) =>
      fetch(
        `${gateway.url}${path}?${new URLSearchParams({ brandId: f.brandId, from: today, to: today, ...q })}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
    const answers = await get('/export/answers.csv', f.token, { language: 'en' });
    expect(answers.status).toBe(200);
    const lines = (await answers.text()).trim().split('\r\n');
    expect(lines[0]!.endsWith(',country,language')).toBe(true);
    expect(lines.slice(1)).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.endsWith(',GB,en'))).toBe(true);

    const rows = (await (await get('/export/metrics.csv', f.token, { country: 'DE' })).text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    // date, engine, answers, score, mention_rate …
    expect(rows.map((r) => [r[1], r[2], r[4]])).toEqual([
      [C, '3', '0.3333'],
      [G, '3', '0.6667'],
    ]);

    const bad = await get('/export/metrics.csv', f.token, { language: 'qq' });
    expect(bad.status).toBe(400);

    const other = await signedIn();
    const foreign = await get('/export/answers.csv', other.token, { language: 'en' });
    expect(foreign.status).toBe(404);
  });
});

describe('answers stored before they carried a place', () => {
  it('are given their brand’s place and their days rolled up per place again', async () => {
    const who = await signedIn();
    const brand = await createBrand(who.gql, 'fr-CA');
    const prompts = brand.keywords[0]!.prompts;
    const ids = { workspaceId: who.workspaceId, brandId: brand.id };
    await runToday(ids, prompts);
    // As the database stood before: no place on the answers, no per-place rollup rows.
    await handle.execute(sql`update answers set country = null, language = null
                              where workspace_id = ${who.workspaceId}`);
    await handle.execute(sql`delete from metric_snapshots
                              where brand_id = ${brand.id} and country <> '*'`);
    const before = await metrics({ ...who, ...ids, prompts }, { language: 'fr' });
    expect(before.data!.brand!.metrics.answers).toBe(0);

    // Two passes at once (a retry beside a late first attempt): each brand is done by one.
    const passes = await Promise.all([backfillAnswerPlaces(handle), backfillAnswerPlaces(handle)]);
    expect(passes[0] + passes[1]).toBeGreaterThanOrEqual(1);
    const after = await metrics({ ...who, ...ids, prompts }, { country: 'DE', language: 'fr' });
    expect(after.data!.brand!.metrics).toEqual({ answers: 10, mentionRate: { value: 0.4 } });
    // Done once: a second pass finds nothing of this brand to do.
    const [{ n }] = (await handle.execute<{ n: number }>(sql`
      select count(*)::int as n from answers
       where workspace_id = ${who.workspaceId} and language is null`)) as unknown as [
      { n: number },
    ];
    expect(n).toBe(0);
  });
});
