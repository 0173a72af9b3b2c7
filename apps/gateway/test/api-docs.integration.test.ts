import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '@lumen/config/env';
import { closeDb, createDb, type Database } from '@lumen/db/client';
import { loadSeedCorpus } from '@lumen/engines/corpus/load-seed-corpus';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../src/server';
import { baseInput, client, signUp } from './brand-helpers';

// The copy-paste examples of docs/api.md, run as written (curl in bash, JavaScript in node,
// Python with requests) against a live gateway and worker, so they cannot rot. Every fenced
// bash/js/python block after an `<!-- example: name -->` marker is one case.

const DOC = new URL('../../../docs/api.md', import.meta.url);

type Example = { name: string; lang: 'bash' | 'js' | 'python'; code: string };

function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let name: string | null = null;
  let open: { lang: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^<!-- example: ([a-z-]+) -->$/.exec(line);
    if (marker) name = marker[1] ?? null;
    else if (open && line.startsWith('```')) {
      if (name && ['bash', 'js', 'python'].includes(open.lang)) {
        examples.push({ name, lang: open.lang as Example['lang'], code: open.lines.join('\n') });
      }
      open = null;
    } else if (open) open.lines.push(line);
    else if (line.startsWith('```')) open = { lang: line.slice(3).trim(), lines: [] };
    else if (line.startsWith('## ')) name = null;
  }
  return examples;
}

const examples = examplesOf(readFileSync(DOC, 'utf8'));

let gateway: RunningGateway;
let worker: RunningWorker;
let db: Database;
let env: Record<string, string>;
let cwd: string;
const BRAND = 'Docs Example CRM';

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 2 });
  await loadSeedCorpus(db);
  const config = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    RECONCILE_INTERVAL_MS: '500',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(config, { webDist: null });
  worker = await startWorker(config);
  const owner = client(gateway, await signUp(gateway));
  const brand = await owner<{ createBrand: { id: string } }>(
    'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
    {
      input: baseInput({
        name: BRAND,
        engines: ['local-gpt'],
        keywords: ['crm for small business'],
        schedule: { cadence: 'MANUAL', hour: 0, timezone: 'UTC' },
      }),
    },
  );
  if (brand.errors) throw new Error(JSON.stringify(brand.errors));
  const key = await owner<{ createApiKey: { secret: string } }>(
    'mutation { createApiKey(input: { name: "docs", role: MEMBER }) { secret } }',
  );
  if (key.errors) throw new Error(JSON.stringify(key.errors));
  env = {
    ...(process.env as Record<string, string>),
    LUMEN_URL: gateway.url,
    LUMEN_API_KEY: key.data!.createApiKey.secret,
    BRAND_ID: brand.data!.createBrand.id,
  };
  cwd = mkdtempSync(join(tmpdir(), 'lumen-api-docs-'));
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (db) await closeDb(db);
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

function run(example: Example): Promise<{ code: number | null; out: string; err: string }> {
  const [command, args] =
    example.lang === 'bash'
      ? ['bash', ['-euo', 'pipefail', '-c', example.code]]
      : example.lang === 'js'
        ? [process.execPath, ['--input-type=module', '-e', example.code]]
        : ['python3', ['-c', example.code]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args as string[], { cwd, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** What each example must print (or write) when it worked. */
const EXPECT: Record<string, (out: string) => void> = {
  'list-brands': (out) => expect(out).toContain(BRAND),
  metrics: (out) => expect(out).toMatch(/score/),
  run: (out) => expect(out).toContain('COMPLETED'),
  opportunities: (out) => expect(out).toContain('totalCount'),
  'answers-export': () => {
    const csv = readFileSync(join(cwd, 'answers.csv'), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^run_date,engine,served_model,prompt,/);
    // Run before this, the run examples measured the brand: the file has answers.
    expect(csv.trim().split('\n').length).toBeGreaterThan(1);
  },
  pagination: (out) => expect(Number(/(\d+) runs/.exec(out)?.[1])).toBeGreaterThanOrEqual(3),
};

describe('docs/api.md examples', () => {
  it('has every example in curl, JavaScript and Python, and the tools to run them', () => {
    const byName = new Map<string, string[]>();
    for (const e of examples) byName.set(e.name, [...(byName.get(e.name) ?? []), e.lang]);
    expect(Object.fromEntries(byName)).toEqual({
      'list-brands': ['bash', 'js', 'python'],
      metrics: ['bash', 'js', 'python'],
      run: ['bash', 'js', 'python'],
      opportunities: ['bash', 'js', 'python'],
      'answers-export': ['bash', 'js', 'python'],
      pagination: ['js'],
    });
    // Not skipped when missing: the Python examples use requests, so the test needs it.
    for (const [tool, args] of [
      ['curl', ['--version']],
      ['jq', ['--version']],
      ['python3', ['-c', 'import requests']],
    ] as const) {
      const probe = spawnSync(tool, args as readonly string[]);
      expect(probe.status, `${tool} ${args.join(' ')} must work to run the examples`).toBe(0);
    }
  });

  for (const example of examples) {
    it(`${example.name} (${example.lang})`, async () => {
      const result = await run(example);
      expect(result.code, `${example.lang} failed:\n${result.err}\n${result.out}`).toBe(0);
      EXPECT[example.name]?.(result.out);
    }, 180_000);
  }
});
