import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, codeOf } from './brand-helpers';
import { sseSubscribe } from './sse';
import {
  join,
  person as newPerson,
  teamWorkspace as newTeamWorkspace,
  type Person,
} from './team-helpers';

// The site audit's three GraphQL fields (docs/site-audit.md): `siteAudit`, `runSiteAudit` and
// `siteAuditUpdated` answer another workspace's brand exactly as a missing one, follow the
// workspace roles (a viewer reads, an editor runs), give the open audit back to a second run,
// and, with the real worker auditing a site this test serves on loopback, deliver the finished
// audit live to its workspace and to nobody else.

const MISSING = '00000000-0000-4000-8000-000000000000';
const AUDIT = `id status trigger origin done total step score error findings { key severity }`;
const QUERY = `query ($b: ID!) { siteAudit(brandId: $b) { ${AUDIT} } }`;
const RUN = `mutation ($b: ID!) { runSiteAudit(brandId: $b) { ${AUDIT} } }`;
const SUBSCRIBE = `subscription ($b: ID!) { siteAuditUpdated(brandId: $b) { ${AUDIT} } }`;

type Audit = {
  id: string;
  status: string;
  trigger: string;
  origin: string | null;
  done: number;
  total: number;
  step: string | null;
  score: number | null;
  error: string | null;
  findings: { key: string; severity: string }[];
};

let gateway: RunningGateway;
let db: Database;
let server: Server;
let host: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  gateway = await startGateway(env, { webDist: null });
  // A small site: robots.txt blocking GPTBot, no llms.txt, no sitemap, one home page.
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n');
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        '<!doctype html><html><head><title>Northwind CRM</title></head><body><main><h1>Northwind CRM</h1><p>The CRM for small teams.</p></main></body></html>',
      );
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await db?.execute(
    sql`update site_audits set status = 'FAILED' where status in ('QUEUED', 'RUNNING')`,
  );
  await gateway?.close();
  await new Promise<void>((done) => server?.close(() => done()));
  if (db) await closeDb(db);
});

const person = (name = 'site') => newPerson(gateway, name);

/** A brand in `workspace` whose site is this test's loopback server. */
async function brandOf(who: Person, workspace = who.personal): Promise<string> {
  const res = await who.gql<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    { input: baseInput({ schedule: { cadence: 'MANUAL', hour: 7, timezone: 'Europe/Berlin' } }) },
    workspace,
  );
  expect(res.errors).toBeUndefined();
  const id = res.data!.createBrand.id;
  // The brand form takes public domains; the loopback host is set on the row.
  await db.execute(sql`update brands set domains = array[${host}]::text[] where id = ${id}`);
  return id;
}

async function read(who: Person, brandId: string, workspace?: string) {
  return who.gql<{ siteAudit: Audit | null }>(QUERY, { b: brandId }, workspace);
}

async function run(who: Person, brandId: string, workspace?: string) {
  return who.gql<{ runSiteAudit: Audit }>(RUN, { b: brandId }, workspace);
}

function subscribe(who: Person, brandId: string, signal: AbortSignal, workspace?: string) {
  return sseSubscribe(`${gateway.url}/graphql`, SUBSCRIBE, { b: brandId }, signal, {
    authorization: `Bearer ${who.token}`,
    ...(workspace ? { 'x-workspace-id': workspace } : {}),
  });
}

async function firstFrame(who: Person, brandId: string, workspace?: string) {
  const frames = subscribe(who, brandId, new AbortController().signal, workspace);
  const first = (await frames.next()).value;
  await frames.return(undefined);
  return first;
}

async function openAudits(brandId: string) {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from site_audits where brand_id = ${brandId}`,
  );
  return rows[0]!.n;
}

describe('site audit fields across workspaces', () => {
  it('another workspace’s brand, a missing id and a malformed id all get NOT_FOUND, from all three fields', async () => {
    const a = await person('a');
    const b = await person('b');
    const brandId = await brandOf(a);
    for (const id of [brandId, MISSING, 'not-an-id']) {
      const query = await read(b, id);
      expect(codeOf(query), `siteAudit ${id}`).toBe('NOT_FOUND');
      expect(query.errors?.[0]?.message).toBe('Brand not found.');
      const mutation = await run(b, id);
      expect(codeOf(mutation), `runSiteAudit ${id}`).toBe('NOT_FOUND');
      expect(mutation.errors?.[0]?.message).toBe('Brand not found.');
      const frame = await firstFrame(b, id);
      expect(frame?.errors?.[0]?.extensions?.code, `siteAuditUpdated ${id}`).toBe('NOT_FOUND');
      expect(frame?.errors?.[0]?.message).toBe('Brand not found.');
    }
    // B's attempt left no audit behind, and A's own workspace still sees none.
    expect(await openAudits(brandId)).toBe(0);
    const own = await read(a, brandId);
    expect(own.errors).toBeUndefined();
    expect(own.data!.siteAudit).toBeNull();
    expect((await firstFrame(a, brandId))?.data?.siteAuditUpdated).toBeNull();
  });

  it('role walk: a viewer reads and follows the audit but may not run one; member, admin and owner run it', async () => {
    const owner = await person('owner');
    const w = await newTeamWorkspace(owner, 'Site team');
    const viewer = await person('viewer');
    const member = await person('member');
    const admin = await person('admin');
    await join(owner, w, viewer, 'VIEWER');
    await join(owner, w, member, 'MEMBER');
    await join(owner, w, admin, 'ADMIN');
    const brandId = await brandOf(owner, w);

    const refused = await run(viewer, brandId, w);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(await openAudits(brandId)).toBe(0);
    const empty = await read(viewer, brandId, w);
    expect(empty.errors).toBeUndefined();
    expect(empty.data!.siteAudit).toBeNull();

    // No worker runs here: the first run stays QUEUED and every later one gets it back.
    const first = await run(member, brandId, w);
    expect(first.errors).toBeUndefined();
    expect(first.data!.runSiteAudit).toMatchObject({ status: 'QUEUED', trigger: 'manual' });
    const id = first.data!.runSiteAudit.id;
    for (const who of [admin, owner]) {
      const again = await run(who, brandId, w);
      expect(again.errors).toBeUndefined();
      expect(again.data!.runSiteAudit.id).toBe(id);
    }
    expect(await openAudits(brandId)).toBe(1);

    const seen = await read(viewer, brandId, w);
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.siteAudit).toMatchObject({ id, status: 'QUEUED' });
    const frame = await firstFrame(viewer, brandId, w);
    expect(frame?.errors).toBeUndefined();
    expect(frame?.data?.siteAuditUpdated).toMatchObject({ id, status: 'QUEUED' });
    // Still refused with an audit open: the viewer gets FORBIDDEN, not the open audit.
    expect(codeOf(await run(viewer, brandId, w))).toBe('FORBIDDEN');

    // One request in the activity log, by the member who asked first.
    const log = await owner.gql<{
      activity: { edges: { node: { kind: string; actor: { id: string | null } } }[] };
    }>(
      `query ($f: ActivityFilter) { activity(filter: $f, first: 50) {
         edges { node { kind actor { id } } } } }`,
      { f: { brandId } },
      w,
    );
    expect(log.errors).toBeUndefined();
    const requested = log.data!.activity.edges.filter(
      (e) => e.node.kind === 'site_audit.requested',
    );
    expect(requested.map((e) => e.node.actor.id)).toEqual([member.id]);
  });

  it('two runs at once while one is open get the same audit, not a CONFLICT and not a second row', async () => {
    const a = await person('twice');
    const brandId = await brandOf(a);
    const [one, two] = await Promise.all([run(a, brandId), run(a, brandId)]);
    expect(one.errors).toBeUndefined();
    expect(two.errors).toBeUndefined();
    expect(two.data!.runSiteAudit.id).toBe(one.data!.runSiteAudit.id);
    const three = await run(a, brandId);
    expect(three.data!.runSiteAudit.id).toBe(one.data!.runSiteAudit.id);
    expect(await openAudits(brandId)).toBe(1);
  });
});

describe('site audit through the real worker', () => {
  let worker: RunningWorker | undefined;

  afterAll(async () => {
    await db.execute(
      sql`update site_audits set status = 'FAILED' where status in ('QUEUED', 'RUNNING')`,
    );
    await worker?.close();
  });

  it('runSiteAudit reaches COMPLETED, the owner’s subscription shows it, another workspace’s shows nothing of it', async () => {
    // The audits the tests above left open are not this test's: the worker skips them.
    await db.execute(
      sql`update site_audits set status = 'FAILED' where status in ('QUEUED', 'RUNNING')`,
    );
    worker = await startWorker(
      loadEnv({
        ...process.env,
        PORT: '0',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RECONCILE_INTERVAL_MS: '600000',
        WORKER_LOCK_MS: '30000',
        WORKER_STALLED_INTERVAL_MS: '30000',
      }),
    );
    const owner = await person('owner');
    const brandId = await brandOf(owner);
    const other = await person('other');
    const otherBrand = await brandOf(other);

    const mine = new AbortController();
    const ownerFrames = subscribe(owner, brandId, mine.signal);
    const theirs = new AbortController();
    const otherFrames = subscribe(other, otherBrand, theirs.signal);
    const next = async (frames: typeof ownerFrames) => {
      const frame = (await frames.next()).value;
      expect(frame?.errors).toBeUndefined();
      return frame?.data?.siteAuditUpdated as Audit | null;
    };
    expect(await next(ownerFrames)).toBeNull();
    expect(await next(otherFrames)).toBeNull();

    const started = await run(owner, brandId);
    expect(started.errors).toBeUndefined();
    const id = started.data!.runSiteAudit.id;

    const seen: Audit[] = [];
    for (;;) {
      const frame = await next(ownerFrames);
      expect(frame?.id).toBe(id);
      seen.push(frame!);
      if (frame!.status === 'COMPLETED' || frame!.status === 'FAILED') break;
    }
    mine.abort();
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ id, status: 'COMPLETED', error: null, origin: `http://${host}` });
    expect(last.done).toBe(last.total);
    expect(last.score).toBeGreaterThan(0);
    expect(last.findings.map((f) => f.key)).toContain('robots:gptbot');
    expect(last.findings.map((f) => f.key)).toContain('llms:missing');
    // Progress never goes back.
    const done = seen.map((f) => f.done);
    expect(done).toEqual([...done].sort((x, y) => x - y));
    const final = await read(owner, brandId);
    expect(final.data!.siteAudit).toMatchObject({ id, status: 'COMPLETED', score: last.score });

    // The other workspace's stream had nothing: its next frame is its own audit, asked for now.
    const own = await run(other, otherBrand);
    expect(own.errors).toBeUndefined();
    const frame = await next(otherFrames);
    theirs.abort();
    expect(frame?.id).toBe(own.data!.runSiteAudit.id);
    expect(frame?.id).not.toBe(id);
  });
});
