import { useQuery } from '@apollo/client/react';
import type { CrawlerStatsQuery as CrawlerStatsData } from '@lumen/schema/generated/graphql';
import { Bot, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { formatCount, formatDay, formatMoment, plural } from '../../../ui/format';
import { SkeletonRows } from '../../../ui/Skeleton';
import { CrawlerStatsQuery } from '../graphql/crawlers';
import {
  CRAWLER_KIND_LABEL,
  chartDays,
  kindTotals,
  type StatusRow,
  statusRows,
} from '../utils/crawlerView';
import { uploadCrawlerLog } from '../utils/uploadCrawlerLog';
import { CrawlerChart } from './CrawlerChart';

type Stats = CrawlerStatsData['crawlerStats'];
type BotRow = Stats['bots'][number];
type PageRow = { agent: string; path: string; hits: number };
type CitationRow = Stats['citations'][number];

const RANGES = [7, 30, 90] as const;

/**
 * The Site page's "AI crawlers" section (docs/crawlers.md): upload an access log, then what
 * verified AI bots fetched, per day and kind, their pages, the statuses they got, key pages
 * none read lately, and whether each cited page of the brand was fetched first.
 */
export function CrawlersSection({ brandId, canUpload }: { brandId: string; canUpload: boolean }) {
  const [lastDays, setLastDays] = useState<(typeof RANGES)[number]>(30);
  const query = useQuery(CrawlerStatsQuery, {
    variables: { brandId, range: { lastDays } },
    fetchPolicy: 'cache-and-network',
  });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  const periodSelect = useId();

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const done = await uploadCrawlerLog(brandId, file);
      const doubtful = done.unverified + done.unverifiable;
      toast.success(
        `${file.name}: ${plural(done.verified, 'verified AI-bot hit')} in ${formatCount(done.lines)} lines.`,
        doubtful
          ? {
              description: `${formatCount(doubtful)} more claimed to be AI bots but could not be verified; they are not counted.`,
            }
          : undefined,
      );
      await query.refetch();
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'The upload failed.');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const uploadButton = (
    <span className="inline-flex max-w-72 flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={!canUpload || uploading}
        aria-describedby={canUpload ? undefined : reasonId}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" size={16} />
        {uploading ? 'Reading the log…' : 'Upload access log'}
      </button>
      {canUpload ? null : (
        <span id={reasonId} className="text-xs text-subtle">
          Viewers can read the counts; an owner, admin or member uploads logs.
        </span>
      )}
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label="Access log file"
        accept=".log,.txt,.json,.jsonl,.ndjson,.gz,text/plain,application/gzip,application/json"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </span>
  );

  const stats = query.data?.crawlerStats;
  const rangePicker = (
    <span className="flex items-center gap-2 text-sm text-muted">
      <label htmlFor={periodSelect}>Period</label>
      <select
        id={periodSelect}
        className="rounded-md border border-border bg-surface-2 px-2 py-1.5 text-sm text-fg"
        value={lastDays}
        onChange={(e) => setLastDays(Number(e.target.value) as (typeof RANGES)[number])}
      >
        {RANGES.map((d) => (
          <option key={d} value={d}>
            Last {d} days
          </option>
        ))}
      </select>
    </span>
  );

  return (
    <section aria-labelledby="crawlers-heading" id="crawlers" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h2 id="crawlers-heading" className="text-base font-semibold text-fg">
            AI crawlers
          </h2>
          <p className="text-sm text-muted">
            What AI bots read on the site, from its access logs. A visit counts only when it comes
            from an address on the list its bot’s operator publishes.
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {stats?.imports.length ? rangePicker : null}
          {uploadButton}
        </div>
      </div>
      {uploadError ? (
        <p
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-fg"
        >
          <span className="font-semibold text-danger">The log was not read. </span>
          {uploadError}
        </p>
      ) : null}
      {!stats ? (
        query.error ? (
          <ErrorState
            title="Could not load the crawler counts"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <SkeletonRows rows={4} label="Loading the crawler counts" />
        )
      ) : stats.imports.length === 0 ? (
        <EmptyState icon={Bot} title="No access logs yet">
          Upload an access log (nginx or Apache combined format, or the JSON lines of Cloudflare,
          Vercel or Fastly; plain or gzip) to see which AI bots read which pages, what they were
          served, and whether the pages answers cite were fetched first. Servers can also send logs
          to POST /ingest/logs with an API key. Only counts are kept: no lines, no addresses.
        </EmptyState>
      ) : (
        <CrawlerStatsView stats={stats} />
      )}
    </section>
  );
}

function CrawlerStatsView({ stats }: { stats: Stats }) {
  const [agent, setAgent] = useState<string | null>(null);
  const botSelect = useId();
  const totals = kindTotals(stats.days);
  const charted = stats.bots.filter((b) => b.verified > 0);
  const notCounted = stats.bots.reduce((n, b) => n + b.unverified + b.unverifiable, 0);
  const pages: PageRow[] = stats.bots.flatMap((b) =>
    b.topPages.slice(0, 5).map((p) => ({ agent: b.agent, ...p })),
  );
  const last = stats.imports[0];
  return (
    <>
      <Card
        title="Verified hits per day"
        description={`${formatDay(stats.from)} – ${formatDay(stats.to)} (UTC) · address lists of ${formatDay(stats.rangesSnapshotDate)}${last ? ` · last log ${formatMoment(last.createdAt)}` : ''}`}
      >
        <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['SEARCH', 'USER', 'TRAINING'] as const).map((kind) => (
            <div key={kind} className="rounded-lg bg-surface-2 px-3 py-2">
              <dt className="text-xs text-muted">{CRAWLER_KIND_LABEL[kind]}</dt>
              <dd className="text-lg font-semibold text-fg">{formatCount(totals[kind])}</dd>
            </div>
          ))}
          <div className="rounded-lg bg-surface-2 px-3 py-2">
            <dt className="text-xs text-muted">Not verified, not counted</dt>
            <dd className="text-lg font-semibold text-fg">{formatCount(notCounted)}</dd>
          </div>
        </dl>
        <div className="mb-2 flex items-center gap-2 text-sm text-muted">
          <label htmlFor={botSelect}>Bot</label>
          <select
            id={botSelect}
            className="rounded-md border border-border bg-surface-2 px-2 py-1.5 text-sm text-fg"
            value={agent ?? ''}
            onChange={(e) => setAgent(e.target.value || null)}
          >
            <option value="">All bots</option>
            {charted.map((b) => (
              <option key={b.agent} value={b.agent}>
                {b.agent}
              </option>
            ))}
          </select>
        </div>
        <CrawlerChart days={chartDays(stats.days, stats.from, stats.to, agent)} />
      </Card>
      <Card
        title="Bots"
        description="Verified hits count. Unverified ones claim to be the bot from an address its operator does not list; for bots whose operator lists no ranges (No ranges) nothing can be verified."
        flush
      >
        <DataTable<BotRow>
          label="AI bots"
          rows={stats.bots}
          rowKey={(b) => b.agent}
          columns={BOT_COLUMNS}
          empty={<p className="px-5 py-4 text-sm text-muted">No AI bot in this period.</p>}
        />
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Top pages per bot" description="Verified hits, five pages per bot." flush>
          <DataTable<PageRow>
            label="Top pages per bot"
            rows={pages}
            rowKey={(p) => `${p.agent} ${p.path}`}
            columns={PAGE_COLUMNS}
            pageSize={10}
            empty={<p className="px-5 py-4 text-sm text-muted">No verified hits in this period.</p>}
          />
        </Card>
        <Card
          title="Status codes served to bots"
          description="Verified hits; blocked is 401, 403, 429 or 451."
          flush
        >
          <DataTable<StatusRow>
            label="Status codes served to bots"
            rows={statusRows(stats.statuses)}
            rowKey={(s) => s.agent}
            columns={STATUS_COLUMNS}
            empty={<p className="px-5 py-4 text-sm text-muted">No verified hits in this period.</p>}
          />
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card
          title="Key pages no AI bot read in 30 days"
          description="From the latest site audit (the home page when there is none)."
        >
          {stats.unreadKeyPages.length ? (
            <ul className="flex flex-col gap-2 text-sm" aria-label="Key pages no AI bot read">
              {stats.unreadKeyPages.map((p) => (
                <li key={p.url} className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="min-w-0 break-all font-medium text-fg">{p.path}</span>
                  <span className="text-xs text-muted">
                    {p.role} · {p.lastRead ? `last read ${formatDay(p.lastRead)}` : 'never read'}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">Every key page was read by an AI bot.</p>
          )}
        </Card>
        <Card
          title="Cited pages fetched first"
          description="The brand’s pages answers cited, and whether a verified bot fetched each on or before its first citation."
          flush
        >
          <DataTable<CitationRow>
            label="Cited pages fetched first"
            rows={stats.citations}
            rowKey={(c) => c.url}
            columns={CITATION_COLUMNS}
            pageSize={10}
            empty={
              <p className="px-5 py-4 text-sm text-muted">
                No answer cited the brand’s pages in this period.
              </p>
            }
          />
        </Card>
      </div>
    </>
  );
}

const BOT_COLUMNS: Column<BotRow>[] = [
  {
    key: 'agent',
    header: 'Bot',
    cell: (b) => (
      <span className="flex flex-col">
        <span className="font-medium text-fg">{b.agent}</span>
        <span className="text-xs text-muted">{b.owner}</span>
      </span>
    ),
    sortValue: (b) => b.agent,
  },
  {
    key: 'kind',
    header: 'Kind',
    cell: (b) => CRAWLER_KIND_LABEL[b.kind],
    sortValue: (b) => b.kind,
  },
  {
    key: 'verified',
    header: 'Verified',
    cell: (b) => formatCount(b.verified),
    sortValue: (b) => b.verified,
    align: 'right',
  },
  {
    key: 'unverified',
    header: 'Unverified',
    cell: (b) =>
      b.unverified ? <span className="text-warning">{formatCount(b.unverified)}</span> : '0',
    sortValue: (b) => b.unverified,
    align: 'right',
  },
  {
    key: 'unverifiable',
    // Shown on phones too: without it a bot whose operator publishes no ranges reads 0 and 0.
    header: 'No ranges',
    cell: (b) => formatCount(b.unverifiable),
    sortValue: (b) => b.unverifiable,
    align: 'right',
  },
];

const PAGE_COLUMNS: Column<PageRow>[] = [
  { key: 'agent', header: 'Bot', cell: (p) => p.agent, sortValue: (p) => p.agent },
  {
    key: 'path',
    header: 'Page',
    cell: (p) => <span className="break-all">{p.path}</span>,
    sortValue: (p) => p.path,
  },
  {
    key: 'hits',
    header: 'Hits',
    cell: (p) => formatCount(p.hits),
    sortValue: (p) => p.hits,
    align: 'right',
  },
];

const countCell = (n: number, tone: string) =>
  n ? <span className={tone}>{formatCount(n)}</span> : <span className="text-subtle">0</span>;

const STATUS_COLUMNS: Column<StatusRow>[] = [
  { key: 'agent', header: 'Bot', cell: (s) => s.agent, sortValue: (s) => s.agent },
  {
    key: 'blocked',
    header: 'Blocked',
    cell: (s) => countCell(s.blocked, 'text-danger'),
    sortValue: (s) => s.blocked,
    align: 'right',
  },
  {
    key: 'notFound',
    header: '404',
    cell: (s) => countCell(s.notFound, 'text-warning'),
    sortValue: (s) => s.notFound,
    align: 'right',
  },
  {
    key: 'serverError',
    header: '5xx',
    cell: (s) => countCell(s.serverError, 'text-danger'),
    sortValue: (s) => s.serverError,
    align: 'right',
  },
  {
    key: 'total',
    header: 'All',
    cell: (s) => formatCount(s.total),
    sortValue: (s) => s.total,
    align: 'right',
    wide: true,
  },
];

const CITATION_COLUMNS: Column<CitationRow>[] = [
  {
    key: 'path',
    header: 'Page',
    cell: (c) => <span className="break-all">{c.path}</span>,
    sortValue: (c) => c.path,
  },
  {
    key: 'citations',
    header: 'Cited',
    cell: (c) => `${formatCount(c.citations)}× from ${formatDay(c.firstCitedDay)}`,
    sortValue: (c) => c.citations,
  },
  {
    key: 'fetched',
    header: 'Fetched first',
    cell: (c) =>
      c.fetchedBefore ? (
        <span className="text-success">
          Yes: {c.fetchedBefore.agent}, {formatDay(c.fetchedBefore.day)}
        </span>
      ) : (
        <span className="text-muted">No</span>
      ),
    sortValue: (c) => (c.fetchedBefore ? 1 : 0),
  },
];
