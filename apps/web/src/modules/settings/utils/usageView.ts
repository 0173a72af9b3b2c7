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

/** The month's spend against the budget, for the bar with its 80 % warning line. */
export type BudgetBar = {
  /** 0–100 of the budget charged (capped), and of what is held for answers in flight. */
  spentPercent: number;
  heldPercent: number;
  /** The share used, uncapped, rounded: "64 %" beside the bar. */
  usedPercent: number;
  tone: 'ok' | 'warning' | 'over';
};

/** Where the warning falls on the bar (the server warns from 80 %, docs/engines.md "Budget"). */
export const BUDGET_WARNING_PERCENT = 80;

export function budgetBar(budget: {
  budgetUsd: number;
  spentUsd: number;
  heldUsd: number;
}): BudgetBar {
  const { budgetUsd, spentUsd, heldUsd } = budget;
  const share = (usd: number) => (budgetUsd > 0 ? usd / budgetUsd : usd > 0 ? 1 : 0);
  const used = share(spentUsd);
  const spentPercent = Math.min(100, Math.round(used * 100));
  return {
    spentPercent,
    heldPercent: Math.min(100 - spentPercent, Math.round(share(heldUsd) * 100)),
    usedPercent: Math.round(used * 100),
    tone: used >= 1 ? 'over' : used >= BUDGET_WARNING_PERCENT / 100 ? 'warning' : 'ok',
  };
}

/** What the budget field holds: dollars as typed, or a reason it is not a budget. */
export function parseBudgetInput(text: string): { usd: number } | { error: string } {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (cleaned === '') return { error: 'Write the budget in US dollars, for example 50.' };
  const usd = Number(cleaned);
  if (!Number.isFinite(usd)) return { error: 'Write the budget in US dollars, for example 50.' };
  if (usd < 0) return { error: 'A budget is 0 dollars or more.' };
  return { usd };
}
