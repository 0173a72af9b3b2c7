/**
 * A load generator run as its own process (so it does not share the event loop of the server it
 * measures): `closed` keeps `concurrency` requests in flight for `seconds` and reports requests per
 * second; `open` sends `rate` requests per second on a fixed schedule for `seconds` and reports
 * latency percentiles (a late answer does not delay the next request). With `nonce`, every request
 * carries its own number in that GraphQL variable (unused by the query), so no two requests are the
 * same read. Prints one JSON line.
 */
type Spec = {
  url: string;
  headers: Record<string, string>;
  body: string;
  mode: 'closed' | 'open';
  seconds: number;
  concurrency?: number;
  rate?: number;
  nonce?: string;
};

const spec = JSON.parse(process.argv[2] ?? '{}') as Spec;
const parsedBody = spec.nonce
  ? (JSON.parse(spec.body) as { variables?: Record<string, unknown> })
  : null;
let sent = 0;

function body(): string {
  if (!parsedBody || !spec.nonce) return spec.body;
  sent++;
  return JSON.stringify({
    ...parsedBody,
    variables: { ...parsedBody.variables, [spec.nonce]: sent },
  });
}

async function request(): Promise<number> {
  const started = performance.now();
  const res = await fetch(spec.url, { method: 'POST', headers: spec.headers, body: body() });
  const text = await res.text();
  if (!res.ok || text.includes('"errors"'))
    throw new Error(`bad answer ${res.status}: ${text.slice(0, 200)}`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

if (spec.mode === 'closed') {
  const until = performance.now() + spec.seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: spec.concurrency ?? 16 }, async () => {
      while (performance.now() < until) {
        await request();
        done++;
      }
    }),
  );
  console.log(JSON.stringify({ rps: done / spec.seconds }));
} else {
  const rate = spec.rate ?? 200;
  const total = Math.round(rate * spec.seconds);
  const start = performance.now();
  const latencies: Promise<number>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    latencies.push(request());
  }
  const sorted = (await Promise.all(latencies)).sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      n: sorted.length,
    }),
  );
}
