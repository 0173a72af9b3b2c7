// Pure helpers of the Crawlers section (docs/crawlers.md, "What is shown").

export type CrawlerKind = 'TRAINING' | 'SEARCH' | 'USER';

export const CRAWLER_KIND_LABEL: Record<CrawlerKind, string> = {
  TRAINING: 'Training',
  SEARCH: 'Search',
  USER: 'User fetch',
};

export type ChartDay = { day: string; TRAINING: number; SEARCH: number; USER: number };

/**
 * Every day of the range with its verified hits by kind; days without hits are zeros. With
 * `agent`, that bot's hits only.
 */
export function chartDays(
  days: readonly { day: string; agent: string; kind: CrawlerKind; hits: number }[],
  from: string,
  to: string,
  agent: string | null = null,
): ChartDay[] {
  const byDay = new Map<string, ChartDay>();
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = start; t <= end; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    byDay.set(day, { day, TRAINING: 0, SEARCH: 0, USER: 0 });
  }
  for (const d of days) {
    if (agent && d.agent !== agent) continue;
    const row = byDay.get(d.day);
    if (row) row[d.kind] += d.hits;
  }
  return [...byDay.values()];
}

export type StatusRow = {
  agent: string;
  total: number;
  blocked: number;
  notFound: number;
  serverError: number;
};

/** Per bot: verified hits, and how many were blocked (401/403/429/451), 404/410 and 5xx. */
export function statusRows(
  statuses: readonly { agent: string; statusClass: string; hits: number }[],
): StatusRow[] {
  const rows = new Map<string, StatusRow>();
  for (const s of statuses) {
    let row = rows.get(s.agent);
    if (!row) {
      row = { agent: s.agent, total: 0, blocked: 0, notFound: 0, serverError: 0 };
      rows.set(s.agent, row);
    }
    row.total += s.hits;
    if (s.statusClass === 'BLOCKED') row.blocked += s.hits;
    else if (s.statusClass === 'NOT_FOUND') row.notFound += s.hits;
    else if (s.statusClass === 'SERVER_ERROR') row.serverError += s.hits;
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.agent.localeCompare(b.agent));
}

/** Verified hits by kind over the range. */
export function kindTotals(
  days: readonly { kind: CrawlerKind; hits: number }[],
): Record<CrawlerKind, number> {
  const totals = { TRAINING: 0, SEARCH: 0, USER: 0 };
  for (const d of days) totals[d.kind] += d.hits;
  return totals;
}

/** The upload's address for a brand and a file. */
export function uploadUrl(brandId: string, fileName: string): string {
  return `/crawlers/upload?${new URLSearchParams({ brandId, fileName })}`;
}
