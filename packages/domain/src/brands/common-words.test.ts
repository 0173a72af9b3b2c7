import { describe, expect, it } from 'vitest';
import { suggestCommonWord } from './common-words';

describe('suggestCommonWord', () => {
  it.each([
    ['Harvest', 'idiom'],
    ['Loom', 'idiom'],
    ['Pitch', 'idiom'],
    ['Drift', 'idiom'],
    ['Ramp', 'idiom'],
    ['Basecamp', 'idiom'],
    ['Notion', 'idiom'],
    ['Zoom', 'idiom'],
    ['Anchor', 'dictionary'],
    ['Lienzo', 'dictionary'],
    ['Oogst', 'dictionary'],
    ['Ernte', 'dictionary'],
  ])('suggests the mark for %s (%s)', (name, reason) => {
    expect(suggestCommonWord(name)).toMatchObject({ suggest: true, reason });
  });

  it('names the idiom a compound name comes from', () => {
    expect(suggestCommonWord('BaseCamp')).toEqual({
      suggest: true,
      reason: 'idiom',
      example: 'base camp',
    });
  });

  it.each(['Pipedrive', 'HubSpot', 'Toggl Track', 'Acme CRM', 'monday.com', 'HP', 'The', 'Off'])(
    'does not suggest it for %s',
    (name) => {
      expect(suggestCommonWord(name)).toEqual({ suggest: false });
    },
  );
});
