import { z } from 'zod';
import { addDays, rangeLength, todayIn } from '../metrics/periods';

// Rules of reports (docs/reports.md): the period a schedule sends, share links, white label.

export const REPORT_CADENCES = ['WEEKLY', 'MONTHLY'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

export const MAX_REPORT_DAYS = 400;
export const MAX_RECIPIENTS = 20;

/** The period a report covers: both ends included, at most MAX_REPORT_DAYS. */
export const ReportPeriodSchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a calendar day as YYYY-MM-DD.'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a calendar day as YYYY-MM-DD.'),
  })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'The last day comes after the first.' })
  .refine((p) => rangeLength(p) <= MAX_REPORT_DAYS, {
    path: ['from'],
    message: `A report covers at most ${MAX_REPORT_DAYS} days.`,
  });

export const ReportScheduleInputSchema = z
  .object({
    cadence: z.enum([...REPORT_CADENCES, 'OFF']),
    recipients: z
      .array(z.string().trim().toLowerCase().email('Not an email address.'))
      .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients.`)
      .transform((list) => [...new Set(list)]),
  })
  .refine((s) => s.cadence === 'OFF' || s.recipients.length > 0, {
    path: ['recipients'],
    message: 'Add at least one recipient.',
  });
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;

export type SchedulePeriod = { key: string; from: string; to: string };

/**
 * The period a schedule sends at `at`, in the brand's time zone: WEEKLY on Mondays the week
 * before (Monday–Sunday), MONTHLY on the 1st the month before. Null on other days. The key names
 * the period, so a second sweep of the same day (or a retry) finds it already sent.
 */
export function schedulePeriodDue(
  cadence: ReportCadence,
  at: Date,
  timezone: string,
): SchedulePeriod | null {
  const today = todayIn(timezone, at);
  const date = new Date(`${today}T00:00:00Z`);
  if (cadence === 'WEEKLY') {
    if (date.getUTCDay() !== 1) return null;
    const from = addDays(today, -7);
    return { key: `WEEKLY-${from}`, from, to: addDays(today, -1) };
  }
  if (date.getUTCDate() !== 1) return null;
  const to = addDays(today, -1);
  const from = `${to.slice(0, 7)}-01`;
  return { key: `MONTHLY-${from.slice(0, 7)}`, from, to };
}

/** A share link's state at `now`: only ACTIVE links show the report. */
export function shareState(
  share: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): 'ACTIVE' | 'REVOKED' | 'EXPIRED' {
  if (share.revokedAt) return 'REVOKED';
  if (share.expiresAt && share.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

export const MAX_SHARE_DAYS = 365;

/** The expiry of a new link: none, or 1–365 days from now. */
export function shareExpiry(days: number | null | undefined, now: Date): Date | null {
  if (days == null) return null;
  if (!Number.isInteger(days) || days < 1 || days > MAX_SHARE_DAYS) {
    throw new RangeError(`Links expire after 1 to ${MAX_SHARE_DAYS} days.`);
  }
  return new Date(now.getTime() + days * 86_400_000);
}

export const DEFAULT_ACCENT = '#4f46e5';

/** The white label a workspace sets (docs/reports.md, "White label"). */
export const BrandingInputSchema = z.object({
  agencyName: z
    .string()
    .trim()
    .max(80, 'At most 80 characters.')
    .nullable()
    .transform((v) => v || null),
  accentColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour as #RRGGBB.')
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null)),
  logoUrl: z
    .string()
    .trim()
    .max(2000)
    .url('Not a web address.')
    .refine((u) => u.startsWith('https://') || u.startsWith('http://'), 'Use an http(s) address.')
    .nullable()
    .transform((v) => v || null),
  hideLumen: z.boolean(),
});
export type BrandingInput = z.infer<typeof BrandingInputSchema>;

/** Logos Lumen keeps: small raster images a PDF can embed. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_LOGO_BYTES = 512 * 1024;

/** The logo's type from its first bytes (never from what the server claimed). */
export function sniffLogo(bytes: Uint8Array): (typeof LOGO_TYPES)[number] | null {
  if (
    bytes.length > 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47
  ) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/** Relative luminance contrast of white text on the accent: below 4.5 the PDF uses dark text. */
export function textOnAccent(hex: string): '#ffffff' | '#111111' {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
  return 1.05 / (l + 0.05) >= 4.5 ? '#ffffff' : '#111111';
}
