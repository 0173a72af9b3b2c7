import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawlerVerifier } from '../../apps/gateway/src/services/crawler-ranges';
import { readCrawlerLog } from '../../apps/gateway/src/services/read-crawler-log';
import { machineReference } from './machine-reference';

// Reading an access log for AI-crawler counts (docs/crawlers.md, "Speed"): a 1 GB nginx
// combined log, generated here into a temporary folder (never committed), streamed from disk
// through the same reader the upload and ingest routes use. Budgets: ≤ 60 s, and memory flat
// (the process's resident memory grows by ≤ 200 MB whatever the file's size).

const TARGET_BYTES = Number(process.env.CRAWLER_BENCH_BYTES ?? 1024 ** 3);
const BUDGET_MS = 60_000;
const BUDGET_RSS_MB = 200;

const HUMAN_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];
const BOTS: [string, string][] = [
  [
    '20.171.206.5',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  ],
  [
    '203.0.113.9',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  ],
  [
    '23.98.142.180',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  ],
  ['66.249.66.7', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [
    '157.55.39.12',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    '34.210.11.2',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  ],
  [
    '107.20.236.150',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  ],
];

/** 4 MiB of log lines (about 3 % AI bots, 30 days, 2 000 pages), written again until the target. */
function block(): Buffer {
  const lines: string[] = [];
  let size = 0;
  let i = 0;
  while (size < 4 * 1024 * 1024) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const time = `${day}/Nov/2026:${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:07 +0000`;
    const page = `/blog/post-${i % 2000}${i % 7 === 0 ? '?utm_source=news' : ''}`;
    const bot = i % 33 === 0 ? BOTS[(i / 33) % BOTS.length] : undefined;
    const ip = bot ? bot[0] : `198.51.${(i >> 8) & 255}.${i & 255}`;
    const ua = bot ? bot[1] : HUMAN_AGENTS[i % HUMAN_AGENTS.length];
    const status = i % 50 === 0 ? 404 : 200;
    const line = `${ip} - - [${time}] "GET ${page} HTTP/1.1" ${status} ${1000 + (i % 9000)} "https://www.example.com/" "${ua}"\n`;
    lines.push(line);
    size += line.length;
    i++;
  }
  return Buffer.from(lines.join(''));
}

const dir = mkdtempSync(join(tmpdir(), 'lumen-crawler-bench-'));
const file = join(dir, 'access.log');
try {
  const started = Date.now();
  const chunk = block();
  const fd = openSync(file, 'w');
  for (let written = 0; written < TARGET_BYTES; written += chunk.length) writeSync(fd, chunk);
  closeSync(fd);
  const bytes = statSync(file).size;
  console.log(
    `generated ${(bytes / 1024 ** 3).toFixed(2)} GiB in ${((Date.now() - started) / 1000).toFixed(1)} s (${cpus().length} cores)`,
  );

  const verifier = crawlerVerifier(undefined);
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const read = await readCrawlerLog(createReadStream(file, { highWaterMark: 1024 * 1024 }), {
    verifier,
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const used = process.cpuUsage(cpu);
  const { summary } = read;
  const growthMb = (peak - rssBefore) / 1024 ** 2;
  console.log(
    `read ${summary.lines.toLocaleString('en')} lines: verified ${summary.hits.verified}, unverified ${summary.hits.unverified}, unverifiable ${summary.hits.unverifiable}, ${summary.rows.length} count rows`,
  );
  console.log(
    `${(bytes / 1024 ** 2 / (ms / 1000)).toFixed(0)} MiB/s, CPU ${((used.user + used.system) / 1000 / ms).toFixed(2)} cores`,
  );
  console.log(machineReference());
  console.log(
    `${(bytes / 1024 ** 3).toFixed(2)} GiB access log read in ${(ms / 1000).toFixed(1)} s (budget ≤ ${BUDGET_MS / 1000} s) ${ms <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `memory while reading: +${growthMb.toFixed(0)} MB resident (${(rssBefore / 1024 ** 2).toFixed(0)} → ${(peak / 1024 ** 2).toFixed(0)} MB; budget ≤ ${BUDGET_RSS_MB} MB) ${growthMb <= BUDGET_RSS_MB ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ms <= BUDGET_MS && growthMb <= BUDGET_RSS_MB ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
