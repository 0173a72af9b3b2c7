import { describe, expect, it } from 'vitest';
import {
  draftFromBrand,
  emptyDraft,
  fieldKey,
  inputFromDraft,
  newCompetitor,
  stepOfField,
  trackedEntities,
  validateDraft,
  withBrandDefaults,
} from './brandDraft';

const draft = () => ({
  ...emptyDraft(['local-gpt'], 'UTC'),
  name: 'Acme',
  domains: 'https://www.acme.com/x\nacme.io',
  aliases: 'Acme CRM, ACME',
});

describe('brand draft', () => {
  it('splits lists and keeps a weekday only for weekly runs', () => {
    const input = inputFromDraft({ ...draft(), cadence: 'DAILY' });
    expect(input.domains).toEqual(['https://www.acme.com/x', 'acme.io']);
    expect(input.aliases).toEqual(['Acme CRM', 'ACME']);
    expect(input.schedule.weekday).toBeNull();
  });

  it('validates with the server’s schema and maps fields to inputs', () => {
    const errors = validateDraft({
      ...draft(),
      name: '',
      domains: '10.1.2.3',
    });
    expect(errors.name).toBe('Enter the brand’s name.');
    expect(errors.domains).toBe('Enter a domain name, not an IP address.');
    const clash = validateDraft({
      ...draft(),
      competitors: [{ ...newCompetitor('Globex'), aliases: 'acme crm' }],
    });
    expect(clash['competitors.0.aliases']).toMatch(/already used by Acme/);
    expect(validateDraft(draft())).toEqual({});
  });

  it('round-trips a saved brand', () => {
    const d = draftFromBrand({
      name: 'Acme',
      domains: ['acme.com'],
      aliases: ['Acme CRM'],
      language: 'en',
      engines: ['local-gpt'],
      schedule: { cadence: 'WEEKLY', hour: 8, weekday: 3, timezone: 'Europe/Berlin' },
      competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: [] }],
      keywords: [{ text: 'crm' }],
    });
    expect(inputFromDraft(d)).toMatchObject({
      domains: ['acme.com'],
      competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: [] }],
      keywords: ['crm'],
      schedule: { cadence: 'WEEKLY', hour: 8, weekday: 3, timezone: 'Europe/Berlin' },
    });
  });

  it('gives the analyzer the brand and named competitors with bare domains', () => {
    const entities = trackedEntities({
      ...draft(),
      competitors: [newCompetitor('Globex'), newCompetitor('')],
    });
    expect(entities.map((e) => e.name)).toEqual(['Acme', 'Globex']);
    expect(entities[0]?.domains).toEqual(['acme.com', 'acme.io']);
  });

  it.each([
    ['competitors.2.aliases.0', 'competitors.2.aliases', 'competitors'],
    ['domains.1', 'domains', 'identity'],
    ['schedule.hour', 'schedule.hour', 'schedule'],
    ['industry', 'industry', 'market'],
  ])('%s → field %s on step %s', (path, field, step) => {
    expect(fieldKey(path)).toBe(field);
    expect(stepOfField(path)).toBe(step);
  });
});

describe('withBrandDefaults', () => {
  const draft = emptyDraft(['local-gpt'], 'America/New_York');
  const defaults = {
    engines: ['openai', 'gone', 'local-claude', 'anthropic'],
    samples: 2,
    cadence: 'DAILY' as const,
    hour: 7,
    weekday: 3,
    timezone: 'Europe/Berlin',
    country: 'Germany',
    language: 'de',
  };

  it('starts a new brand from the workspace’s defaults, with engines it can still ask', () => {
    expect(
      withBrandDefaults(draft, defaults, ['local-gpt', 'local-claude', 'openai', 'anthropic'], 2),
    ).toMatchObject({
      engines: ['openai', 'local-claude'],
      samples: 2,
      cadence: 'DAILY',
      hour: 7,
      weekday: 3,
      timezone: 'Europe/Berlin',
      country: 'Germany',
      language: 'de',
    });
  });

  it('keeps the draft’s engines when none of the defaults can be asked, and all without defaults', () => {
    expect(withBrandDefaults(draft, defaults, ['local-gpt'], 6).engines).toEqual(['local-gpt']);
    expect(withBrandDefaults(draft, null, ['local-gpt'], 6)).toBe(draft);
  });
});
