import { describe, expect, it } from 'vitest';
import { reportMoves } from './report-content';
import {
  BrandingInputSchema,
  ReportPeriodSchema,
  ReportScheduleInputSchema,
  schedulePeriodDue,
  shareExpiry,
  shareState,
  sniffLogo,
  textOnAccent,
} from './report-rules';

describe('schedulePeriodDue', () => {
  const cases: [string, 'WEEKLY' | 'MONTHLY', string, string, unknown][] = [
    [
      'Monday: last week',
      'WEEKLY',
      '2026-11-30T08:00:00Z',
      'UTC',
      { key: 'WEEKLY-2026-11-23', from: '2026-11-23', to: '2026-11-29' },
    ],
    ['Tuesday: nothing', 'WEEKLY', '2026-12-01T08:00:00Z', 'UTC', null],
    [
      'Sunday 23:30 UTC is Monday in Berlin',
      'WEEKLY',
      '2026-11-29T23:30:00Z',
      'Europe/Berlin',
      { key: 'WEEKLY-2026-11-23', from: '2026-11-23', to: '2026-11-29' },
    ],
    [
      '1st: last month',
      'MONTHLY',
      '2026-12-01T05:00:00Z',
      'UTC',
      { key: 'MONTHLY-2026-11', from: '2026-11-01', to: '2026-11-30' },
    ],
    [
      '1st of March: February',
      'MONTHLY',
      '2028-03-01T05:00:00Z',
      'UTC',
      { key: 'MONTHLY-2028-02', from: '2028-02-01', to: '2028-02-29' },
    ],
    ['2nd: nothing', 'MONTHLY', '2026-12-02T05:00:00Z', 'UTC', null],
  ];
  for (const [name, cadence, at, tz, want] of cases) {
    it(name, () => expect(schedulePeriodDue(cadence, new Date(at), tz)).toEqual(want));
  }
});

describe('share links', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  it.each([
    [{ revokedAt: null, expiresAt: null }, 'ACTIVE'],
    [{ revokedAt: null, expiresAt: new Date('2026-11-30T00:00:00Z') }, 'ACTIVE'],
    [{ revokedAt: null, expiresAt: now }, 'EXPIRED'],
    [{ revokedAt: now, expiresAt: new Date('2027-01-01T00:00:00Z') }, 'REVOKED'],
  ] as const)('%o is %s', (share, state) => expect(shareState(share, now)).toBe(state));

  it('expires in 1–365 days or never', () => {
    expect(shareExpiry(null, now)).toBeNull();
    expect(shareExpiry(7, now)?.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(() => shareExpiry(0, now)).toThrow('1 to 365');
    expect(() => shareExpiry(366, now)).toThrow('1 to 365');
  });
});

describe('inputs', () => {
  it('a period runs forwards and is at most 400 days', () => {
    expect(ReportPeriodSchema.safeParse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(
      true,
    );
    expect(ReportPeriodSchema.safeParse({ from: '2026-11-30', to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(ReportPeriodSchema.safeParse({ from: '2025-01-01', to: '2026-11-01' }).success).toBe(
      false,
    );
  });

  it('recipients are emails, deduplicated; OFF needs none', () => {
    expect(
      ReportScheduleInputSchema.parse({ cadence: 'WEEKLY', recipients: ['A@b.co', 'a@b.co '] }),
    ).toEqual({ cadence: 'WEEKLY', recipients: ['a@b.co'] });
    expect(ReportScheduleInputSchema.safeParse({ cadence: 'WEEKLY', recipients: [] }).success).toBe(
      false,
    );
    expect(
      ReportScheduleInputSchema.safeParse({ cadence: 'MONTHLY', recipients: ['x'] }).success,
    ).toBe(false);
    expect(ReportScheduleInputSchema.parse({ cadence: 'OFF', recipients: [] }).cadence).toBe('OFF');
  });

  it('branding: a #RRGGBB accent, an http(s) logo address', () => {
    const ok = BrandingInputSchema.parse({
      agencyName: ' Acme ',
      accentColor: '#AABBCC',
      logoUrl: null,
      hideLumen: true,
    });
    expect(ok).toEqual({
      agencyName: 'Acme',
      accentColor: '#aabbcc',
      logoUrl: null,
      hideLumen: true,
    });
    expect(
      BrandingInputSchema.safeParse({
        agencyName: null,
        accentColor: 'red',
        logoUrl: null,
        hideLumen: false,
      }).success,
    ).toBe(false);
    expect(
      BrandingInputSchema.safeParse({
        agencyName: null,
        accentColor: null,
        logoUrl: 'javascript:alert(1)',
        hideLumen: false,
      }).success,
    ).toBe(false);
  });

  it('logos are sniffed from their bytes', () => {
    expect(sniffLogo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0]))).toBe(
      'image/png',
    );
    expect(sniffLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogo(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
  });

  it('text on the accent keeps 4.5:1', () => {
    expect(textOnAccent('#4f46e5')).toBe('#ffffff');
    expect(textOnAccent('#ffe066')).toBe('#111111');
  });
});

describe('reportMoves', () => {
  const i = (value: number) => ({ value, low: value - 0.05, high: value + 0.05 });
  it('keeps moves, biggest first, and names publications for a rise', () => {
    const moves = reportMoves(
      [
        {
          scope: 'BRAND',
          name: 'Acme',
          change: { score: 3, mentionRate: 0.01, verdict: 'WITHIN_NOISE' },
          before: i(0.4),
          after: i(0.41),
        },
        {
          scope: 'ENGINE',
          name: 'GPT',
          change: { score: 12, mentionRate: 0.3, verdict: 'MOVED_UP' },
          before: i(0.2),
          after: i(0.5),
        },
        {
          scope: 'KEYWORD',
          name: 'crm',
          change: { score: -20, mentionRate: -0.4, verdict: 'MOVED_DOWN' },
          before: i(0.6),
          after: i(0.2),
        },
        { scope: 'ENGINE', name: 'New', change: null, before: i(0), after: i(0.3) },
      ],
      ['Best CRM guide'],
    );
    expect(moves.map((m) => [m.scope, m.name])).toEqual([
      ['KEYWORD', 'crm'],
      ['ENGINE', 'GPT'],
    ]);
    expect(moves[1]?.why).toBe(
      'On GPT, the mention rate rose from 20 % to 50 %; the intervals do not overlap, so this is more than noise. Published in the period: Best CRM guide.',
    );
    expect(moves[0]?.why).not.toContain('Published');
  });
});
