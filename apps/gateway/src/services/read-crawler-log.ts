import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Verifier } from '@lumen/domain/crawlers/crawler-agents';
import { CrawlerLogAggregator, type CrawlerLogSummary } from '@lumen/domain/crawlers/crawler-log';
import type { LogFormat } from '@lumen/domain/crawlers/log-formats';
import { LineSplitter } from '@lumen/domain/crawlers/log-lines';
import { LumenError } from '../errors';

// The streaming side of reading an access log (docs/crawlers.md): bytes in as they arrive
// (a request body, a file), gunzipped when they start with gzip's magic number, decoded as
// UTF-8, split into lines and counted by the pure aggregator of @lumen/domain. Memory stays
// flat: one chunk, the part of a line it cut, and the counts. Nothing of a line is kept.

export type CrawlerLogRead = { summary: CrawlerLogSummary; bytes: number; tooLong: number };

const tooLarge = (maxBytes: number) =>
  new LumenError(
    'PAYLOAD_TOO_LARGE',
    `The log is larger than ${formatBytes(maxBytes)}. Send it in parts, or compress it with gzip.`,
    { maxBytes },
  );

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${+(n / 1024).toFixed(1)} KiB`;
}

export async function readCrawlerLog(
  source: AsyncIterable<Uint8Array>,
  options: { verifier: Verifier; format?: LogFormat; maxBytes: number },
): Promise<CrawlerLogRead> {
  const { maxBytes } = options;
  const aggregator = new CrawlerLogAggregator(
    options.verifier,
    options.format ? { format: options.format } : {},
  );
  const splitter = new LineSplitter((line) => aggregator.line(line));
  const decoder = new TextDecoder('utf-8');
  let received = 0;
  let text = 0;

  const iterator = source[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) throw new LumenError('BAD_USER_INPUT', 'The log is empty.');
  const head = first.value;
  async function* counted(): AsyncGenerator<Uint8Array> {
    received += head.length;
    if (received > maxBytes) throw tooLarge(maxBytes);
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      received += next.value.length;
      if (received > maxBytes) throw tooLarge(maxBytes);
      yield next.value;
    }
  }
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  let chunks: AsyncIterable<Uint8Array> = counted();
  if (gzipped) {
    const input = Readable.from(counted());
    const gunzip = createGunzip();
    input.on('error', (error) => gunzip.destroy(error));
    chunks = input.pipe(gunzip);
  }
  try {
    for await (const chunk of chunks) {
      text += chunk.length;
      // A gzip bomb is stopped at the same bound as the text it would become.
      if (text > maxBytes) throw tooLarge(maxBytes);
      splitter.push(decoder.decode(chunk, { stream: true }));
    }
  } catch (error) {
    if (error instanceof LumenError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (gzipped && code.startsWith('Z_')) {
      throw new LumenError('BAD_USER_INPUT', 'The gzip file is damaged or cut short.');
    }
    throw error;
  }
  splitter.push(decoder.decode());
  splitter.end();
  const summary = aggregator.summary();
  if (summary.recognized === 0) {
    throw new LumenError(
      'BAD_USER_INPUT',
      options.format
        ? `No line of this file is a ${options.format} access log line.`
        : 'No line of this file is an access log line Lumen reads (nginx or Apache combined, or the JSON lines of Cloudflare, Vercel or Fastly).',
    );
  }
  return { summary, bytes: received, tooLong: splitter.tooLong };
}
