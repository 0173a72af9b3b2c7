/**
 * Throughput of guest quick checks (docs/benchmarks.md): 200 checks with the local engine, each
 * from its own address (X-Forwarded-For through the trusted loopback proxy, so the per-address
 * limits of 5 an hour do not refuse them), all submitted at once; completed checks per minute
 * from the first submission to the last COMPLETED. Gateway and worker in-process, as
 * quick-score.bench.ts. Goal ≥ 600 per minute on two cores.
 */
import { loadavg } from 'node:os';
import { closeDb, createDb } from '@lumen/db/client';
import { quickScores } from '@lumen/db/schema/quick-scores';
import { sql } from 'drizzle-orm';
import { BENCH_ENV, startTestProduct } from '../test/start-product';
import { machineReference } from './machine-reference';

const GOAL_PER_MINUTE = 600;
const CHECKS = Number(process.env.BENCH_CHECKS ?? 200);

const product = await startTestProduct({ label: 'bench', env: BENCH_ENV, webDist: null });
const { gateway } = product;
const db = createDb(product.databaseUrl, { max: 2 });

async function submit(i: number, round: string): Promise<string> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // 200 distinct addresses: 10.x.y.z, one per check and round.
      'x-forwarded-for': `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    },
    body: JSON.stringify({
      query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
      variables: {
        input: {
          brandName: `Northwind CRM ${round}-${i}`,
          website: `n${round}-${i}.northwindcrm.com`,
          industry: 'CRM software',
        },
      },
    }),
  });
  const body = (await res.json()) as {
    data?: { startQuickScore: { id: string } };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`startQuickScore failed: ${JSON.stringify(body.errors)}`);
  return body.data.startQuickScore.id;
}

/** Submits `count` checks at once and waits until every one is COMPLETED; the wall time. */
async function round(count: number, label: string): Promise<number> {
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: count }, (_, i) => submit(i, label)));
  if (new Set(ids).size !== count)
    throw new Error(`${count} submissions made ${new Set(ids).size} checks`);
  for (;;) {
    const [row] = await db
      .select({
        completed: sql<number>`count(*) filter (where ${quickScores.status} = 'COMPLETED')::int`,
        failed: sql<number>`count(*) filter (where ${quickScores.status} = 'FAILED')::int`,
      })
      .from(quickScores)
      .where(sql`${quickScores.id} = any(${sql.param(ids)}::uuid[])`);
    if (row!.failed > 0) throw new Error(`${row!.failed} quick checks failed`);
    if (row!.completed === count) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
}

try {
  await round(8, '1'); // warm-up: JIT, prepared statements, connection pools
  const load = loadavg()[0]!;
  const cpu = process.cpuUsage();
  const ms = await round(CHECKS, '2');
  const used = process.cpuUsage(cpu);
  const perMinute = (CHECKS * 60_000) / ms;
  console.log(
    `quick checks (local engine, 10 prompts × 4 personas each), ${CHECKS} at once from ${CHECKS} addresses:`,
  );
  console.log(
    `  all COMPLETED in ${(ms / 1000).toFixed(1)} s; gateway and worker used ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU (${((used.user + used.system) / 1e3 / CHECKS).toFixed(0)} ms per check, ${((used.user + used.system) / 1e3 / ms).toFixed(2)} cores)`,
  );
  console.log(
    `  ${perMinute.toFixed(0)} checks per minute, goal ≥ ${GOAL_PER_MINUTE} → ${perMinute >= GOAL_PER_MINUTE ? 'PASS' : 'FAIL'}`,
  );
  console.log(`load average ${load.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
  console.log(machineReference());
  if (perMinute < GOAL_PER_MINUTE) process.exitCode = 1;
} finally {
  await closeDb(db);
  await product.stop();
}
