/**
 * Seeds an existing workspace with the metrics benchmark's data set (docs/benchmarks.md, "Metrics
 * at a million answers"): `DATABASE_URL=… tsx scripts/bench/seed-metrics.ts <workspaceId>`;
 * SEED_ANSWERS, SEED_BRANDS and SEED_DAYS resize it.
 */
import { closeDb, createDb } from '@lumen/db/client';
import { seedMetrics } from '@lumen/db/seed/metrics-bench.seed';

const workspaceId = process.argv[2];
if (!workspaceId || !process.env.DATABASE_URL) {
  console.error('usage: DATABASE_URL=… tsx scripts/bench/seed-metrics.ts <workspaceId>');
  process.exit(2);
}
const db = createDb(process.env.DATABASE_URL, { max: 2 });
const result = await seedMetrics(db, workspaceId, {
  brands: Number(process.env.SEED_BRANDS ?? 20),
  days: Number(process.env.SEED_DAYS ?? 90),
  answers: Number(process.env.SEED_ANSWERS ?? 1_000_000),
});
console.log(
  `${result.answers} answers in ${result.brandIds.length} brands: rows ${(result.rowsMs / 1000).toFixed(1)} s, rollups ${(result.rollupMs / 1000).toFixed(1)} s`,
);
await closeDb(db);
