import { closeDb, createDb, type Database } from '@lumen/db/client';
import { findRun } from '@lumen/db/repositories/run-query.repository';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../../packages/engines/test/loopback-server';
import type { RunningWorker } from '../src/worker';
import { seedBrand, startManualRun, startTestWorker, until } from './brand-run-fixtures';

// A brand run reads short answers in the brand's language (docs/analysis.md, "Languages"): an
// answer too short to tell its own language is scored with the brand's lexicon, or not at all.

let db: Database;
let llm: LoopbackServer;
let running: RunningWorker;

// No function word in any language: only the brand's language can say how to read it.
const SHORT_SPANISH = 'Northwind CRM: excelente opción, sin duda.';

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
  llm = await startLoopback((request) => ({
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_763_700_000,
      model: (request.body as { model: string }).model,
      choices: [
        { index: 0, message: { role: 'assistant', content: SHORT_SPANISH }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
    },
  }));
  running = await startTestWorker({
    OPENAI_COMPATIBLE_BASE_URL: `${llm.url}/v1`,
    OPENAI_COMPATIBLE_MODEL: 'test-model',
  });
});

afterAll(async () => {
  await running?.close();
  await llm?.close();
  if (db) await closeDb(db);
});

async function brandMentionSentiment(language: string) {
  const brand = await seedBrand(db, { prompts: 1, engines: ['openai-compatible'] });
  await db.execute(sql`update brands set language = ${language} where id = ${brand.brandId}`);
  const runId = await startManualRun(db, brand.brandId);
  await enqueueBrandRun(running.deps.queues, runId);
  const done = await until(
    () => findRun(db, null, runId),
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
  expect(done?.status).toBe('COMPLETED');
  const rows = await db.execute<{ sentiment: number | null }>(
    sql`select m.sentiment from mentions m join answers a on a.id = m.answer_id
         where a.run_id = ${runId} and m.entity = 'brand'`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.sentiment;
}

describe('brand runs use the brand’s language for short answers', () => {
  it('scores a short Spanish answer for a Spanish brand', async () => {
    expect(await brandMentionSentiment('es')).toBeGreaterThan(0.05);
  });

  it('leaves it unscored for a brand in a language without a lexicon, never guessing English', async () => {
    expect(await brandMentionSentiment('pl')).toBeNull();
  });
});
