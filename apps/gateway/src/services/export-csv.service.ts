import {
  type AnswerExportRow,
  streamAnswerExport,
} from '@lumen/db/repositories/answer-export.repository';
import type { Brand } from '@lumen/db/repositories/brand.repository';
import { listTallies } from '@lumen/db/repositories/metrics-query.repository';
import { csvLine } from '@lumen/domain/export/csv';
import { sumBy } from '@lumen/domain/metrics/breakdown';
import { metricsFromTally } from '@lumen/domain/metrics/tally';
import type { Context } from '../context';
import type { ParsedFilter } from './brand-metrics.service';

// The CSV exports of the Analytics page (docs/metrics.md, "Exports"). The answers are read
// through a cursor and written batch by batch, pulled by the response stream: a batch is fetched
// only when the client has taken the previous one, so memory stays flat at any size.

export const ANSWER_COLUMNS = [
  'run_date',
  'engine',
  'served_model',
  'prompt',
  'keyword',
  'branded',
  'brand_mentioned',
  'brand_rank',
  'competitors_mentioned',
  'cited_domains',
  'own_domain_cited',
  'sentiment',
  'country',
  'language',
] as const;

export const METRIC_COLUMNS = [
  'date',
  'engine',
  'answers',
  'score',
  'mention_rate',
  'mention_rate_low',
  'mention_rate_high',
  'position_weighted',
  'share_of_voice',
  'citation_rate',
  'average_rank',
  'sentiment',
] as const;

/** Rows fetched per cursor round trip. */
const BATCH = 1000;

function answerLine(r: AnswerExportRow): string {
  return csvLine([
    r.runDate,
    r.engine,
    r.servedModel,
    r.prompt,
    r.keyword,
    r.branded,
    r.brandMentioned,
    r.brandRank,
    r.competitors,
    r.citedDomains,
    r.ownDomainCited,
    r.sentiment,
    r.country,
    r.language,
  ]);
}

/**
 * The answers as a byte stream. The first batch is read before this returns, so a failing
 * statement is still an error response rather than a cut-off file.
 */
export async function answersCsvStream(
  ctx: Context,
  workspaceId: string,
  brand: Brand,
  f: ParsedFilter,
  /** Called once when the stream ends, fails or is cancelled. */
  release: () => void,
): Promise<ReadableStream<Uint8Array>> {
  const batches = streamAnswerExport(ctx.deps.db, { workspaceId, brandId: brand.id }, f, BATCH)[
    Symbol.asyncIterator
  ]();
  const encoder = new TextEncoder();
  let first: IteratorResult<AnswerExportRow[]> | null;
  try {
    first = await batches.next();
  } catch (error) {
    release();
    throw error;
  }
  // postgres.js closes a cursor on return() only between batches: a return() while a batch is
  // being fetched is lost and the cursor keeps its connection for good. So a cancel waits for
  // the batch in flight, then closes.
  let inFlight: Promise<IteratorResult<AnswerExportRow[]>> | null = null;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(ANSWER_COLUMNS)));
      },
      async pull(controller) {
        try {
          let next = first;
          first = null;
          if (!next) {
            inFlight = batches.next();
            next = await inFlight;
            inFlight = null;
          }
          if (cancelled) return;
          if (next.done) {
            release();
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(next.value.map(answerLine).join('')));
        } catch (error) {
          release();
          if (!cancelled) controller.error(error);
        }
      },
      async cancel() {
        // The client went away: closing the cursor hands its connection back to the pool.
        cancelled = true;
        if (inFlight) await inFlight.catch(() => undefined);
        await batches.return?.();
        release();
      },
    },
    { highWaterMark: 1 },
  );
}

const round = (v: number | null, digits = 4) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** The rollups per day × engine under the filter, as CSV text (a few thousand lines at most). */
export async function metricsCsv(
  ctx: Context,
  workspaceId: string,
  brand: Brand,
  f: ParsedFilter,
): Promise<string> {
  const rows = await listTallies(ctx.deps.db, workspaceId, [brand.id], {
    from: f.from,
    to: f.to,
    engines: f.engines?.length ? [...f.engines].sort() : 'each',
    keywords: f.keywordIds?.length ? [...f.keywordIds].sort() : 'all',
    includeBranded: f.includeBranded ?? false,
    country: f.country ?? null,
    language: f.language ?? null,
    parts: 'brand',
  });
  const groups = sumBy(rows, (r) => `${r.day}\u0000${r.engine}`);
  const lines = [...groups.keys()].sort().map((key) => {
    const [day, engine] = key.split('\u0000') as [string, string];
    const m = metricsFromTally(groups.get(key)!, brand.id);
    return csvLine([
      day,
      engine,
      m.answers,
      m.score,
      round(m.mentionRate.value),
      round(m.mentionRate.low),
      round(m.mentionRate.high),
      round(m.positionWeighted),
      round(m.shareOfVoice),
      round(m.citationRate),
      round(m.averageRank, 2),
      round(m.sentiment, 1),
    ]);
  });
  return csvLine(METRIC_COLUMNS) + lines.join('');
}
