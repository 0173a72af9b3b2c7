import { loadEnv } from '@lumen/config/env';
import type { Database } from '@lumen/db/client';
import { startBrandRun } from '@lumen/db/repositories/run-start.repository';
import { brands, competitors, keywords, prompts } from '@lumen/db/schema/brands';
import { workspaces } from '@lumen/db/schema/tenancy';
import { type RunningWorker, startWorker } from '../src/worker';

const SUBJECTS = [
  'best CRM',
  'best CRM software',
  'most affordable CRM',
  'easiest CRM to set up',
  'best CRM with email automation',
];
const AUDIENCES = [
  'for startups',
  'for small businesses',
  'for agencies',
  'for nonprofits',
  'for remote teams',
  'for real estate agents',
  'for B2B sales teams',
  'for ecommerce shops',
  'for consultants',
  'for freelancers',
];

const PLACES = [
  'Germany',
  'France',
  'Spain',
  'Italy',
  'the Netherlands',
  'Poland',
  'Sweden',
  'Norway',
  'Denmark',
  'Finland',
  'Ireland',
  'the UK',
  'the US',
  'Canada',
  'Australia',
  'Brazil',
  'Mexico',
  'Japan',
  'India',
  'Singapore',
];

/**
 * Up to 1 050 distinct CRM questions the seed corpus can answer: the first 50 are the plain
 * ones, then the same questions asked for a country ("… for startups in Germany?").
 */
function crmPrompts(count: number): string[] {
  const plain = SUBJECTS.flatMap((s) => AUDIENCES.map((a) => `What is the ${s} ${a}?`));
  const all = [
    ...plain,
    ...PLACES.flatMap((place) => plain.map((q) => `${q.slice(0, -1)} in ${place}?`)),
  ];
  if (count > all.length) throw new Error(`at most ${all.length} prompts`);
  return all.slice(0, count);
}

export const LOCAL_ENGINES = ['local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];

export type SeededBrand = { workspaceId: string; brandId: string; promptIds: string[] };

/** A QUEUED manual run of the brand, as the API starts it (its job is not enqueued yet). */
export async function startManualRun(db: Database, brandId: string): Promise<string> {
  const started = await db.transaction((tx) =>
    startBrandRun(tx, { trigger: 'MANUAL', brandId, plans: true }),
  );
  if (started.kind !== 'started') throw new Error(`the run did not start: ${started.kind}`);
  return started.runId;
}

/** A workspace with one brand (Northwind CRM, from the seed corpus), two competitors, prompts. */
export async function seedBrand(
  db: Database,
  options: { prompts: number; engines: string[]; name?: string },
): Promise<SeededBrand> {
  const [ws] = await db.insert(workspaces).values({ name: 'Runs' }).returning();
  const workspaceId = ws!.id;
  const [brand] = await db
    .insert(brands)
    .values({
      workspaceId,
      name: options.name ?? 'Northwind CRM',
      domains: ['northwindcrm.com'],
      engines: options.engines,
      schedule: 'manual',
    })
    .returning();
  const brandId = brand!.id;
  await db.insert(competitors).values([
    { workspaceId, brandId, name: 'Relaymark', domains: ['relaymark.com'] },
    { workspaceId, brandId, name: 'Pipelane', domains: ['pipelane.io'] },
  ]);
  const [keyword] = await db
    .insert(keywords)
    .values({ workspaceId, brandId, text: 'CRM software' })
    .returning();
  const texts = crmPrompts(options.prompts);
  if (texts.length === 0) return { workspaceId, brandId, promptIds: [] };
  const rows = await db
    .insert(prompts)
    .values(
      texts.map((text, i) => ({
        workspaceId,
        brandId,
        keywordId: keyword!.id,
        text,
        source: 'generated' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning({ id: prompts.id });
  return { workspaceId, brandId, promptIds: rows.map((r) => r.id) };
}

/**
 * Job timing shrunk so that retry waits and the reconciler take milliseconds (docs/jobs.md).
 * Nothing in the tests waits on a clock: each step waits for the state it needs.
 */
export const FAST_TIMING = {
  RECONCILE_INTERVAL_MS: '500',
  JOB_RETRY_SCALE: '0.001',
  LOG_LEVEL: 'silent',
};

/**
 * Stall detection in milliseconds, for the tests that kill a worker mid-job. Only for them: with
 * a 1 s lock, a loaded machine (load 40 on two cores) holds a live worker's event loop past its
 * lock, the job is handed out again, and a test counting what each delivery did sees a second
 * one. The others keep the default 30 s lock.
 */
export const FAST_STALLS = {
  WORKER_LOCK_MS: '1000',
  WORKER_STALLED_INTERVAL_MS: '400',
};

/** The real worker in this process, against the test run's Postgres, Redis and prefix. */
export function startTestWorker(env: Record<string, string> = {}): Promise<RunningWorker> {
  return startWorker(loadEnv({ ...process.env, ...FAST_TIMING, NODE_ENV: 'test', ...env }));
}

export { until } from '../../../scripts/test/until';
