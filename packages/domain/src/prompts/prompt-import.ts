import { foldString } from '../analysis/text-normalize';
import { BRAND_LIMITS } from '../brands/brand-input';

export type ImportedPrompt = { text: string; keyword: string | null };

export type PromptImport = {
  prompts: ImportedPrompt[];
  skipped: {
    /** The same prompt twice in what was pasted or imported. */
    duplicates: number;
    /** Already a prompt of this brand. */
    existing: number;
    /** Too short or too long to be a prompt. */
    invalid: number;
  };
};

/** Two prompts are one when they differ only in case, accents, spacing or punctuation. */
export function promptKey(text: string): string {
  return foldString(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Bulk paste: one prompt a line; commas belong to the prompt. */
export function parsePromptPaste(text: string): ImportedPrompt[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => ({ text: line, keyword: null }));
}

const PROMPT_HEADERS = new Set(['prompt', 'prompts', 'text', 'question', 'query']);
const KEYWORD_HEADERS = new Set(['keyword', 'keywords', 'topic']);

/**
 * A CSV file: one prompt a row, an optional keyword column. A header row naming the columns
 * ("prompt", "keyword") is recognised in any order; without one, the first column is the prompt
 * and the second, if any, the keyword. RFC 4180 quoting ("a, b", "say ""hi""") is honoured.
 */
export function parsePromptCsv(text: string): ImportedPrompt[] {
  const rows = parseCsv(text, detectDelimiter(text)).filter((row) =>
    row.some((cell) => cell.trim() !== ''),
  );
  if (rows.length === 0) return [];
  let promptColumn = 0;
  let keywordColumn: number | null = 1;
  const header = rows[0]!.map((cell) => cell.trim().toLowerCase());
  if (header.some((cell) => PROMPT_HEADERS.has(cell))) {
    promptColumn = header.findIndex((cell) => PROMPT_HEADERS.has(cell));
    const k = header.findIndex((cell) => KEYWORD_HEADERS.has(cell));
    keywordColumn = k === -1 ? null : k;
    rows.shift();
  }
  return rows
    .map((row) => {
      const keyword = keywordColumn === null ? '' : (row[keywordColumn] ?? '').trim();
      return { text: (row[promptColumn] ?? '').trim(), keyword: keyword === '' ? null : keyword };
    })
    .filter((row) => row.text !== '');
}

/** Drops duplicates, prompts the brand has already and invalid lengths, counting each. */
export function dedupePrompts(
  rows: readonly ImportedPrompt[],
  existingTexts: readonly string[] = [],
): PromptImport {
  const existing = new Set(existingTexts.map(promptKey));
  const seen = new Set<string>();
  const result: PromptImport = { prompts: [], skipped: { duplicates: 0, existing: 0, invalid: 0 } };
  for (const row of rows) {
    const text = row.text.replace(/\s+/g, ' ').trim();
    if (text.length < BRAND_LIMITS.promptMin || text.length > BRAND_LIMITS.promptMax) {
      result.skipped.invalid++;
      continue;
    }
    const key = promptKey(text);
    if (existing.has(key)) {
      result.skipped.existing++;
    } else if (seen.has(key)) {
      result.skipped.duplicates++;
    } else {
      seen.add(key);
      result.prompts.push({ text, keyword: row.keyword });
    }
  }
  return result;
}

/** The separator the first line uses most: comma, semicolon (European exports) or tab. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const n = first.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF, a BOM. */
export function parseCsv(input: string, delimiter = ','): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
