/**
 * Budget (docs/benchmarks.md, "Metrics at a million answers"): on one workspace of 1 000 brands,
 * 20 of them with 90 days × 4 engines and 1 000 000 answers, the other 980 copies of their last
 * 30 days of all-keyword rollups (packages/db/src/seed/metrics-bench.seed.ts), each of brand metrics, trend,
 * byEngine, sources and the dashboard query answers with p95 ≤ 100 ms through the gateway,
 * authenticated, over HTTP on loopback. Sequential requests after a warm-up; the brand fields ask
 * for the last 90 days (the widest range the pages offer), the dashboard for every brand's week,
 * month and engines, each request a first read (not answered by the response cache). SEED_ANSWERS
 * resizes the data set (the budget is for the default).
 */
import { loadavg } from 'node:os';
import { closeDb, createDb } from '@lumen/db/client';
import { seedMetrics } from '@lumen/db/seed/metrics-bench.seed';
import { BENCH_ENV, startTestProduct } from '../test/start-product';
import { machineReference } from './machine-reference';

const BUDGET_P95_MS = 100;
const ANSWERS = Number(process.env.SEED_ANSWERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BRANDS = 1000;
const ANSWERED_BRANDS = 20;

const product = await startTestProduct({ label: 'bench_metrics', env: BENCH_ENV, webDist: null });
const base = product.gateway.url;
const ROLLUP_CONCURRENCY = 4;
const db = createDb(product.worker.deps.env.DATABASE_URL!, { max: ROLLUP_CONCURRENCY });

async function signUp(): Promise<string> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { supabaseAnonKey: string };
  const res = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

function client(token: string) {
  return async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
}

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const QUARTER = { from: day(89), to: day(0) };
const WEEK = { from: day(6), to: day(0) };
const MONTH = { from: day(29), to: day(0) };
const CORE = 'answers score mentionRate { value low high } shareOfVoice citationRate averageRank';

try {
  const token = await signUp();
  const gql = client(token);
  const me = (await (
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { workspaces { id } } }' }),
    })
  ).json()) as { data: { me: { workspaces: { id: string }[] } } };
  const workspaceId = me.data.me.workspaces[0]!.id;
  const seeded = await seedMetrics(db, workspaceId, {
    brands: ANSWERED_BRANDS,
    days: 90,
    answers: ANSWERS,
    copies: BRANDS - ANSWERED_BRANDS,
    copyDays: 30,
    rollupConcurrency: ROLLUP_CONCURRENCY,
  });
  console.log(
    `seeded ${seeded.answers} answers (${ANSWERED_BRANDS} brands × 90 days × 4 engines) and ${seeded.copyIds.length} more brands with copies of their rollups (30 days, all keywords): rows ${(seeded.rowsMs / 1000).toFixed(0)} s, rollups ${(seeded.rollupMs / 1000).toFixed(0)} s, copies ${(seeded.copyMs / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const brandId = seeded.brandIds[0]!;
  const cases: [string, string, Record<string, unknown>][] = [
    [
      'brand metrics (90 days)',
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { metrics(filter: $f) { ${CORE} change { verdict } } } }`,
      { id: brandId, f: QUARTER },
    ],
    [
      'brand trend (90 days by day)',
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { trend(filter: $f) { date ${CORE} } } }`,
      { id: brandId, f: QUARTER },
    ],
    [
      'brand byEngine (90 days)',
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { byEngine(filter: $f) { engine ${CORE} change { verdict } } } }`,
      { id: brandId, f: QUARTER },
    ],
    [
      'brand sources (90 days)',
      `query ($id: ID!, $f: MetricsFilter!) { brand(id: $id) { sources(filter: $f, first: 20) { domain owner citations answers share } } }`,
      { id: brandId, f: QUARTER },
    ],
    [
      `dashboard (${BRANDS} brands: week, month trend, engines)`,
      `query ($w: MetricsFilter!, $m: MetricsFilter!) { brands { id name metrics(filter: $w) { score mentionRate { value } change { score mentionRate verdict } } trend(filter: $m) { date answers score } byEngine(filter: $w) { engine label mentionRate { value } change { mentionRate verdict } } } }`,
      { w: WEEK, m: MONTH },
    ],
  ];
  let failed = false;
  // Every request carries its own (unused) variable: a first read, which the gateway's response
  // cache cannot answer, so the figures are the rollup reads at a million answers.
  let read = 0;
  for (const [name, query, variables] of cases) {
    for (let i = 0; i < 20; i++) await gql(query, { ...variables, read: ++read });
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const fresh = { ...variables, read: ++read };
      const t = performance.now();
      await gql(query, fresh);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length * 0.5)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    const pass = p95 <= BUDGET_P95_MS && ANSWERS >= 1_000_000;
    failed ||= !pass;
    console.log(
      `  ${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${REQUESTS} requests, budget p95 ≤ ${BUDGET_P95_MS} ms at 1 M answers → ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(machineReference());
  if (failed) process.exitCode = 1;
} finally {
  await closeDb(db);
  await product.stop();
}
