import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadEnv } from '@lumen/config/env';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf } from './brand-helpers';
import {
  join,
  person as newPerson,
  teamWorkspace as newTeamWorkspace,
  type Person,
} from './team-helpers';

// AI-crawler analytics through the running gateway (docs/crawlers.md): uploads from the Site
// page (session, members and up), POST /ingest/logs (API keys), and crawlerStats. Each refusal
// has its stable code and leaves no counts behind; another workspace's, a missing and a
// malformed brand id answer the same NOT_FOUND; no address or query string reaches a row.

const UPLOAD_MAX = 32 * 1024;
const INGEST_MAX = 16 * 1024;
const MISSING = '00000000-0000-4000-8000-000000000000';
const RANGE = { from: '2026-11-01', to: '2026-11-30' };
const STATS = `query ($b: ID!, $r: CrawlerRange) { crawlerStats(brandId: $b, range: $r) {
  from to rangesSnapshotDate
  days { day agent kind hits }
  bots { agent owner kind verified unverified unverifiable topPages { path hits } }
  statuses { agent status statusClass hits }
  unreadKeyPages { url role path lastRead }
  citations { url path citations firstCitedDay fetchedBefore { day agent } }
  imports { source fileName format lines malformed verified unverified unverifiable firstDay lastDay }
} }`;

type Stats = {
  from: string;
  to: string;
  rangesSnapshotDate: string;
  days: { day: string; agent: string; kind: string; hits: number }[];
  bots: {
    agent: string;
    owner: string;
    kind: string;
    verified: number;
    unverified: number;
    unverifiable: number;
    topPages: { path: string; hits: number }[];
  }[];
  statuses: { agent: string; status: number; statusClass: string; hits: number }[];
  unreadKeyPages: { url: string; role: string; path: string; lastRead: string | null }[];
  citations: {
    url: string;
    path: string;
    citations: number;
    firstCitedDay: string;
    fetchedBefore: { day: string; agent: string } | null;
  }[];
  imports: Record<string, unknown>[];
};

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../packages/domain/src/crawlers/fixtures/${name}`, import.meta.url),
    'utf8',
  );

let gateway: RunningGateway;

beforeAll(async () => {
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    CRAWLER_UPLOAD_MAX_BYTES: String(UPLOAD_MAX),
    CRAWLER_INGEST_MAX_BYTES: String(INGEST_MAX),
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await gateway?.close();
});

const db = () => gateway.deps.db;
const person = (name = 'crawl') => newPerson(gateway, name);

async function brandOf(who: Person, workspace = who.personal): Promise<string> {
  const res = await who.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ schedule: { cadence: 'MANUAL', hour: 7, timezone: 'Europe/Berlin' } }) },
    workspace,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createBrand.id;
}

type Answer = {
  status: number;
  body: {
    import?: Record<string, number | string | null>;
    errors?: { message: string; extensions: { code: string } }[];
  };
};

async function post(
  path: string,
  token: string | null,
  body: BodyInit | null,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${gateway.url}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const upload = (
  who: Person,
  brandId: string,
  body: BodyInit | null,
  extra: Record<string, string> = {},
  workspace?: string,
) =>
  post(
    '/crawlers/upload',
    who.token,
    body,
    { brandId, ...extra },
    workspace ? { 'x-workspace-id': workspace } : {},
  );

const code = (a: Answer) => a.body.errors?.[0]?.extensions.code;

async function stats(who: Person, brandId: string, workspace?: string, range: unknown = RANGE) {
  return who.gql<{ crawlerStats: Stats }>(STATS, { b: brandId, r: range }, workspace);
}

async function rowsOf(brandId: string) {
  const [hits] = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from crawler_hits where brand_id = ${brandId}`,
  );
  const [imports] = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from crawler_log_imports where brand_id = ${brandId}`,
  );
  return { hits: hits?.n, imports: imports?.n };
}

/** A body sent without content-length, chunk by chunk, so the limit is met while streaming. */
function streamed(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const part = parts[i++];
      if (part) controller.enqueue(part);
      else controller.close();
    },
  });
}

describe('uploading a log', () => {
  it('counts verified bots, keeps spoofed ones apart, and adds gzip logs of another format', async () => {
    const owner = await person('owner');
    const brandId = await brandOf(owner);
    const plain = await upload(owner, brandId, fixture('combined.log'), { fileName: 'access.log' });
    expect(plain.status).toBe(200);
    expect(plain.body.import).toMatchObject({
      format: 'combined',
      lines: 11,
      malformed: 1,
      verified: 5,
      unverified: 2,
      unverifiable: 1,
      firstDay: '2026-11-25',
      lastDay: '2026-11-26',
    });
    const gz = await upload(owner, brandId, gzipSync(fixture('cloudflare.jsonl')), {
      fileName: 'cf.jsonl.gz',
    });
    expect(gz.status).toBe(200);
    expect(gz.body.import).toMatchObject({ format: 'cloudflare', verified: 3, unverified: 1 });

    const res = await stats(owner, brandId);
    expect(res.errors).toBeUndefined();
    const s = res.data!.crawlerStats;
    const gpt = s.bots.find((b) => b.agent === 'GPTBot');
    // Two verified GPTBot fetches of /pricing (one from each log); three spoofed ones not counted.
    expect(gpt).toMatchObject({ owner: 'OpenAI', kind: 'TRAINING', verified: 2, unverified: 3 });
    expect(gpt?.topPages).toEqual([{ path: '/pricing', hits: 2 }]);
    expect(s.bots.find((b) => b.agent === 'ClaudeBot')).toMatchObject({
      verified: 0,
      unverifiable: 1,
    });
    expect(s.days).toContainEqual({
      day: '2026-11-25',
      agent: 'GPTBot',
      kind: 'TRAINING',
      hits: 2,
    });
    expect(s.days).toContainEqual({
      day: '2026-11-25',
      agent: 'ChatGPT-User',
      kind: 'USER',
      hits: 1,
    });
    expect(s.days.some((d) => d.agent === 'ClaudeBot')).toBe(false);
    expect(s.statuses).toContainEqual({
      agent: 'Googlebot',
      status: 404,
      statusClass: 'NOT_FOUND',
      hits: 1,
    });
    expect(s.statuses).toContainEqual({
      agent: 'Bingbot',
      status: 503,
      statusClass: 'SERVER_ERROR',
      hits: 1,
    });
    expect(s.statuses).toContainEqual({
      agent: 'Bingbot',
      status: 500,
      statusClass: 'SERVER_ERROR',
      hits: 1,
    });
    // No audit yet: the home page stands for the key pages; Googlebot read / on the 26th.
    expect(s.unreadKeyPages).toEqual([]);
    expect(s.imports.map((i) => i.fileName)).toEqual(['cf.jsonl.gz', 'access.log']);
    expect(s.rangesSnapshotDate).toBe('2026-11-28');
  });

  it('never stores an address, a query string or a line', async () => {
    const owner = await person('privacy');
    const brandId = await brandOf(owner);
    expect((await upload(owner, brandId, fixture('combined.log'))).status).toBe(200);
    const rows = await db().execute(
      sql`select h.*, i.* from crawler_hits h join crawler_log_imports i on i.brand_id = h.brand_id where h.brand_id = ${brandId}`,
    );
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of [
      '20.171.206.5',
      '203.0.113.9',
      '198.51.100',
      '2001:4860',
      'utm_source',
      'email=',
      'Mozilla',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('follows the roles: viewers are refused, members, admins and owners upload', async () => {
    const owner = await person('roles');
    const team = await newTeamWorkspace(owner);
    const brandId = await brandOf(owner, team);
    for (const [role, expected] of [
      ['VIEWER', 403],
      ['MEMBER', 200],
      ['ADMIN', 200],
    ] as const) {
      const who = await person(role.toLowerCase());
      await join(owner, team, who, role);
      const res = await upload(who, brandId, fixture('vercel.jsonl'), {}, team);
      expect(res.status, role).toBe(expected);
      if (expected === 403) expect(code(res)).toBe('FORBIDDEN');
    }
    expect((await upload(owner, brandId, fixture('vercel.jsonl'), {}, team)).status).toBe(200);
    expect(await rowsOf(brandId)).toMatchObject({ imports: 3 });
    const anonymous = await post('/crawlers/upload', null, fixture('vercel.jsonl'), { brandId });
    expect([anonymous.status, code(anonymous)]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('answers another workspace’s, a missing and a malformed brand id with the same NOT_FOUND', async () => {
    const owner = await person('scope');
    const other = await person('other');
    const brandId = await brandOf(owner);
    for (const id of [brandId, MISSING, 'not-a-uuid']) {
      const res = await upload(other, id, fixture('combined.log'));
      expect([res.status, code(res)], id).toEqual([404, 'NOT_FOUND']);
      const read = await stats(other, id);
      expect(codeOf(read), id).toBe('NOT_FOUND');
      expect(read.data).toBeNull();
    }
    // Naming the owner's workspace does not help someone outside it.
    const res = await upload(other, brandId, fixture('combined.log'), {}, owner.personal);
    expect(res.status).toBe(404);
    expect(await rowsOf(brandId)).toEqual({ hits: 0, imports: 0 });
    const noBrand = await post('/crawlers/upload', owner.token, fixture('combined.log'), {});
    expect([noBrand.status, code(noBrand)]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('refuses bad input with a stable code and writes nothing', async () => {
    const owner = await person('bad');
    const brandId = await brandOf(owner);
    const damaged = gzipSync(fixture('combined.log'));
    const cases: [string, BodyInit | null, Record<string, string>, number, string, RegExp][] = [
      [
        'not a log',
        '<html>\n<body>GPTBot</body>\n</html>\n',
        {},
        400,
        'BAD_USER_INPUT',
        /No line of this file/,
      ],
      ['empty', '', {}, 400, 'BAD_USER_INPUT', /empty/],
      ['damaged gzip', damaged.subarray(0, damaged.length - 20), {}, 400, 'BAD_USER_INPUT', /gzip/],
      [
        'wrong format',
        fixture('combined.log'),
        { format: 'cloudflare' },
        400,
        'BAD_USER_INPUT',
        /cloudflare/,
      ],
      [
        'unknown format',
        fixture('combined.log'),
        { format: 'iis' },
        400,
        'BAD_USER_INPUT',
        /format: Use one of/,
      ],
      ['too large', 'x'.repeat(UPLOAD_MAX + 1), {}, 413, 'PAYLOAD_TOO_LARGE', /larger than/],
    ];
    for (const [name, body, query, status, errorCode, message] of cases) {
      const res = await upload(owner, brandId, body, query);
      expect([res.status, code(res)], name).toEqual([status, errorCode]);
      expect(res.body.errors?.[0]?.message, name).toMatch(message);
    }
    // Past the limit while streaming (no content-length), and a gzip bomb: small compressed,
    // past the limit as text. Both stop at the bound, both leave nothing.
    const line = `${fixture('combined.log').split('\n')[1]}\n`;
    const big = new TextEncoder().encode(line.repeat(Math.ceil(UPLOAD_MAX / line.length / 4)));
    const chunked = await upload(owner, brandId, streamed([big, big, big, big, big]));
    expect([chunked.status, code(chunked)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const bomb = gzipSync(line.repeat(Math.ceil((UPLOAD_MAX * 4) / line.length)));
    expect(bomb.length).toBeLessThan(UPLOAD_MAX);
    const bombed = await upload(owner, brandId, bomb);
    expect([bombed.status, code(bombed)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await rowsOf(brandId)).toEqual({ hits: 0, imports: 0 });
  });

  it('says whether a bot fetched each cited own page first, and which key pages no bot read', async () => {
    const owner = await person('cited');
    const brandId = await brandOf(owner);
    expect((await upload(owner, brandId, fixture('combined.log'))).status).toBe(200);
    const [run] = await db().execute<{ id: string }>(sql`
      insert into runs (workspace_id, brand_id, trigger, status)
      values (${owner.personal}, ${brandId}, 'manual', 'COMPLETED') returning id`);
    const [answer] = await db().execute<{ id: string }>(sql`
      insert into answers (workspace_id, run_id, prompt_text, engine, text, created_at)
      values (${owner.personal}, ${run!.id}, 'best crm', 'local-gpt', 'see pricing', '2026-11-26T10:00:00Z')
      returning id`);
    await db().execute(sql`
      insert into citations (workspace_id, answer_id, url, domain, position, owner) values
        (${owner.personal}, ${answer!.id}, 'https://www.northwindcrm.com/pricing', 'northwindcrm.com', 1, 'own'),
        (${owner.personal}, ${answer!.id}, 'https://www.northwindcrm.com/compare', 'northwindcrm.com', 2, 'own'),
        (${owner.personal}, ${answer!.id}, 'https://other.example/pricing', 'other.example', 3, 'third_party')`);
    await db().execute(sql`
      insert into site_audits (workspace_id, brand_id, status, report) values
        (${owner.personal}, ${brandId}, 'COMPLETED', ${JSON.stringify({
          pages: [
            { url: 'https://www.northwindcrm.com/', role: 'home' },
            { url: 'https://www.northwindcrm.com/pricing', role: 'pricing' },
            { url: 'https://www.northwindcrm.com/compare', role: 'comparison' },
          ],
        })}::jsonb)`);
    const s = (await stats(owner, brandId)).data!.crawlerStats;
    expect(s.citations).toEqual([
      {
        url: 'https://www.northwindcrm.com/compare',
        path: '/compare',
        citations: 1,
        firstCitedDay: '2026-11-26',
        fetchedBefore: null,
      },
      {
        url: 'https://www.northwindcrm.com/pricing',
        path: '/pricing',
        citations: 1,
        firstCitedDay: '2026-11-26',
        fetchedBefore: { day: '2026-11-25', agent: 'GPTBot' },
      },
    ]);
    expect(s.unreadKeyPages).toEqual([
      {
        url: 'https://www.northwindcrm.com/compare',
        role: 'comparison',
        path: '/compare',
        lastRead: null,
      },
    ]);
  });

  it('refuses a malformed range by field', async () => {
    const owner = await person('range');
    const brandId = await brandOf(owner);
    const res = await stats(owner, brandId, undefined, { from: '2026-11-07', to: '2026-11-01' });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    const empty = await stats(owner, brandId, undefined, null);
    expect(empty.errors).toBeUndefined();
    expect(empty.data!.crawlerStats).toMatchObject({ days: [], bots: [], imports: [] });
  });
});

describe('POST /ingest/logs', () => {
  async function key(who: Person, role: 'VIEWER' | 'MEMBER' | 'ADMIN', workspace?: string) {
    const res = await who.gql<{ createApiKey: { secret: string } }>(
      'mutation ($input: ApiKeyInput!) { createApiKey(input: $input) { secret } }',
      { input: { name: `${role} logs`, role } },
      workspace,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createApiKey.secret;
  }

  it('takes a MEMBER or ADMIN key, refuses viewers’ keys, sessions and other workspaces', async () => {
    const owner = await person('ingest');
    const brandId = await brandOf(owner);
    const member = await key(owner, 'MEMBER');
    const ingest = (
      token: string | null,
      body: BodyInit,
      extra: Record<string, string> = {},
      headers: Record<string, string> = {},
    ) => post('/ingest/logs', token, body, { brandId, ...extra }, headers);

    // Read (and cached by the response cache) before the first log: the ingest must clear it.
    const before = await stats(owner, brandId);
    expect(before.data!.crawlerStats.imports).toEqual([]);

    const ok = await ingest(member, fixture('vercel.jsonl'));
    expect(ok.status).toBe(200);
    expect(ok.body.import).toMatchObject({ format: 'vercel', verified: 2, unverified: 1 });
    const gz = await ingest(
      await key(owner, 'ADMIN'),
      gzipSync(fixture('fastly.jsonl')),
      { format: 'fastly' },
      { 'content-encoding': 'gzip' },
    );
    expect(gz.status).toBe(200);
    expect(gz.body.import).toMatchObject({
      format: 'fastly',
      verified: 1,
      unverified: 2,
      unverifiable: 1,
    });

    const viewer = await ingest(await key(owner, 'VIEWER'), fixture('vercel.jsonl'));
    expect([viewer.status, code(viewer)]).toEqual([403, 'FORBIDDEN']);
    const keyOnUpload = await post('/crawlers/upload', member, fixture('vercel.jsonl'), {
      brandId,
    });
    expect([keyOnUpload.status, code(keyOnUpload)]).toEqual([403, 'FORBIDDEN']);
    const session = await ingest(owner.token, fixture('vercel.jsonl'));
    expect([session.status, code(session)]).toEqual([401, 'UNAUTHENTICATED']);
    const none = await ingest(null, fixture('vercel.jsonl'));
    expect([none.status, code(none)]).toEqual([401, 'UNAUTHENTICATED']);
    const wrong = await ingest(
      'lumen_sk_0000000000000000000000000000000000000000000000000',
      fixture('vercel.jsonl'),
    );
    expect([wrong.status, code(wrong)]).toEqual([401, 'UNAUTHENTICATED']);

    const stranger = await person('stranger');
    const foreign = await key(stranger, 'ADMIN');
    const other = await ingest(foreign, fixture('vercel.jsonl'));
    expect([other.status, code(other)]).toEqual([404, 'NOT_FOUND']);
    const named = await ingest(
      foreign,
      fixture('vercel.jsonl'),
      {},
      { 'x-workspace-id': owner.personal },
    );
    expect(named.status).toBe(404);

    const tooLarge = await ingest(member, 'x'.repeat(INGEST_MAX + 1));
    expect([tooLarge.status, code(tooLarge)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const notLog = await ingest(member, '{"hello":"world"}\n');
    expect([notLog.status, code(notLog)]).toEqual([400, 'BAD_USER_INPUT']);

    expect(await rowsOf(brandId)).toMatchObject({ imports: 2 });
    const s = (await stats(owner, brandId)).data!.crawlerStats;
    expect(s.imports.map((i) => i.source)).toEqual(['ingest', 'ingest']);
    expect(s.bots.find((b) => b.agent === 'OAI-SearchBot')).toMatchObject({
      kind: 'SEARCH',
      verified: 1,
      unverified: 1,
    });
  });

  it('counts against the key’s rate limit like the other routes', async () => {
    const owner = await person('limit');
    const brandId = await brandOf(owner);
    const member = await key(owner, 'MEMBER');
    const res = await fetch(`${gateway.url}/ingest/logs?brandId=${brandId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}` },
      body: fixture('vercel.jsonl'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeTruthy();
  });
});
