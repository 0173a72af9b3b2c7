import type { Brand } from '@lumen/db/repositories/brand.repository';
import { addCrawlerCounts, type CrawlerImport } from '@lumen/db/repositories/crawler.repository';
import type { LogFormat } from '@lumen/domain/crawlers/log-formats';
import { publishEvent, TOPIC } from '@lumen/jobs/events';
import type { GatewayDeps } from '../context';
import { crawlerVerifier } from './crawler-ranges';
import { readCrawlerLog } from './read-crawler-log';

// Reads one access log into a brand's crawler counts (docs/crawlers.md): the whole stream is
// counted first, then the counts and the import row are written in one transaction, so a log
// that fails half way (too large, damaged gzip, not a log, the client gone) leaves nothing.

export type CrawlerImportResult = CrawlerImport & { tooLong: number; overflow: number };

export async function importCrawlerLog(
  deps: GatewayDeps,
  input: {
    workspaceId: string;
    brand: Brand;
    source: 'upload' | 'ingest';
    fileName: string | null;
    format: LogFormat | undefined;
    actorId: string | null;
    body: AsyncIterable<Uint8Array>;
    maxBytes: number;
  },
): Promise<CrawlerImportResult> {
  const read = await readCrawlerLog(input.body, {
    verifier: crawlerVerifier(deps.env.CRAWLER_RANGES_DIR),
    maxBytes: input.maxBytes,
    ...(input.format ? { format: input.format } : {}),
  });
  const { summary } = read;
  const saved = await deps.db.transaction((tx) =>
    addCrawlerCounts(
      tx,
      input.workspaceId,
      input.brand.id,
      {
        source: input.source,
        fileName: input.fileName,
        format: summary.format,
        bytes: read.bytes,
        lines: summary.lines,
        malformed: summary.malformed,
        hits: summary.hits,
        firstDay: summary.firstDay,
        lastDay: summary.lastDay,
        actorId: input.actorId,
      },
      summary.rows,
    ),
  );
  // Not a GraphQL mutation: the response cache hears of the new counts from this event.
  await publishEvent(deps.redis, deps.env.REDIS_PREFIX, TOPIC.workspace(input.workspaceId), {
    workspaceId: input.workspaceId,
  });
  return { ...saved, tooLong: read.tooLong, overflow: summary.overflow };
}
