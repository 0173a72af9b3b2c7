import { describe, expect, it } from 'vitest';
import {
  foldString,
  foldText,
  isWordCharAt,
  normalizeName,
  toOriginalRange,
} from './text-normalize';

describe('foldString', () => {
  const cases = [
    ['Nestlé', 'nestle'],
    ['NESTLE\u0301', 'nestle'],
    ['Crème Brûlée', 'creme brulee'],
    ['Ａｃｍｅ', 'acme'],
    ['ﬁnance', 'finance'],
    ['McDonald’s', "mcdonald's"],
    ['Coca–Cola', 'coca-cola'],
    ['İstanbul', 'istanbul'],
    ['Straße', 'straße'],
    ['Škoda Ø', 'skoda ø'],
    ['a\u00a0b', 'a b'],
  ] as const;
  for (const [input, folded] of cases) {
    it(`${input} → ${folded}`, () => expect(foldString(input)).toBe(folded));
  }

  it('keeps case when asked', () => expect(foldString('Nestlé HP', false)).toBe('Nestle HP'));
  it('normalizeName collapses whitespace', () =>
    expect(normalizeName('  Acme \n CRM ')).toBe('acme crm'));
});

describe('foldText offsets', () => {
  it('identity map when folding keeps lengths', () => {
    const f = foldText('Acme’s café');
    expect(f.text).toBe("acme's cafe");
    expect(f.map).toBeNull();
  });

  it('maps folded ranges back when lengths change', () => {
    const text = 'ﬁne 😀 Nestle\u0301 co';
    const f = foldText(text);
    expect(f.text).toBe('fine 😀 nestle co');
    const start = f.text.indexOf('nestle');
    const [s, e] = toOriginalRange(text, f, start, start + 6);
    expect(text.slice(s, e)).toBe('Nestle\u0301');
    const [fs, fe] = toOriginalRange(text, f, 0, 2);
    expect(text.slice(fs, fe)).toBe('ﬁ');
  });

  it('maps a surrogate pair as a whole', () => {
    const text = 'x 😀 y';
    const f = foldText(text);
    const [s, e] = toOriginalRange(text, f, 2, 4);
    expect(text.slice(s, e)).toBe('😀');
  });
});

describe('isWordCharAt', () => {
  const cases: [string, number, boolean][] = [
    ['a', 0, true],
    ['9', 0, true],
    ['é', 0, true],
    ['日', 0, true],
    ["'", 0, false],
    ['-', 0, false],
    ['*', 0, false],
    ['😀', 0, false],
    ['a', 5, false],
  ];
  for (const [s, i, expected] of cases) {
    it(`${JSON.stringify(s)}[${i}] → ${expected}`, () => expect(isWordCharAt(s, i)).toBe(expected));
  }
});
