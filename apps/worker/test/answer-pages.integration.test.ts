import { readFileSync } from 'node:fs';
import { loadSecretBox } from '@lumen/config/secrets';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { insertConnection } from '@lumen/db/repositories/engine-connection.repository';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { keyHint } from '@lumen/domain/engines/engine-connection';
import { sealConnectionKey } from '@lumen/engines/connections/connection-secret';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import { seedBrand, startManualRun, startTestWorker, until } from './brand-run-fixtures';

// Google AI Overviews and AI Mode in a real brand run (docs/engines.md, "Answer pages"): a real
// worker asks a loopback SerpApi with the brand's country and language; a page without an AI
// Overview is stored as an answer flagged no_overview that mentions no one; the workspace's
// SerpApi key stays out of Redis, job payloads and log lines.

const SERP_KEY = 'serpapi-workspace-canary-7c6b5a4938271605';

const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      new URL(`../../../packages/engines/src/serp/fixtures/${name}.json`, import.meta.url),
      'utf8',
    ),
  );

let db: Database;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
});
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});
afterAll(async () => {
  if (db) await closeDb(db);
});

describe('a prompt’s own country and language in a brand run', () => {
  it('asks that prompt for its place, the others for the brand’s, and stores each answer’s place', async () => {
    const serp: LoopbackServer = await startLoopback(() => ({
      body: fixture('google-ai-overview-inline'),
    }));
    cleanups.push(() => serp.close());
    const running = await startTestWorker({ ALLOW_PRIVATE_HOSTS: '1' });
    cleanups.push(() => running.close());
    const brand = await seedBrand(db, { prompts: 2, engines: ['ai-overview', 'local-gpt'] });
    await db.execute(
      sql`update brands set country = 'Germany', language = 'en' where id = ${brand.brandId}`,
    );
    const [own, inherits] = brand.promptIds as [string, string];
    await db.execute(sql`update prompts set country = 'FR', language = 'fr' where id = ${own}`);
    const id = crypto.randomUUID();
    await insertConnection(db, {
      id,
      workspaceId: brand.workspaceId,
      kind: 'AI_OVERVIEW',
      label: 'SerpApi',
      baseUrl: serp.url,
      model: null,
      sealedKey: sealConnectionKey(
        loadSecretBox(running.deps.env),
        { id, kind: 'AI_OVERVIEW', baseUrl: serp.url },
        SERP_KEY,
      ),
      keyHint: keyHint(SERP_KEY),
    });

    const runId = await startManualRun(db, brand.brandId);
    await enqueueBrandRun(running.deps.queues, runId);
    const finished = await until(
      () => findRun(db, null, runId),
      (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    );
    expect(finished).toMatchObject({ status: 'COMPLETED', done: 4, failed: 0 });

    const texts = await db.execute<{ id: string; text: string }>(
      sql`select id, text from prompts where brand_id = ${brand.brandId}`,
    );
    const textOf = new Map(texts.map((t) => [t.id, t.text]));
    const asked = serp.requests.map((r) => {
      const q = new URL(r.path, 'http://loopback').searchParams;
      return [q.get('q'), q.get('location'), q.get('gl'), q.get('hl')];
    });
    expect(asked).toEqual(
      expect.arrayContaining([
        [textOf.get(own), 'France', 'fr', 'fr'],
        [textOf.get(inherits), 'Germany', 'de', 'en'],
      ]),
    );
    expect(asked).toHaveLength(2);

    const stored = await db.execute<{
      prompt_id: string;
      engine: string;
      country: string;
      language: string;
    }>(sql`select prompt_id, engine, country, language from answers where run_id = ${runId}
            order by engine, prompt_id = ${own}`);
    expect(stored.map((a) => [a.engine, a.prompt_id === own, a.country, a.language])).toEqual([
      ['ai-overview', false, 'DE', 'en'],
      ['ai-overview', true, 'FR', 'fr'],
      ['local-gpt', false, 'DE', 'en'],
      ['local-gpt', true, 'FR', 'fr'],
    ]);
    // The day's rollups hold one row set per place, besides every place's.
    const places = await db.execute<{ country: string; language: string }>(sql`
      select distinct country, language from metric_snapshots where brand_id = ${brand.brandId}
       order by country, language`);
    expect(places.map((p) => `${p.country}/${p.language}`)).toEqual(['*/*', 'DE/en', 'FR/fr']);
  });
});

describe('answer pages in a brand run', () => {
  it('stores overviews with their sources, flags a page without one, asks in the brand’s country', async () => {
    let firstPrompt: string | undefined;
    const serp: LoopbackServer = await startLoopback((request) => {
      const params = new URL(request.path, 'http://loopback').searchParams;
      if (params.get('engine') === 'google_ai_mode') return { body: fixture('google-ai-mode') };
      firstPrompt ??= params.get('q') ?? undefined;
      return {
        body: fixture(
          params.get('q') === firstPrompt ? 'google-ai-overview-inline' : 'google-no-overview',
        ),
      };
    });
    cleanups.push(() => serp.close());
    const running = await startTestWorker({ ALLOW_PRIVATE_HOSTS: '1' });
    cleanups.push(() => running.close());
    const logged: string[] = [];
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
      const original = running.deps.logger[level].bind(running.deps.logger);
      running.deps.logger[level] = ((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
        return (original as (...a: unknown[]) => void)(...args);
      }) as typeof original;
    }

    const brand = await seedBrand(db, { prompts: 2, engines: ['ai-overview', 'ai-mode'] });
    await db.execute(
      sql`update brands set country = 'Germany', language = 'de' where id = ${brand.brandId}`,
    );
    for (const kind of ['AI_OVERVIEW', 'AI_MODE'] as const) {
      const id = crypto.randomUUID();
      await insertConnection(db, {
        id,
        workspaceId: brand.workspaceId,
        kind,
        label: 'SerpApi',
        baseUrl: serp.url,
        model: null,
        sealedKey: sealConnectionKey(
          loadSecretBox(running.deps.env),
          { id, kind, baseUrl: serp.url },
          SERP_KEY,
        ),
        keyHint: keyHint(SERP_KEY),
      });
    }

    const runId = await startManualRun(db, brand.brandId);
    await enqueueBrandRun(running.deps.queues, runId);
    const finished = await until(
      () => findRun(db, null, runId),
      (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
    );
    expect(finished).toMatchObject({ status: 'COMPLETED', done: 4, failed: 0 });

    expect(serp.requests).toHaveLength(4);
    for (const request of serp.requests) {
      const params = new URL(request.path, 'http://loopback').searchParams;
      expect(params.get('location')).toBe('Germany');
      expect(params.get('gl')).toBe('de');
      expect(params.get('hl')).toBe('de');
      expect(params.get('api_key')).toBe(SERP_KEY);
    }

    const answers = await db.execute<{
      id: string;
      engine: string;
      text: string | null;
      no_overview: boolean;
      error: string | null;
      cost_usd: number | null;
      mentions: number;
      citations: number;
    }>(sql`
      select a.id, a.engine, a.text, a.no_overview, a.error, a.cost_usd::float8 as cost_usd,
             (select count(*)::int from mentions m where m.answer_id = a.id) as mentions,
             (select count(*)::int from citations c where c.answer_id = a.id) as citations
        from answers a where a.run_id = ${runId}
       order by a.engine, a.no_overview`);
    expect(answers.map((a) => [a.engine, a.no_overview, a.error, a.cost_usd])).toEqual([
      ['ai-mode', false, null, 0.015],
      ['ai-mode', false, null, 0.015],
      ['ai-overview', false, null, 0.015],
      ['ai-overview', true, null, 0.015],
    ]);
    const shown = answers[2]!;
    expect(shown.text).toContain('Northwind CRM and Relaymark');
    expect(shown.mentions).toBeGreaterThanOrEqual(2);
    expect(shown.citations).toBe(4);
    const none = answers[3]!;
    expect(none).toMatchObject({ text: '', mentions: 0, citations: 0 });

    // The key was opened inside the jobs: never in Redis (job payloads included) or a log line.
    const redis = running.deps.redis;
    let cursor = '0';
    let scanned = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        scanned++;
        const type = await redis.type(key);
        const values =
          type === 'string'
            ? [await redis.get(key)]
            : type === 'hash'
              ? Object.values(await redis.hgetall(key))
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'zset'
                  ? await redis.zrange(key, 0, -1)
                  : type === 'set'
                    ? await redis.smembers(key)
                    : type === 'stream'
                      ? (await redis.xrange(key, '-', '+')).flatMap(([, fields]) => fields)
                      : [];
        for (const value of values) expect(value ?? '').not.toContain(SERP_KEY);
      }
    } while (cursor !== '0');
    expect(scanned).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(SERP_KEY);
  });
});
