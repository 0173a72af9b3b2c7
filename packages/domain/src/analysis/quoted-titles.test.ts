import { describe, expect, it } from 'vitest';
import { quotedTitles } from './quoted-titles';

const titles = (text: string) => quotedTitles(text).map(([s, e]) => text.slice(s, e));

describe('quotedTitles', () => {
  it.each([
    ['I read “The best crm for small teams”, it was awful', ['“The best crm for small teams”']],
    [
      'See "Top 10 CRMs for startups" and "Best tools ever".',
      ['"Top 10 CRMs for startups"', '"Best tools ever"'],
    ],
    ['Die Liste „Die besten CRM für Teams“ nennt Acme.', ['„Die besten CRM für Teams“']],
    ['Dans « Les meilleurs outils » on trouve Acme.', ['« Les meilleurs outils »']],
  ])('finds the title in %j', (text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it.each([
    ['one word: a scare quote', 'They call it “excellent”.'],
    ['lower-case start: a quoted phrase', 'It is “really good value” overall.'],
    ['a quoted sentence', 'A user wrote: “Acme is excellent.”'],
    ['across a line break', '“The best\ncrm” list'],
    ['no closing quote', '“The best crm for small teams and more'],
    ['too long for a title', `“The ${'very '.repeat(40)}long quote”`],
  ])('is not a title: %s', (_case, text) => {
    expect(titles(text)).toEqual([]);
  });

  it('pairs straight quotes in order', () => {
    expect(titles('a "Big Deal" b "x" c "Top Picks Today" d')).toEqual([
      '"Big Deal"',
      '"Top Picks Today"',
    ]);
  });

  it('looks at most a title’s length ahead of each opening quote', () => {
    // 50 000 unclosed quotes: each looks ahead a bounded distance, so this stays linear.
    expect(quotedTitles('“a '.repeat(50_000))).toEqual([]);
  });
});
