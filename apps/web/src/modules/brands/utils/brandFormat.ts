import { MAX_SAMPLES, MIN_SAMPLES } from '@lumen/domain/brands/samples';
import { plural } from '../../../ui/format';

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

/**
 * "Your Free plan allows 2 engines per brand." where the instance sells plans; on one that sells
 * none (planName null) the limit alone, with no plan named.
 */
export function engineAllowance(limits: { planName?: string | null; engines: number }): string {
  const engines = plural(limits.engines, 'engine');
  return limits.planName
    ? `Your ${limits.planName} plan allows ${engines} per brand.`
    : `Up to ${engines} per brand.`;
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

/** The samples a brand may ask of each prompt × engine (docs/metrics.md, "Samples"). */
export const SAMPLE_CHOICES = Array.from(
  { length: MAX_SAMPLES - MIN_SAMPLES + 1 },
  (_, i) => MIN_SAMPLES + i,
);

/** What the samples setting costs and buys, in the form's words. */
export function samplesHelp(samples: number, engines: number): string {
  const perPrompt = samples * Math.max(engines, 1);
  const asked =
    samples === 1
      ? 'Each prompt is asked once of each engine per run'
      : `Each prompt is asked ${samples} times of each engine per run (${plural(perPrompt, 'answer')} a prompt)`;
  const effect =
    samples === 1
      ? 'More samples narrow the intervals, since one answer is noise, and use more of the answer quota.'
      : `Every sample counts as an answer: the intervals narrow, and a run uses ${samples}× the answer quota.`;
  return `${asked}. ${effect}`;
}
