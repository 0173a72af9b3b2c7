import type { TextScan } from './scan-text';

/** Owner values besides an entity index: no entity, or more than one. */
export const NONE = -2;
export const SEVERAL = -1;
/** A heading level not set since a heading above it. */
const UNSET = -3;
/** Bold-only lines ("**Acme**") act as headings below every markdown level. */
const BOLD_LEVEL = 7;

/**
 * Per sentence, the one entity that the heading above it or its parent list item names, or NONE
 * (docs/analysis.md, "Pros and cons under a heading"): lines under "## Acme" or nested under
 * "- **Acme**" belong to Acme even when they do not name it. A heading or parent naming several
 * entities gives no scope; one naming none passes its own parent's on ("### Pros" under
 * "## Acme"). A sentence on a line that names one entity is scoped to it ("- **Acme**: fast.
 * Pricey, though.").
 *
 * `owners` is per sentence: the one entity it names, SEVERAL or NONE. One pass over the line
 * starts; `out` receives the scope of each of the `count` sentences.
 */
export function headingScopes(
  scan: TextScan,
  owners: Int32Array,
  count: number,
  out: Int32Array,
  stack: { indents: number[]; owners: number[] },
): void {
  const text = scan.text;
  const starts = scan.sentenceStarts;
  const headings = [UNSET, UNSET, UNSET, UNSET, UNSET, UNSET, UNSET, UNSET];
  const indents = stack.indents;
  const listOwners = stack.owners;
  indents.length = 0;
  listOwners.length = 0;
  let lineScope = NONE;
  for (let k = 0; k < count; k++) {
    const at = starts[k]!;
    if (at > 0 && text.charCodeAt(at - 1) !== 10) {
      out[k] = lineScope; // a further sentence of the same line
      continue;
    }
    let owner = owners[k]!;
    for (let j = k + 1; j < count && text.charCodeAt(starts[j]! - 1) !== 10; j++) {
      owner = merge(owner, owners[j]!);
    }
    let i = at;
    let indent = 0;
    for (let c = text.charCodeAt(i); c === 32 || c === 9; c = text.charCodeAt(++i)) {
      indent += c === 9 ? 4 : 1;
    }
    const c = text.charCodeAt(i);
    if (Number.isNaN(c) || c === 10 || c === 13) {
      out[k] = NONE; // a blank line ends nothing: lists and sections go on after it
      lineScope = NONE;
      continue;
    }
    let parent: number;
    const level = headingLevel(text, i);
    if (level > 0) {
      indents.length = 0;
      listOwners.length = 0;
      parent = fromHeadings(headings, level);
      headings[level] = owner;
      for (let l = level + 1; l <= BOLD_LEVEL; l++) headings[l] = UNSET;
    } else if (isListItem(text, i)) {
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) {
        indents.pop();
        listOwners.pop();
      }
      parent = fromList(listOwners, fromHeadings(headings, BOLD_LEVEL + 1));
      indents.push(indent);
      listOwners.push(owner);
    } else if (indent > 0 && indents.length > 0) {
      // An indented line inside a list continues its last item.
      parent = fromList(listOwners, fromHeadings(headings, BOLD_LEVEL + 1));
    } else {
      indents.length = 0;
      listOwners.length = 0;
      parent = fromHeadings(headings, BOLD_LEVEL + 1);
    }
    lineScope = owner >= 0 ? owner : owner === SEVERAL ? NONE : parent;
    out[k] = lineScope;
  }
}

function merge(a: number, b: number): number {
  if (a === NONE) return b;
  if (b === NONE || a === b) return a;
  return SEVERAL;
}

/** The entity of the nearest heading above `level` that names any, NONE if it names several. */
function fromHeadings(headings: number[], level: number): number {
  for (let l = level - 1; l >= 1; l--) {
    const h = headings[l]!;
    if (h >= 0) return h;
    if (h === SEVERAL) return NONE;
  }
  return NONE;
}

/** The entity of the nearest enclosing list item that names any, else the heading's. */
function fromList(listOwners: number[], heading: number): number {
  for (let k = listOwners.length - 1; k >= 0; k--) {
    const o = listOwners[k]!;
    if (o >= 0) return o;
    if (o === SEVERAL) return NONE;
  }
  return heading;
}

/** 1–6 for "# " … "###### ", BOLD_LEVEL for a line that is one bold run, else 0. */
function headingLevel(text: string, i: number): number {
  let k = i;
  while (text.charCodeAt(k) === 35) k++;
  const hashes = k - i;
  if (hashes >= 1 && hashes <= 6 && text.charCodeAt(k) === 32) return hashes;
  if (text.charCodeAt(i) !== 42 || text.charCodeAt(i + 1) !== 42) return 0;
  // "**Acme**", "**Acme:**", "**Acme**:" and nothing else on the line.
  const close = text.indexOf('**', i + 2);
  if (close === -1) return 0;
  const lineEnd = text.indexOf('\n', i);
  if (lineEnd !== -1 && close > lineEnd) return 0;
  let e = close + 2;
  if (text.charCodeAt(e) === 58) e++;
  while (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 13) e++;
  return e >= text.length || text.charCodeAt(e) === 10 ? BOLD_LEVEL : 0;
}

/** "- ", "* ", "+ ", "1. ", "1) ". */
function isListItem(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 45 || c === 42 || c === 43) return text.charCodeAt(i + 1) === 32;
  let k = i;
  while (text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57) k++;
  if (k === i || k - i > 3) return false;
  const m = text.charCodeAt(k);
  return (m === 46 || m === 41) && text.charCodeAt(k + 1) === 32;
}
