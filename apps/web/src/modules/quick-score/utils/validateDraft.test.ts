import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type QuickScoreDraft } from './quickScoreDraft';
import { validateDraft, websiteDomain } from './validateDraft';

const draft = (overrides: Partial<QuickScoreDraft> = {}): QuickScoreDraft => ({
  ...EMPTY_DRAFT,
  brandName: 'Northwind CRM',
  website: 'https://www.northwindcrm.com/pricing',
  industry: 'CRM software',
  ...overrides,
});

const row = (key: string, name: string, website = '') => ({ key, name, website });

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

describe('websiteDomain', () => {
  it.each([
    ['', null],
    ['https://www.Northwindcrm.com/pricing?x=1', 'northwindcrm.com'],
    ['northwindcrm.com', 'northwindcrm.com'],
    ['192.168.1.1', null],
  ])('%s → %s', (input, expected) => {
    expect(websiteDomain(input)).toBe(expected);
  });
});
