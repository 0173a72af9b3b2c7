import { describe, expect, it } from 'vitest';
import {
  BRAND_LIMITS,
  BrandInputSchema,
  findAliasConflicts,
  KeywordTextsSchema,
} from './brand-input';

const base = {
  name: 'Acme',
  engines: ['local-gpt'],
  schedule: { cadence: 'DAILY', hour: 6, timezone: 'UTC' },
} as const;

function fieldsOf(input: unknown): Record<string, string> {
  const parsed = BrandInputSchema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('BrandInputSchema', () => {
  it('normalises domains like the quick check and drops duplicate aliases', () => {
    const parsed = BrandInputSchema.parse({
      ...base,
      domains: ['https://www.acme.com/pricing', 'acme.com', 'ACME.io'],
      aliases: ['Acme CRM', ' acme crm ', '', 'Äcme Suite'],
      keywords: ['CRM software', 'crm  software', 'sales tools'],
    });
    expect(parsed.domains).toEqual(['acme.com', 'acme.io']);
    expect(parsed.aliases).toEqual(['Acme CRM', 'Äcme Suite']);
    expect(parsed.keywords).toEqual(['CRM software', 'sales tools']);
    expect(parsed.language).toBe('en');
    expect(parsed.schedule.weekday).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ domains: ['192.168.1.10'] }, 'domains.0'],
    [{ domains: ['localhost:3000'] }, 'domains.0'],
    [{ domains: ['intranet.corp'] }, 'domains.0'],
    [{ domains: ['[::1]'] }, 'domains.0'],
    [{ engines: [] }, 'engines'],
    [{ schedule: { cadence: 'DAILY', hour: 24, timezone: 'UTC' } }, 'schedule.hour'],
    [{ schedule: { cadence: 'HOURLY', hour: 1, timezone: 'UTC' } }, 'schedule.cadence'],
    [{ schedule: { cadence: 'DAILY', hour: 1, timezone: 'Mars/Olympus' } }, 'schedule.timezone'],
    [{ language: 'english' }, 'language'],
    [{ competitors: [{ name: '' }] }, 'competitors.0.name'],
    [{ competitors: Array.from({ length: 21 }, (_, i) => ({ name: `C${i}` })) }, 'competitors'],
    [{ keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) }, 'keywords'],
  ])('refuses %j on %s', (patch, field) => {
    expect(Object.keys(fieldsOf({ ...base, ...patch }))).toContain(field);
  });

  it('keeps a weekday only for weekly runs, Monday by default', () => {
    const weekly = BrandInputSchema.parse({
      ...base,
      schedule: { cadence: 'WEEKLY', hour: 8, timezone: 'Europe/Berlin' },
    });
    expect(weekly.schedule).toEqual({
      cadence: 'WEEKLY',
      hour: 8,
      weekday: 1,
      timezone: 'Europe/Berlin',
    });
  });

  it('refuses an alias, name or domain that another tracked entity already has', () => {
    const fields = fieldsOf({
      ...base,
      domains: ['acme.com'],
      aliases: ['Acme CRM'],
      competitors: [
        { name: 'Globex', aliases: ['ACME crm'] },
        { name: 'acme' },
        { name: 'Initech', domains: ['www.acme.com'] },
      ],
    });
    expect(fields['competitors.0.aliases.0']).toMatch(/already used by Acme/);
    expect(fields['competitors.1.name']).toMatch(/already used by Acme/);
    expect(fields['competitors.2.domains.0']).toMatch(/already used by Acme/);
  });
});

describe('findAliasConflicts', () => {
  it('compares names as the analyzer folds them', () => {
    const conflicts = findAliasConflicts([
      { path: [], name: 'Café Noir', aliases: [], domains: [] },
      { path: ['c'], name: 'cafe  noir', aliases: [], domains: [] },
    ]);
    expect(conflicts).toEqual([
      { path: ['c', 'name'], message: '“cafe  noir” is already used by Café Noir.' },
    ]);
  });
  it('lets one entity repeat its own name as an alias', () => {
    expect(
      findAliasConflicts([{ path: [], name: 'Acme', aliases: ['acme'], domains: [] }]),
    ).toEqual([]);
  });
});

describe('KeywordTextsSchema', () => {
  it('caps keywords per brand', () => {
    const many = Array.from({ length: BRAND_LIMITS.maxKeywords + 1 }, (_, i) => `k ${i}`);
    expect(KeywordTextsSchema.safeParse(many).success).toBe(false);
    expect(KeywordTextsSchema.parse([' crm ', 'CRM'])).toEqual(['crm']);
  });
});
