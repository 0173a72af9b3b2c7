import { describe, expect, it } from 'vitest';
import { trackedEntities, trackedNamesChanged } from './tracked-entities';
import type { TrackedEntity } from './types';

describe('trackedEntities', () => {
  it('the brand first, then its competitors, with exactly the names they were given', () => {
    expect(
      trackedEntities({ id: 'b', name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'] }, [
        { id: 'c1', name: 'Globex', aliases: [], domains: ['globex.com'] },
      ]),
    ).toEqual([
      { id: 'b', kind: 'brand', name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'] },
      { id: 'c1', kind: 'competitor', name: 'Globex', aliases: [], domains: ['globex.com'] },
    ]);
  });
});

const acme: TrackedEntity = {
  id: 'b',
  kind: 'brand',
  name: 'Acme',
  aliases: ['Acme CRM', 'AC'],
  domains: ['acme.com', 'acme.io'],
};
const gridwork: TrackedEntity = {
  id: 'c1',
  kind: 'competitor',
  name: 'Gridwork',
  aliases: [],
  domains: [],
};

describe('trackedNamesChanged', () => {
  it.each([
    ['nothing', [acme], false],
    [
      'alias and domain order, domain case',
      [{ ...acme, aliases: ['AC', 'Acme CRM'], domains: ['ACME.io', 'acme.com'] }],
      false,
    ],
    ['a competitor added', [acme, gridwork], true],
    ['an alias added', [{ ...acme, aliases: [...acme.aliases, 'Acme Cloud'] }], true],
    ['a short alias changing case', [{ ...acme, aliases: ['Acme CRM', 'ac'] }], true],
    ['a domain removed', [{ ...acme, domains: ['acme.com'] }], true],
    ['the common-word flag', [{ ...acme, commonWord: true }], true],
    ['a rename', [{ ...acme, name: 'Acme Inc' }], true],
  ] as [string, TrackedEntity[], boolean][])('%s → %s', (_case, after, changed) => {
    expect(trackedNamesChanged([acme], after)).toBe(changed);
  });

  it('a competitor removed, and the same list in another order', () => {
    expect(trackedNamesChanged([acme, gridwork], [acme])).toBe(true);
    expect(trackedNamesChanged([acme, gridwork], [gridwork, acme])).toBe(false);
  });
});
