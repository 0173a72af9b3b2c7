import { describe, expect, it } from 'vitest';
import { draftFromParams } from './quickScoreDraft';
import { retryHref } from './retryHref';

describe('retryHref', () => {
  const check = {
    brandName: 'Northwind CRM',
    domain: 'northwindcrm.com',
    industry: 'CRM software',
    country: null,
    competitors: ['Relaymark', 'Vantora & Co'],
  };

  it('links to the form with what the check was about', () => {
    expect(retryHref(check)).toBe(
      '/visibility/quick-score?brandName=Northwind+CRM&website=northwindcrm.com&industry=CRM+software&competitor=Relaymark&competitor=Vantora+%26+Co',
    );
  });

  it('round-trips through the form’s prefill', () => {
    const href = retryHref({ ...check, country: 'France' });
    const draft = draftFromParams(new URL(href, 'http://x').searchParams);
    expect(draft).toEqual({
      brandName: 'Northwind CRM',
      website: 'northwindcrm.com',
      industry: 'CRM software',
      country: 'France',
      competitors: [
        { key: 'param-0', name: 'Relaymark', website: '' },
        { key: 'param-1', name: 'Vantora & Co', website: '' },
      ],
    });
  });
});
