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
import type { RunningWorker } from '../src/worker';
import { seedBrand, startManualRun, startTestWorker, until } from './brand-run-fixtures';

// A workspace's own engine connection wins over the server's key in its runs (docs/engines.md,
// "Connections"): a real worker, a real run, two loopback OpenAI-compatible servers.

const WORKSPACE_KEY = 'sk-workspace-canary-5e6f7a8b';
const SERVER_KEY = 'sk-server-canary-1a2b3c4d';

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

function chatServer(model: string): Promise<LoopbackServer> {
  return startLoopback(() => ({
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_763_700_000,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Northwind CRM and Relaymark are popular.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 30, total_tokens: 50 },
    },
  }));
}

async function run(running: RunningWorker, brandId: string) {
  const runId = await startManualRun(db, brandId);
  await enqueueBrandRun(running.deps.queues, runId);
  return until(
    () => findRun(db, null, runId),
    (r) => r?.status === 'COMPLETED' || r?.status === 'FAILED',
  );
}

describe('engines of a workspace run', () => {
  it('ask with the workspace’s connection when it has one, the server’s key otherwise', async () => {
    const [serverLlm, workspaceLlm] = await Promise.all([
      chatServer('server-model'),
      chatServer('workspace-model'),
    ]);
    cleanups.push(
      () => serverLlm.close(),
      () => workspaceLlm.close(),
    );
    const running = await startTestWorker({
      OPENAI_COMPATIBLE_BASE_URL: `${serverLlm.url}/v1`,
      OPENAI_COMPATIBLE_MODEL: 'server-model',
      OPENAI_COMPATIBLE_API_KEY: SERVER_KEY,
    });
    cleanups.push(() => running.close());

    const own = await seedBrand(db, { prompts: 2, engines: ['openai-compatible'] });
    const id = crypto.randomUUID();
    const baseUrl = `${workspaceLlm.url}/v1`;
    await insertConnection(db, {
      id,
      workspaceId: own.workspaceId,
      kind: 'OPENAI_COMPATIBLE',
      label: 'Team vLLM',
      baseUrl,
      model: 'workspace-model',
      sealedKey: sealConnectionKey(
        loadSecretBox(running.deps.env),
        { id, kind: 'OPENAI_COMPATIBLE', baseUrl },
        WORKSPACE_KEY,
      ),
      keyHint: keyHint(WORKSPACE_KEY),
    });
    const plain = await seedBrand(db, { prompts: 2, engines: ['openai-compatible'] });

    expect(await run(running, own.brandId)).toMatchObject({ status: 'COMPLETED', done: 2 });
    expect(workspaceLlm.requests).toHaveLength(2);
    for (const request of workspaceLlm.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${WORKSPACE_KEY}`);
      expect(request.body).toMatchObject({ model: 'workspace-model' });
    }
    expect(serverLlm.requests).toHaveLength(0);
    const served = await db.execute<{ served_model: string }>(
      sql`select a.served_model from answers a join runs r on r.id = a.run_id
          where r.brand_id = ${own.brandId}`,
    );
    expect(served.map((r) => r.served_model)).toEqual(['workspace-model', 'workspace-model']);

    expect(await run(running, plain.brandId)).toMatchObject({ status: 'COMPLETED', done: 2 });
    expect(serverLlm.requests).toHaveLength(2);
    expect(serverLlm.requests[0]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(workspaceLlm.requests).toHaveLength(2);
  });
});
