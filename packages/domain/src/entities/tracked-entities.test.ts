import { describe, expect, it } from 'vitest';
import { trackedEntities } from './tracked-entities';

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
