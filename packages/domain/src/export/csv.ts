// CSV as RFC 4180 writes it (docs/metrics.md, "Exports"): every line ends in CRLF; a cell with a
// quote, comma or line break is quoted with its quotes doubled. A text cell a spreadsheet would
// run as a formula (=, +, -, @, and tab or carriage return before them) gets a leading
// apostrophe (OWASP "CSV injection"): prompts and names come from users and engines. Numbers are
// written as numbers, so a negative one stays a number.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null, `true`/`false` for booleans, guarded and quoted text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
