// The period a new report covers (docs/reports.md): the form starts on the last 30 days up to
// and including today, like the metrics' "last n days".

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const PERIOD_PRESETS = [
  { key: '7', label: 'Last 7 days' },
  { key: '30', label: 'Last 30 days' },
  { key: '90', label: 'Last 90 days' },
  { key: 'month', label: 'Last calendar month' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['key'];

/** from–to of a preset, ending today (UTC) relative to `now`; a month is the last whole one. */
export function presetPeriod(preset: PeriodPreset, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (preset === 'month') {
    const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const prevFirst = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    return { from: iso(prevFirst), to: iso(first - DAY) };
  }
  const days = Number(preset);
  return { from: iso(today - (days - 1) * DAY), to: iso(today) };
}

/** The form's own check, before the server's: both days, in order. */
export function periodError(from: string, to: string): string | null {
  if (!from || !to) return 'Choose the first and the last day.';
  if (from > to) return 'The last day comes after the first.';
  return null;
}

/** Recipients typed one per line or separated by commas. */
export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
