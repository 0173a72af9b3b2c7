import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import {
  BRAND_FIELDS,
  baseInput,
  client,
  codeOf,
  fieldsOf,
  type GqlBody,
  signUp,
} from './brand-helpers';

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

type Prompt = { id: string; text: string; kind: string; branded: boolean; active: boolean };
type Keyword = { id: string; text: string; prompts: Prompt[] };
type Brand = {
  id: string;
  name: string;
  domains: string[];
  schedule: { cadence: string; hour: number; weekday: number | null; timezone: string };
  competitors: { id: string; name: string; domains: string[]; source: string }[];
  keywords: Keyword[];
  promptCount: number;
  latestRun: unknown;
  status: string;
};

const CREATE = `mutation ($input: BrandInput!) { createBrand(input: $input) { ${BRAND_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { ${BRAND_FIELDS} } }`;
const GET = `query ($id: ID!) { brand(id: $id) { ${BRAND_FIELDS} } }`;

async function user() {
  const gql = client(gateway, await signUp(gateway));
  const create = async (patch: Record<string, unknown> = {}) => {
    const body = await gql<{ createBrand: Brand }>(CREATE, { input: baseInput(patch) });
    expect(body.errors).toBeUndefined();
    return body.data!.createBrand;
  };
  return { gql, create };
}

async function setPlan(gql: ReturnType<typeof client>, plan: string) {
  const me = await gql<{ me: { workspaces: { id: string }[] } }>('{ me { workspaces { id } } }');
  const id = me.data!.me.workspaces[0]!.id;
  await handle.execute(sql`update workspaces set plan = ${plan} where id = ${id}`);
}

describe('createBrand', () => {
  it('creates a brand with competitors, keywords and generated brand-neutral prompts', async () => {
    const { create, gql } = await user();
    const brand = await create({
      competitors: [{ name: 'Contoso CRM', domains: ['contoso.com'], aliases: ['Contoso'] }],
      keywords: ['CRM software', 'sales pipeline tool'],
      schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
    });
    expect(brand.domains).toEqual(['northwindcrm.com']);
    expect(brand.schedule).toEqual({
      cadence: 'WEEKLY',
      hour: 7,
      weekday: 1,
      timezone: 'Europe/Berlin',
    });
    expect(brand.competitors).toMatchObject([{ name: 'Contoso CRM', source: 'MANUAL' }]);
    expect(brand.keywords.map((k) => k.text)).toEqual(['CRM software', 'sales pipeline tool']);
    for (const k of brand.keywords) {
      expect(k.prompts).toHaveLength(5);
      for (const p of k.prompts) {
        expect(p.text.toLowerCase()).not.toContain('northwind');
        expect(p.branded).toBe(false);
      }
      expect(new Set(k.prompts.map((p) => p.kind)).size).toBe(4);
    }
    expect(brand.promptCount).toBe(10);
    expect(brand.latestRun).toBeNull();
    const counts = await gql<{ navigationCounts: { brands: number } }>(
      '{ navigationCounts { brands } }',
    );
    expect(counts.data?.navigationCounts.brands).toBe(1);
  });

  it('writes the generated prompts in the brand’s language', async () => {
    const { create } = await user();
    const brand = await create({ language: 'de-AT', keywords: ['CRM-Software'] });
    const prompts = brand.keywords[0]!.prompts.map((p) => p.text);
    expect(prompts).toHaveLength(5);
    expect(prompts[0]).toBe('Was ist die beste Wahl bei CRM-Software?');
    for (const text of prompts) expect(text).toContain('CRM-Software');
  });

  it('answers BAD_USER_INPUT with a message per field', async () => {
    const { gql } = await user();
    const body = await gql(CREATE, {
      input: baseInput({
        name: '',
        domains: ['http://10.0.0.1', 'localhost'],
        engines: ['local-gpt', 'gpt-9-imaginary'],
        schedule: { cadence: 'DAILY', hour: 25, timezone: 'Nowhere/Land' },
      }),
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(body)).sort()).toEqual([
      'domains.0',
      'domains.1',
      'name',
      'schedule.hour',
      'schedule.timezone',
    ]);
    const engines = await gql(CREATE, { input: baseInput({ engines: ['gpt-9-imaginary'] }) });
    expect(fieldsOf(engines)['engines.0']).toMatch(/not an engine/);
  });

  it('refuses an alias that another tracked entity already has', async () => {
    const { gql } = await user();
    const body = await gql(CREATE, {
      input: baseInput({ competitors: [{ name: 'Contoso', aliases: ['northwind'] }] }),
    });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(body)['competitors.0.aliases.0']).toMatch(/already used by Northwind CRM/);
  });

  it('holds at most 20 competitors and 50 keywords per brand', async () => {
    const { gql } = await user();
    const many = await gql(CREATE, {
      input: baseInput({
        competitors: Array.from({ length: 21 }, (_, i) => ({ name: `Rival ${i}` })),
        keywords: Array.from({ length: 51 }, (_, i) => `keyword ${i}`),
      }),
    });
    expect(codeOf(many)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(many).competitors).toMatch(/At most 20/);
    expect(fieldsOf(many).keywords).toMatch(/At most 50/);
  });

  it('answers QUOTA_EXCEEDED with what the plan allows', async () => {
    const { gql, create } = await user();
    await setPlan(gql, 'free');
    const engines = await gql(CREATE, {
      input: baseInput({
        engines: ['local-gpt', 'local-claude', 'local-gemini'],
        schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'UTC' },
      }),
    });
    expect(codeOf(engines)).toBe('QUOTA_EXCEEDED');
    expect(engines.errors?.[0]?.extensions).toMatchObject({ resource: 'engines', limit: 2 });
    const daily = await gql(CREATE, { input: baseInput() });
    expect(codeOf(daily)).toBe('QUOTA_EXCEEDED');
    // This gateway runs without PLANS: the limits are the free plan's, but no plan is named.
    expect(daily.errors?.[0]?.message).toBe('This workspace allows weekly or manual runs.');
    await create({ schedule: { cadence: 'MANUAL', hour: 0, timezone: 'UTC' } });
    const second = await gql(CREATE, {
      input: baseInput({
        name: 'Second',
        schedule: { cadence: 'MANUAL', hour: 0, timezone: 'UTC' },
      }),
    });
    expect(codeOf(second)).toBe('QUOTA_EXCEEDED');
    expect(second.errors?.[0]?.message).toBe('This workspace allows 1 brand.');
    expect(second.errors?.[0]?.extensions).toMatchObject({ plan: 'FREE', resource: 'brands' });
  });

  it('lets two concurrent creations take only the last free slot once', async () => {
    const { gql } = await user();
    await setPlan(gql, 'free');
    const input = baseInput({ schedule: { cadence: 'MANUAL', hour: 0, timezone: 'UTC' } });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => gql(CREATE, { input: { ...input, name: `B${i}` } })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'QUOTA_EXCEEDED')).toHaveLength(4);
  });
});

describe('updateBrand, setBrandStatus and deleteBrand', () => {
  it('keeps competitor ids across an edit, adds and removes keywords', async () => {
    const { gql, create } = await user();
    const brand = await create({
      competitors: [{ name: 'Contoso' }, { name: 'Fabrikam' }],
      keywords: ['CRM software'],
    });
    const contoso = brand.competitors.find((c) => c.name === 'Contoso')!;
    const body = await gql<{ updateBrand: Brand }>(UPDATE, {
      id: brand.id,
      input: baseInput({
        name: 'Northwind',
        aliases: [],
        competitors: [{ name: 'contoso', domains: ['contoso.com'] }, { name: 'Litware' }],
        keywords: ['help desk software'],
      }),
    });
    expect(body.errors).toBeUndefined();
    const updated = body.data!.updateBrand;
    expect(updated.name).toBe('Northwind');
    const kept = updated.competitors.find((c) => c.id === contoso.id);
    expect(kept?.domains).toEqual(['contoso.com']);
    expect(updated.competitors.map((c) => c.name).sort()).toEqual(['Litware', 'contoso']);
    expect(updated.keywords.map((k) => k.text)).toEqual(['help desk software']);
    expect(updated.promptCount).toBe(5);
  });

  it('leaves competitors and keywords alone when the input omits them', async () => {
    const { gql, create } = await user();
    const brand = await create({ competitors: [{ name: 'Contoso' }], keywords: ['CRM'] });
    const body = await gql<{ updateBrand: Brand }>(UPDATE, {
      id: brand.id,
      input: baseInput({ description: 'Cloud CRM' }),
    });
    expect(body.data?.updateBrand.competitors).toHaveLength(1);
    expect(body.data?.updateBrand.keywords).toHaveLength(1);
    const conflict = await gql(UPDATE, {
      id: brand.id,
      input: baseInput({ aliases: ['Contoso'] }),
    });
    expect(codeOf(conflict)).toBe('BAD_USER_INPUT');
  });

  it('marks the brand and a competitor as everyday words, and keeps the mark when an update omits it', async () => {
    const { gql, create } = await user();
    const FIELDS = 'id commonWord competitors { name commonWord }';
    const made = await create({
      name: 'Harvest',
      commonWord: true,
      competitors: [{ name: 'Loom', commonWord: true }, { name: 'Toggl' }],
    });
    const read = await gql<{ brand: { commonWord: boolean; competitors: unknown[] } }>(
      `query ($id: ID!) { brand(id: $id) { ${FIELDS} } }`,
      { id: made.id },
    );
    expect(read.data?.brand).toMatchObject({
      commonWord: true,
      competitors: [
        { name: 'Loom', commonWord: true },
        { name: 'Toggl', commonWord: false },
      ],
    });
    const updated = await gql<{ updateBrand: { commonWord: boolean } }>(
      `mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { ${FIELDS} } }`,
      { id: made.id, input: baseInput({ name: 'Harvest', description: 'Time tracking' }) },
    );
    expect(updated.data?.updateBrand).toMatchObject({
      commonWord: true,
      competitors: [{ name: 'Loom', commonWord: true }, { name: 'Toggl' }],
    });
    const cleared = await gql<{ updateBrand: { commonWord: boolean } }>(
      `mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { ${FIELDS} } }`,
      { id: made.id, input: baseInput({ name: 'Harvest', commonWord: false }) },
    );
    expect(cleared.data?.updateBrand.commonWord).toBe(false);
  });

  it('pauses, resumes and deletes with everything the brand holds', async () => {
    const { gql, create } = await user();
    const brand = await create({ competitors: [{ name: 'Contoso' }], keywords: ['CRM'] });
    const paused = await gql<{ setBrandStatus: { status: string } }>(
      'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { status } }',
      { id: brand.id },
    );
    expect(paused.data?.setBrandStatus.status).toBe('PAUSED');
    const deleted = await gql('mutation ($id: ID!) { deleteBrand(id: $id) }', { id: brand.id });
    expect(deleted.data).toEqual({ deleteBrand: brand.id });
    expect((await gql(GET, { id: brand.id })).data).toEqual({ brand: null });
    const left = await handle.execute<{ n: number }>(sql`
      select (select count(*) from prompts where brand_id = ${brand.id})
           + (select count(*) from keywords where brand_id = ${brand.id})
           + (select count(*) from competitors where brand_id = ${brand.id}) as n`);
    expect(Number(left[0]?.n)).toBe(0);
    const again = await gql('mutation ($id: ID!) { deleteBrand(id: $id) }', { id: brand.id });
    expect(codeOf(again)).toBe('NOT_FOUND');
  });
});

const ADD_COMPETITOR = `mutation ($brandId: ID!, $input: TrackedCompetitorInput!) {
  addCompetitor(brandId: $brandId, input: $input) { id name domains aliases source } }`;

describe('competitors', () => {
  it('adds, updates and removes a competitor with the same rules as the brand form', async () => {
    const { gql, create } = await user();
    const brand = await create();
    const added = await gql<{ addCompetitor: { id: string; domains: string[] } }>(ADD_COMPETITOR, {
      brandId: brand.id,
      input: { name: 'Contoso', domains: ['https://contoso.com/x'] },
    });
    expect(added.data?.addCompetitor.domains).toEqual(['contoso.com']);
    const id = added.data!.addCompetitor.id;
    const clash = await gql(ADD_COMPETITOR, {
      brandId: brand.id,
      input: { name: 'Other', aliases: ['CONTOSO'] },
    });
    expect(fieldsOf(clash)['aliases.0']).toMatch(/already used by Contoso/);
    const bad = await gql(ADD_COMPETITOR, { brandId: brand.id, input: { name: ' ' } });
    expect(Object.keys(fieldsOf(bad))).toEqual(['name']);
    const updated = await gql<{ updateCompetitor: { aliases: string[] } }>(
      `mutation ($id: ID!, $input: TrackedCompetitorInput!) {
        updateCompetitor(id: $id, input: $input) { aliases } }`,
      { id, input: { name: 'Contoso', aliases: ['Contoso Ltd'] } },
    );
    expect(updated.data?.updateCompetitor.aliases).toEqual(['Contoso Ltd']);
    const removed = await gql('mutation ($id: ID!) { removeCompetitor(id: $id) }', { id });
    expect(removed.data).toEqual({ removeCompetitor: id });
  });

  it('refuses the 21st competitor', async () => {
    const { gql, create } = await user();
    const brand = await create({
      competitors: Array.from({ length: 20 }, (_, i) => ({ name: `Rival ${i}` })),
    });
    const body = await gql(ADD_COMPETITOR, { brandId: brand.id, input: { name: 'One more' } });
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
  });
});

const ADD_KEYWORDS = `mutation ($brandId: ID!, $texts: [String!]!, $generate: Boolean) {
  addKeywords(brandId: $brandId, texts: $texts, generate: $generate) { id text prompts { text } } }`;
const ADD_PROMPTS = `mutation ($keywordId: ID!, $texts: [String!]!) {
  addPrompts(keywordId: $keywordId, texts: $texts, origin: IMPORTED) { id text kind branded source active } }`;

describe('keywords and prompts', () => {
  it('adds keywords with generated prompts, skips ones the brand has, removes with prompts', async () => {
    const { gql, create } = await user();
    const brand = await create({ keywords: ['CRM software'] });
    const body = await gql<{ addKeywords: Keyword[] }>(ADD_KEYWORDS, {
      brandId: brand.id,
      texts: ['crm software', 'Sales tools', 'sales  tools'],
    });
    expect(body.data?.addKeywords.map((k) => k.text)).toEqual(['Sales tools']);
    expect(body.data?.addKeywords[0]?.prompts).toHaveLength(5);
    const bare = await gql<{ addKeywords: Keyword[] }>(ADD_KEYWORDS, {
      brandId: brand.id,
      texts: ['Imported'],
      generate: false,
    });
    expect(bare.data?.addKeywords[0]?.prompts).toEqual([]);
    const id = body.data!.addKeywords[0]!.id;
    expect(await gql('mutation ($id: ID!) { removeKeyword(id: $id) }', { id })).toEqual({
      data: { removeKeyword: id },
    });
    const after = await gql<{ brand: Brand }>(GET, { id: brand.id });
    expect(after.data?.brand.promptCount).toBe(5);
    const tooMany = await gql(ADD_KEYWORDS, {
      brandId: brand.id,
      texts: Array.from({ length: 49 }, (_, i) => `kw ${i}`),
    });
    expect(fieldsOf(tooMany).texts).toMatch(/at most 50 keywords/);
  });

  it('adds prompts deduplicated, with kind and branded detected; toggles them', async () => {
    const { gql, create } = await user();
    const brand = await create({ keywords: ['CRM software'] });
    const keyword = brand.keywords[0]!;
    const existing = keyword.prompts[0]!.text;
    const body = await gql<{ addPrompts: Prompt[] }>(ADD_PROMPTS, {
      keywordId: keyword.id,
      texts: [
        existing.toUpperCase(),
        'Is Northwind a good CRM for small teams?',
        'Salesforce vs HubSpot for startups',
        'salesforce  VS hubspot for startups!',
      ],
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.addPrompts).toMatchObject([
      { text: 'Is Northwind a good CRM for small teams?', branded: true, source: 'IMPORTED' },
      { text: 'Salesforce vs HubSpot for startups', kind: 'COMPARISON', branded: false },
    ]);
    const id = body.data!.addPrompts[0]!.id;
    const off = await gql<{ setPromptActive: Prompt }>(
      'mutation ($id: ID!) { setPromptActive(id: $id, active: false) { active } }',
      { id },
    );
    expect(off.data?.setPromptActive.active).toBe(false);
    const relabelled = await gql<{ updatePrompt: Prompt }>(
      'mutation ($id: ID!) { updatePrompt(id: $id, kind: HOW_TO, branded: false) { kind branded } }',
      { id },
    );
    expect(relabelled.data?.updatePrompt).toEqual({ kind: 'HOW_TO', branded: false });
    const invalid = await gql(ADD_PROMPTS, { keywordId: keyword.id, texts: ['x'] });
    expect(fieldsOf(invalid)['texts.0']).toMatch(/at least 3/);
  });

  it('holds at most 500 prompts per brand and the plan’s active prompts', async () => {
    const { gql, create } = await user();
    const brand = await create({ keywords: ['CRM software'] });
    const keywordId = brand.keywords[0]!.id;
    const texts = Array.from({ length: 496 }, (_, i) => `Custom question number ${i}`);
    expect((await gql(ADD_PROMPTS, { keywordId, texts })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    await setPlan(gql, 'free');
    const quota = await gql(ADD_PROMPTS, { keywordId, texts: texts.slice(0, 21) });
    expect(codeOf(quota)).toBe('QUOTA_EXCEEDED');
    expect(quota.errors?.[0]?.message).toMatch(/25 active prompts/);
  });
});

describe('signed out', () => {
  it('refuses every brand field with UNAUTHENTICATED', async () => {
    const gql = client(gateway, null);
    for (const body of [
      await gql('{ brands { id } }'),
      await gql(CREATE, { input: baseInput() }),
    ] as GqlBody[]) {
      expect(codeOf(body)).toBe('UNAUTHENTICATED');
    }
  });
});
