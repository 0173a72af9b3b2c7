import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentOfUserAgent, createVerifier } from './crawler-agents';
import { CrawlerLogAggregator, type CrawlerLogSummary, OTHER_PATH } from './crawler-log';
import { parseClfTime, parseLogLine } from './log-formats';
import { LineSplitter } from './log-lines';
import { RANGES_SNAPSHOT } from './ranges-snapshot';

const verifier = createVerifier(RANGES_SNAPSHOT);
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Feeds `text` in chunks of `size` characters, as a stream would arrive. */
function aggregate(text: string, size = text.length, format?: Parameters<typeof parseLogLine>[1]) {
  const agg = new CrawlerLogAggregator(verifier, format ? { format } : {});
  const splitter = new LineSplitter((line) => agg.line(line));
  for (let i = 0; i < text.length; i += size) splitter.push(text.slice(i, i + size));
  splitter.end();
  return agg.summary();
}

const sorted = (s: CrawlerLogSummary) =>
  s.rows
    .map((r) => `${r.day} ${r.agent} ${r.verification} ${r.status} ${r.path} ×${r.hits}`)
    .sort();

describe('LineSplitter', () => {
  it('gives whole lines whatever the chunk boundaries, CRLF included', () => {
    const text = 'one\r\ntwo\n\nthree\nfour';
    for (let size = 1; size <= text.length; size++) {
      const lines: string[] = [];
      const s = new LineSplitter((l) => lines.push(l));
      for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
      s.end();
      expect(lines, `chunks of ${size}`).toEqual(['one', 'two', 'three', 'four']);
    }
  });

  it('skips a line longer than the bound without keeping it', () => {
    const lines: string[] = [];
    const s = new LineSplitter((l) => lines.push(l), 10);
    s.push('short\n0123456789');
    s.push('0123456789');
    s.push('0123\nafter\n');
    s.end();
    expect(lines).toEqual(['short', 'after']);
    expect(s.tooLong).toBe(1);
  });
});

describe('log formats', () => {
  it('reads the time of a combined line with its offset', () => {
    expect(new Date(parseClfTime('25/Nov/2026:10:15:00 +0100')).toISOString()).toBe(
      '2026-11-25T09:15:00.000Z',
    );
    expect(parseClfTime('25/Foo/2026:10:15:00 +0100')).toBeNaN();
  });

  it('keeps the path without its query string', () => {
    const line =
      '20.171.206.5 - - [25/Nov/2026:08:01:00 +0000] "GET /pricing?email=a@b.c HTTP/1.1" 200 5 "-" "GPTBot/1.2"';
    expect(parseLogLine(line)?.record).toEqual({
      time: Date.UTC(2026, 10, 25, 8, 1),
      ip: '20.171.206.5',
      path: '/pricing',
      status: 200,
      userAgent: 'GPTBot/1.2',
    });
  });

  it('refuses a line of another format when the format is given', () => {
    const json = fixture('fastly.jsonl').split('\n')[0] as string;
    expect(parseLogLine(json, 'combined')).toBeNull();
    expect(parseLogLine(json, 'fastly')?.format).toBe('fastly');
    expect(parseLogLine(json)?.format).toBe('fastly');
  });
});

describe('agents', () => {
  it.each([
    ['Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'GPTBot'],
    ['Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)', 'ChatGPT-User'],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', 'Bingbot'],
    ['Mozilla/5.0 (compatible; Claude-SearchBot/1.0)', 'Claude-SearchBot'],
    ['Mozilla/5.0 (compatible; Perplexity-User/1.0)', 'Perplexity-User'],
    ['Mozilla/5.0 (Windows NT 10.0) Chrome/131.0', null],
  ])('%s → %s', (ua, token) => {
    expect(agentOfUserAgent(ua)?.token ?? null).toBe(token);
  });
});

describe('CrawlerLogAggregator', () => {
  it('counts nginx/Apache combined lines: verified, spoofed and unverifiable bots', () => {
    const s = aggregate(fixture('combined.log'));
    expect(s.format).toBe('combined');
    expect(s.lines).toBe(11);
    expect(s.malformed).toBe(1);
    expect(s.hits).toEqual({ verified: 5, unverified: 2, unverifiable: 1 });
    expect(s.firstDay).toBe('2026-11-25');
    expect(s.lastDay).toBe('2026-11-26');
    expect(sorted(s)).toEqual([
      '2026-11-25 ChatGPT-User verified 200 /blog/ai-visibility ×1',
      '2026-11-25 GPTBot unverified 200 /pricing ×1',
      '2026-11-25 GPTBot verified 200 /pricing ×1',
      '2026-11-26 Bingbot verified 503 /docs ×1',
      '2026-11-26 ClaudeBot unverifiable 403 /pricing ×1',
      '2026-11-26 GPTBot unverified 200 /a \\"quoted\\" ×1',
      '2026-11-26 Googlebot verified 200 / ×1',
      '2026-11-26 Googlebot verified 404 /old-page ×1',
    ]);
  });

  it('counts Cloudflare Logpush lines (RFC 3339, seconds and nanoseconds)', () => {
    const s = aggregate(fixture('cloudflare.jsonl'));
    expect(s.format).toBe('cloudflare');
    expect(s.malformed).toBe(1);
    expect(sorted(s)).toEqual([
      '2026-11-25 GPTBot unverified 200 /pricing ×1',
      '2026-11-25 GPTBot verified 200 /pricing ×1',
      '2026-11-26 Bingbot verified 500 /docs ×1',
      '2026-11-26 PerplexityBot verified 200 /blog/ai-visibility ×1',
    ]);
  });

  it('counts Vercel log drain lines', () => {
    const s = aggregate(fixture('vercel.jsonl'));
    expect(s.format).toBe('vercel');
    expect(s.malformed).toBe(1);
    expect(sorted(s)).toEqual([
      '2026-11-25 OAI-SearchBot unverified 200 /pricing ×1',
      '2026-11-25 OAI-SearchBot verified 200 /pricing ×1',
      '2026-11-26 Perplexity-User verified 200 / ×1',
    ]);
  });

  it('counts Fastly JSON lines, IPv6 addresses included', () => {
    const s = aggregate(fixture('fastly.jsonl'));
    expect(s.format).toBe('fastly');
    expect(s.malformed).toBe(0);
    expect(sorted(s)).toEqual([
      '2026-11-25 CCBot unverified 200 /blog/ai-visibility ×1',
      '2026-11-25 CCBot verified 200 /blog/ai-visibility ×1',
      '2026-11-26 Amazonbot unverifiable 200 /pricing ×1',
      '2026-11-26 Googlebot unverified 429 /pricing ×1',
    ]);
  });

  it('gives the same counts whatever the chunk size (lines split across chunks)', () => {
    const text = ['combined.log', 'cloudflare.jsonl', 'vercel.jsonl', 'fastly.jsonl']
      .map(fixture)
      .join('');
    const whole = sorted(aggregate(text));
    for (const size of [1, 7, 64, 333]) expect(sorted(aggregate(text, size))).toEqual(whole);
    // 19 counted lines; the same page, bot, day and status in two files add up.
    expect(whole).toHaveLength(17);
    expect(whole).toContain('2026-11-25 GPTBot verified 200 /pricing ×2');
  });

  it('recognises nothing in a file that is not an access log', () => {
    const s = aggregate('<html>\n<body>GPTBot</body>\n</html>\n');
    expect(s.recognized).toBe(0);
    expect(s.malformed).toBe(3);
    expect(s.rows).toEqual([]);
  });

  it('keeps no address and no query string, and bounds the distinct pages', () => {
    const lines = Array.from(
      { length: 5 },
      (_, i) =>
        `20.171.206.5 - - [25/Nov/2026:08:01:0${i} +0000] "GET /p${i}?token=secret HTTP/1.1" 200 5 "-" "GPTBot/1.2"`,
    ).join('\n');
    const agg = new CrawlerLogAggregator(verifier, { maxKeys: 3 });
    const splitter = new LineSplitter((l) => agg.line(l));
    splitter.push(lines);
    splitter.end();
    const s = agg.summary();
    expect(JSON.stringify(s)).not.toMatch(/20\.171|secret/);
    expect(s.overflow).toBe(2);
    expect(s.rows.find((r) => r.path === OTHER_PATH)?.hits).toBe(2);
  });
});
