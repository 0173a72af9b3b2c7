import { QUICK_SCORE_LIMITS } from '@lumen/domain/quick-score/quick-score-input';
import { describe, expect, it } from 'vitest';
import {
  canAddCompetitor,
  draftFromParams,
  draftToInput,
  EMPTY_DRAFT,
  FORM_LIMITS,
  isFormField,
  type QuickScoreDraft,
  toDraftPaths,
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

describe('draftFromParams', () => {
  it('prefills the fields a past check carries and nothing else', () => {
    const params = new URLSearchParams(
      'brandName=Northwind+CRM&website=northwindcrm.com&industry=CRM+software&extra=1',
    );
    expect(draftFromParams(params)).toEqual({
      brandName: 'Northwind CRM',
      website: 'northwindcrm.com',
      industry: 'CRM software',
      country: '',
      competitors: [],
    });
  });

  it('brings back up to three named competitors, without websites', () => {
    const params = new URLSearchParams();
    for (const name of ['Relaymark', ' ', 'Vantora', 'Pipewell', 'Salesmith'])
      params.append('competitor', name);
    expect(draftFromParams(params).competitors).toEqual([
      { key: 'param-0', name: 'Relaymark', website: '' },
      { key: 'param-1', name: 'Vantora', website: '' },
      { key: 'param-2', name: 'Pipewell', website: '' },
    ]);
  });

  it('is the empty draft without parameters', () => {
    expect(draftFromParams(new URLSearchParams())).toEqual(EMPTY_DRAFT);
  });
});

describe('FORM_LIMITS', () => {
  it('mirrors the server’s limits', () => {
    expect(FORM_LIMITS).toEqual({
      maxCompetitors: QUICK_SCORE_LIMITS.maxCompetitors,
      prompts: QUICK_SCORE_LIMITS.prompts,
      retentionDays: QUICK_SCORE_LIMITS.retentionDays,
    });
  });
});
