import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeDb, createDb } from '@lumen/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import { loadSeedCorpus } from '../corpus/load-seed-corpus';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

function ask(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only what the CLI needs: no provider key leaks in from the developer's shell.
  const clean: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
  };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['packages/engines/src/cli/ask.ts', ...args],
      { cwd: root, env: clean, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run ask', () => {
  let openai: LoopbackServer;

  beforeAll(async () => {
    const db = createDb(process.env.DATABASE_URL as string, { max: 1 });
    await loadSeedCorpus(db);
    await closeDb(db);
    openai = await startLoopback(() => ({
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided: sk-bad.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    }));
  });

  afterAll(async () => {
    await openai.close();
  });

  it('prints one JSON object for the local engine', async () => {
    const result = await ask(
      ['What is the best CRM for startups?', '--engine', 'local-claude', '--json'],
      { DATABASE_URL: process.env.DATABASE_URL },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(parsed).toMatchObject({ engine: 'local-claude', servedModel: 'local-claude-1' });
    expect(typeof parsed.text).toBe('string');
    expect(parsed.text).toContain('**');
    expect(Array.isArray(parsed.citations)).toBe(true);
    expect((parsed.citations as unknown[]).length).toBeGreaterThan(0);
    expect(typeof parsed.latencyMs).toBe('number');
  });

  it('prints the answer and its analysis for a tracked brand', async () => {
    const result = await ask(
      ['best CRM for startups', '--brand', 'Northwind CRM', '--competitor', 'Relaymark'],
      { DATABASE_URL: process.env.DATABASE_URL },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Local (offline)');
    expect(result.stdout).toContain('Citations:');
    expect(result.stdout).toMatch(/Northwind CRM \(brand\): rank \d+, \d+ mention\(s\)/);
  });

  it('explains a rejected key and exits non-zero', async () => {
    const result = await ask(['best CRM for startups', '--engine', 'openai'], {
      OPENAI_API_KEY: 'sk-bad',
      OPENAI_BASE_URL: `${openai.url}/v1`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Authentication failed for ChatGPT/);
    expect(result.stdout).toBe('');
  });

  it('names the missing setting for an engine that is not configured', async () => {
    const result = await ask(['best CRM', '--engine', 'anthropic', '--json'], {});
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      error: {
        code: 'ENGINE_UNAVAILABLE',
        message: 'The anthropic engine is not configured: set ANTHROPIC_API_KEY.',
      },
    });
  });

  it('starts the embedded Postgres, migrates and seeds it when DATABASE_URL is unset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lumen-ask-'));
    // Postgres runs as its own user when we are root: it must be able to enter the folder.
    await chmod(dataDir, 0o755);
    try {
      const result = await ask(['best password manager for families', '--json'], {
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(0);
      const parsed = JSON.parse(result.stdout) as { text: string; citations: unknown[] };
      expect(parsed.text).toMatch(/^1\. \*\*/m);
      expect(parsed.citations.length).toBeGreaterThan(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
