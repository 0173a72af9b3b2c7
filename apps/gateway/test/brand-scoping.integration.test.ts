import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { BRAND_FIELDS, baseInput, client, codeOf, signUp } from './brand-helpers';

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

type Ids = { brand: string; competitor: string; keyword: string; prompt: string };

describe('another workspace’s ids answer exactly like missing ones', () => {
  it('gives user B NOT_FOUND on every brand field for user A’s ids and leaves A’s data as it was', async () => {
    const a = client(gateway, await signUp(gateway));
    const b = client(gateway, await signUp(gateway));
    const created = await a<{
      createBrand: {
        id: string;
        competitors: { id: string }[];
        keywords: { id: string; prompts: { id: string }[] }[];
      };
    }>(`mutation ($input: BrandInput!) { createBrand(input: $input) { ${BRAND_FIELDS} } }`, {
      input: baseInput({ competitors: [{ name: 'Contoso' }], keywords: ['CRM software'] }),
    });
    expect(created.errors).toBeUndefined();
    const brand = created.data!.createBrand;
    const ids: Ids = {
      brand: brand.id,
      competitor: brand.competitors[0]!.id,
      keyword: brand.keywords[0]!.id,
      prompt: brand.keywords[0]!.prompts[0]!.id,
    };
    const snapshot = async () =>
      (await a(`query ($id: ID!) { brand(id: $id) { ${BRAND_FIELDS} } }`, { id: ids.brand })).data;
    const before = await snapshot();

    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        'updateBrand',
        'mutation ($id: ID!, $input: BrandInput!) { updateBrand(id: $id, input: $input) { id } }',
        { id: ids.brand, input: baseInput({ name: 'Hijacked' }) },
      ],
      [
        'setBrandStatus',
        'mutation ($id: ID!) { setBrandStatus(id: $id, status: PAUSED) { id } }',
        { id: ids.brand },
      ],
      ['deleteBrand', 'mutation ($id: ID!) { deleteBrand(id: $id) }', { id: ids.brand }],
      [
        'addCompetitor',
        'mutation ($id: ID!) { addCompetitor(brandId: $id, input: { name: "X" }) { id } }',
        { id: ids.brand },
      ],
      [
        'updateCompetitor',
        'mutation ($id: ID!) { updateCompetitor(id: $id, input: { name: "X" }) { id } }',
        { id: ids.competitor },
      ],
      [
        'removeCompetitor',
        'mutation ($id: ID!) { removeCompetitor(id: $id) }',
        { id: ids.competitor },
      ],
      [
        'addKeywords',
        'mutation ($id: ID!) { addKeywords(brandId: $id, texts: ["x y"]) { id } }',
        { id: ids.brand },
      ],
      ['removeKeyword', 'mutation ($id: ID!) { removeKeyword(id: $id) }', { id: ids.keyword }],
      [
        'addPrompts',
        'mutation ($id: ID!) { addPrompts(keywordId: $id, texts: ["Which CRM?"]) { id } }',
        { id: ids.keyword },
      ],
      [
        'setPromptActive',
        'mutation ($id: ID!) { setPromptActive(id: $id, active: false) { id } }',
        { id: ids.prompt },
      ],
    ];
    for (const [field, query, variables] of attempts) {
      const theirs = await b(query, variables);
      // The same answer as for an id that exists nowhere, message included.
      const nowhere = await b(query, {
        ...variables,
        id: missing,
      });
      expect(codeOf(theirs), field).toBe('NOT_FOUND');
      expect(theirs.errors?.[0]?.message, field).toBe(nowhere.errors?.[0]?.message);
      expect(codeOf(nowhere), field).toBe('NOT_FOUND');
    }
    expect((await b('query ($id: ID!) { brand(id: $id) { id } }', { id: ids.brand })).data).toEqual(
      { brand: null },
    );
    expect((await b('{ brands { id } }')).data).toEqual({ brands: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('answers NOT_FOUND, not an internal error, for ids that are not UUIDs', async () => {
    const b = client(gateway, await signUp(gateway));
    const body = await b('mutation { deleteBrand(id: "1 or 1=1") }');
    expect(codeOf(body)).toBe('NOT_FOUND');
    expect((await b('{ brand(id: "nope") { id } }')).data).toEqual({ brand: null });
  });
});
