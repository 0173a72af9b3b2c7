export function cadenceLabel(schedule: {
  cadence: string;
  hour: number;
  weekday?: number | null;
  timezone: string;
}): string {
  const hour = `${String(schedule.hour).padStart(2, '0')}:00`;
  if (schedule.cadence === 'MANUAL') return 'Manual';
  if (schedule.cadence === 'DAILY') return `Daily ${hour}`;
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][schedule.weekday ?? 1];
  return `Weekly, ${day} ${hour}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "5 min ago", "3 h ago", "2 d ago", or the date for older times. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return new Date(iso).toISOString().slice(0, 10);
}

/** What the delete confirmation names, so nobody deletes more than they meant to. */
export function deletionSummary(brand: {
  competitors: unknown[];
  keywords: unknown[];
  promptCount: number;
  latestRun: unknown;
}): string {
  const parts = [
    plural(brand.competitors.length, 'competitor'),
    plural(brand.keywords.length, 'keyword'),
    plural(brand.promptCount, 'prompt'),
  ];
  return `${parts.join(', ')}${brand.latestRun ? ' and every run with its answers' : ''}`;
}
