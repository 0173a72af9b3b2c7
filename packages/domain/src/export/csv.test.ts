import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['=1,2', `"'=1,2"`],
    ['a=b', 'a=b'],
    ['Zoë’s CRM', 'Zoë’s CRM'],
  ])('%j → %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    [null, ''],
    [undefined, ''],
    [0, '0'],
    [-0.5, '-0.5'],
    [3, '3'],
    [Number.NaN, ''],
    [true, 'true'],
    [false, 'false'],
  ] as const)('%j → %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends in CRLF', () => {
    expect(csvLine(['2026-11-10', 'local-gpt', 'a "b", c', null, 2, true])).toBe(
      '2026-11-10,local-gpt,"a ""b"", c",,2,true\r\n',
    );
  });
});
