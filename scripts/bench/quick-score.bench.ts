/**
 * Budget (docs/benchmarks.md): a quick score with the local engine, 10 prompts × 4 personas, takes
 * ≤ 3 s from `startQuickScore` to COMPLETED. Runs the real gateway and worker in-process
 * against fresh services and measures several checks one after another.
 */
import { closeDb, createDb } from '@lumen/db/client';
import { findQuickScore } from '@lumen/db/repositories/quick-score.repository';
import { BENCH_ENV, startTestProduct } from '../test/start-product';
import { machineReference } from './machine-reference';

const BUDGET_MS = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 6);

const product = await startTestProduct({ label: 'bench', env: BENCH_ENV, webDist: null });
const { gateway } = product;
const databaseUrl = product.worker.deps.env.DATABASE_URL!;

const brands = [
  ['Northwind CRM', 'northwindcrm.com', 'CRM software'],
  ['Acme Projects', 'acmeprojects.example.com', 'project management software'],
  ['Inkwell Mail', 'inkwellmail.com', 'email marketing software'],
  ['Ledgerly', 'ledgerly.com', 'accounting software'],
  ['Vaultline', 'vaultline.com', 'password manager'],
  ['Stride Running', 'stride.example.com', 'running shoes'],
];

async function once(i: number): Promise<number> {
  const [name, site, industry] = brands[i % brands.length]!;
  const started = performance.now();
  const res = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
    body: JSON.stringify({
      query: 'mutation ($input: QuickScoreInput!) { startQuickScore(input: $input) { id } }',
      variables: { input: { brandName: `${name} ${i}`, website: `${i}.${site}`, industry } },
    }),
  });
  const body = (await res.json()) as {
    data?: { startQuickScore: { id: string } };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`startQuickScore failed: ${JSON.stringify(body.errors)}`);
  const id = body.data.startQuickScore.id;
  // The row is the truth; poll it tightly (the subscription adds nothing to what is measured).
  const db = createDb(databaseUrl, { max: 1 });
  try {
    for (;;) {
      const row = await findQuickScore(db, id);
      if (row?.status === 'COMPLETED') return performance.now() - started;
      if (row?.status === 'FAILED') throw new Error('quick score failed');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await closeDb(db);
  }
}

try {
  await once(99); // warm-up: JIT, prepared statements, connection pools
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once(i));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times.at(-1)!;
  console.log(`quick score (local engine, 10 prompts × 4 personas), ${RUNS} runs:`);
  console.log(
    `  median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms, budget ${BUDGET_MS} ms → ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
  );
  console.log(machineReference());
  // A missed budget fails `npm run bench` (docs/benchmarks.md), after every figure is printed.
  if (worst > BUDGET_MS) process.exitCode = 1;
} finally {
  await product.stop();
}
