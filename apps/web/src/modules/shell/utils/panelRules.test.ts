import { describe, expect, it } from 'vitest';
import { type HubPanel, panelAfterNavigation, panelAfterToggle, sectionOf } from './panelRules';

describe('panelAfterNavigation', () => {
  it.each<[HubPanel | null, string, boolean, HubPanel | null]>([
    [null, '/campaigns', false, null],
    ['brands', '/campaigns', false, 'brands'],
    ['brands', '/campaigns/create', false, 'brands'],
    ['brands', '/campaigns/42/keywords/7', false, 'brands'],
    ['brands', '/', false, 'brands'],
    ['brands', '/dashboard', false, 'brands'],
    ['brands', '/analytics', false, null],
    ['brands', '/publishing/drafts', false, null],
    ['brands', '/campaignsx', false, null],
    ['publishing', '/publishing/orders', false, 'publishing'],
    ['publishing', '/publishing', false, 'publishing'],
    ['publishing', '/opportunities/9', false, 'publishing'],
    ['publishing', '/content-gaps/3', false, 'publishing'],
    ['publishing', '/dashboard', false, 'publishing'],
    ['publishing', '/campaigns', false, null],
    ['publishing', '/settings', false, null],
    ['publishing', '/integrations', false, null],
    ['brands', '/campaigns', true, null],
    ['publishing', '/dashboard', true, null],
  ])('open %s, go to %s (compact %s) → %s', (open, pathname, compact, expected) => {
    expect(panelAfterNavigation(open, pathname, compact)).toBe(expected);
  });
});

describe('panelAfterToggle', () => {
  it.each<[HubPanel | null, HubPanel, HubPanel | null]>([
    [null, 'brands', 'brands'],
    ['brands', 'brands', null],
    ['brands', 'publishing', 'publishing'],
    ['publishing', 'brands', 'brands'],
    ['publishing', 'publishing', null],
  ])('open %s, click %s → %s', (open, clicked, expected) => {
    expect(panelAfterToggle(open, clicked)).toBe(expected);
  });
});

describe('sectionOf', () => {
  it.each<[string, HubPanel | null]>([
    ['/campaigns/1/edit', 'brands'],
    ['/publishing/sites', 'publishing'],
    ['/analytics', null],
    ['/', null],
  ])('%s → %s', (pathname, expected) => {
    expect(sectionOf(pathname)).toBe(expected);
  });
});
