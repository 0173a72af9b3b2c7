import { describe, expect, it } from 'vitest';
import { BrandDefaultsSchema, readBrandDefaults } from './brand-defaults';

const valid = {
  engines: ['local-gpt', 'local-gpt', 'openai'],
  samples: 3,
  cadence: 'DAILY',
  hour: 7,
  weekday: 1,
  timezone: 'Europe/Berlin',
  country: ' Germany ',
  language: 'de',
} as const;

describe('BrandDefaultsSchema', () => {
  it('keeps each engine once and trims text', () => {
    expect(BrandDefaultsSchema.parse(valid)).toEqual({
      ...valid,
      engines: ['local-gpt', 'openai'],
      country: 'Germany',
    });
  });

  it.each([
    ['hour', { hour: 24 }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['language', { language: 'German' }],
    ['cadence', { cadence: 'HOURLY' }],
    ['weekday', { weekday: 7 }],
    ['samples', { samples: 6 }],
  ])('refuses a bad %s', (field, change) => {
    const result = BrandDefaultsSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('an empty country is no country', () => {
    expect(BrandDefaultsSchema.parse({ ...valid, country: '' }).country).toBeNull();
  });
});

describe('readBrandDefaults', () => {
  it('reads what was stored, and nothing from what no longer parses', () => {
    expect(readBrandDefaults(BrandDefaultsSchema.parse(valid))?.timezone).toBe('Europe/Berlin');
    expect(readBrandDefaults(null)).toBeNull();
    expect(readBrandDefaults({ ...valid, hour: 99 })).toBeNull();
  });
});
