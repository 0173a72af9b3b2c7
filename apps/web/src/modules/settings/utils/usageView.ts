/** One "used of allowed" line of Settings → Plan and usage. */
export type LimitLine = {
  label: string;
  used: number;
  limit: number;
  /** 0–100 for the bar; capped, since an older plan change can leave usage above a limit. */
  percent: number;
  /** "warning" from 80 %, "over" at or past the limit. */
  tone: 'ok' | 'warning' | 'over';
};

export function limitLine(label: string, used: number, limit: number): LimitLine {
  const ratio = limit > 0 ? used / limit : used > 0 ? 1 : 0;
  return {
    label,
    used,
    limit,
    percent: Math.min(100, Math.round(ratio * 100)),
    tone: ratio >= 1 ? 'over' : ratio >= 0.8 ? 'warning' : 'ok',
  };
}

/** Each engine's share of the biggest engine's answers, for bars on one scale (0–100). */
export function engineBars<T extends { answers: number }>(
  engines: readonly T[],
): (T & { width: number })[] {
  const top = Math.max(0, ...engines.map((e) => e.answers));
  return engines.map((e) => ({ ...e, width: top > 0 ? Math.round((e.answers / top) * 100) : 0 }));
}

/** "2026-11" → the months a person can pick: this one and the eleven before it. */
export function recentMonths(current: string, count = 12): string[] {
  const [year, month] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7),
  );
}
