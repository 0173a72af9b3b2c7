/**
 * The calendar month (UTC) that the answer quota counts (docs/brands.md, "Answer quota"), as
 * Settings → Plan and usage asks for it: "YYYY-MM", or the current month when none is given.
 */
export type UsageMonth = {
  /** "YYYY-MM". */
  month: string;
  /** The first instant of the month, UTC. */
  start: Date;
  /** The day the quota starts again: the first of the next month, "YYYY-MM-DD". */
  resetsOn: string;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Null for text that is not a month from 2000 on; the caller answers BAD_USER_INPUT. */
export function parseUsageMonth(text: string | null | undefined, now: Date): UsageMonth | null {
  if (text === null || text === undefined) {
    return usageMonth(now.getUTCFullYear(), now.getUTCMonth());
  }
  const match = MONTH.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000) return null;
  return usageMonth(year, Number(match[2]) - 1);
}

function usageMonth(year: number, monthIndex: number): UsageMonth {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const next = new Date(Date.UTC(year, monthIndex + 1, 1));
  return {
    month: start.toISOString().slice(0, 7),
    start,
    resetsOn: next.toISOString().slice(0, 10),
  };
}
