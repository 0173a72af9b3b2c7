import { describe, expect, it } from 'vitest';
import {
  canAddCompetitor,
  draftToInput,
  EMPTY_DRAFT,
  isFormField,
  type QuickScoreDraft,
  toDraftPaths,
  validateDraft,
} from './quickScoreDraft';

const draft = (overrides: Partial<QuickScoreDraft> = {}): QuickScoreDraft => ({
  ...EMPTY_DRAFT,
  brandName: 'Northwind CRM',
  website: 'https://www.northwindcrm.com/pricing',
  industry: 'CRM software',
  ...overrides,
});

const row = (key: string, name: string, website = '') => ({ key, name, website });

describe('draftToInput', () => {
  it('omits an empty country and no competitors', () => {
    expect(draftToInput(draft())).toEqual({
      brandName: 'Northwind CRM',
      website: 'https://www.northwindcrm.com/pricing',
      industry: 'CRM software',
    });
  });

  it('drops blank competitor rows and empty competitor websites', () => {
    const input = draftToInput(
      draft({
        country: 'France',
        competitors: [row('a', ' '), row('b', 'Relaymark', 'relaymark.io'), row('c', 'Vantora')],
      }),
    );
    expect(input).toEqual({
      brandName: 'Northwind CRM',
      website: 'https://www.northwindcrm.com/pricing',
      industry: 'CRM software',
      country: 'France',
      competitors: [{ name: 'Relaymark', website: 'relaymark.io' }, { name: 'Vantora' }],
    });
  });
});

describe('validateDraft (the server’s schema)', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(draft()).ok).toBe(true);
  });

  it('reports every field of an empty form with the server’s messages', () => {
    const result = validateDraft(EMPTY_DRAFT);
    expect(result).toEqual({
      ok: false,
      errors: {
        brandName: 'Enter your brand name.',
        website: 'Enter your website, for example acme.com.',
        industry: 'Industry: at least 2 characters, for example "CRM software".',
      },
    });
  });

  it.each([
    ['an IP address', '10.0.0.1', 'Enter a domain name, not an IP address.'],
    ['localhost', 'http://localhost:3000', 'Enter a public domain, for example acme.com.'],
    [
      'a private name',
      'intranet.corp',
      'Enter a public domain; local and private names cannot be checked.',
    ],
    ['another scheme', 'ftp://acme.com', 'Use a web address starting with http:// or https://.'],
  ])('refuses %s as the website', (_name, website, message) => {
    expect(validateDraft(draft({ website }))).toEqual({ ok: false, errors: { website: message } });
  });

  it('puts competitor errors on the draft row they came from', () => {
    const result = validateDraft(
      draft({
        competitors: [row('a', ''), row('b', 'Relaymark', 'relaymark'), row('c', '', 'x.com')],
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'competitors.1.website': 'Enter a public domain, for example acme.com.',
        'competitors.2.name': 'Enter the competitor’s name.',
      },
    });
  });

  it('limits the brand name to 100 characters', () => {
    expect(validateDraft(draft({ brandName: 'a'.repeat(101) }))).toEqual({
      ok: false,
      errors: { brandName: 'Brand name: at most 100 characters.' },
    });
  });
});

describe('toDraftPaths', () => {
  it('maps server competitor indexes onto rows, skipping blank ones', () => {
    const rows = draft({ competitors: [row('a', ''), row('b', 'B'), row('c', 'C')] });
    expect(
      toDraftPaths({ 'competitors.1.website': 'bad', competitors: 'too many', website: 'w' }, rows),
    ).toEqual({ 'competitors.2.website': 'bad', competitors: 'too many', website: 'w' });
  });
});

describe('canAddCompetitor and isFormField', () => {
  it('stops at three competitors', () => {
    expect(canAddCompetitor(draft({ competitors: [row('a', 'A'), row('b', 'B')] }))).toBe(true);
    expect(
      canAddCompetitor(draft({ competitors: [row('a', 'A'), row('b', 'B'), row('c', 'C')] })),
    ).toBe(false);
  });

  it.each([
    ['brandName', true],
    ['competitors', true],
    ['competitors.2.website', true],
    ['competitors.0.aliases', false],
    ['form', false],
  ])('%s → %s', (key, expected) => {
    expect(isFormField(key)).toBe(expected);
  });
});
