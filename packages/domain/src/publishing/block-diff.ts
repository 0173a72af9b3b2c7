// The diff the draft editor shows for an improved page (docs/publishing.md, "Improving a page
// that exists"): the live page and the draft, both light markdown, compared block by block
// (a heading, a paragraph, a list item, a table or a quote is one block). A block that is the
// same in both (whitespace aside) is kept; the rest is removed from the live page or added by
// the draft, in reading order. Block-level on purpose: a reviewer reads whole paragraphs, and a
// word-level diff of a rewritten paragraph is noise.

export type DiffKind = 'same' | 'added' | 'removed';

export type DiffBlock = { kind: DiffKind; text: string };

export type DiffSummary = { added: number; removed: number; same: number };

/** Past this many blocks on either side the comparison is not attempted (a 1 MiB page). */
const MAX_BLOCKS = 2_000;

/**
 * Markdown split into blocks: blank lines separate paragraphs, and inside a paragraph each
 * heading and each list item starts a block of its own (a list's items are read one by one).
 */
export function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) blocks.push(text);
    current = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (/^\s*(```|~~~)/.test(line)) {
      if (!fenced) flush();
      current.push(line);
      fenced = !fenced;
      if (!fenced) flush();
      continue;
    }
    if (fenced) {
      current.push(line);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s/.test(line);
    const item = /^\s{0,3}([-*+]|\d+[.)])\s/.test(line);
    const tableRow = /^\s*\|/.test(line);
    const inTable = current.length > 0 && /^\s*\|/.test(current[0] ?? '');
    if (heading || (item && current.length > 0) || (tableRow !== inTable && current.length > 0)) {
      flush();
    }
    current.push(line);
    if (heading) flush();
  }
  flush();
  return blocks;
}

/** Blocks compared as read: whitespace runs are one space. */
const key = (block: string) => block.replace(/\s+/g, ' ').trim();

/**
 * The blocks of `before` (the live page) and `after` (the draft) in reading order, each marked
 * same, removed or added: a longest common subsequence of blocks, removals before additions
 * where a block was replaced. Deterministic for the same input.
 */
export function blockDiff(before: string, after: string): DiffBlock[] {
  const a = markdownBlocks(before);
  const b = markdownBlocks(after);
  if (a.length > MAX_BLOCKS || b.length > MAX_BLOCKS) {
    return [
      ...a.map((text) => ({ kind: 'removed' as const, text })),
      ...b.map((text) => ({ kind: 'added' as const, text })),
    ];
  }
  const ka = a.map(key);
  const kb = b.map(key);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const width = kb.length + 1;
  const lcs = new Uint16Array((ka.length + 1) * width);
  for (let i = ka.length - 1; i >= 0; i--) {
    for (let j = kb.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        ka[i] === kb[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const out: DiffBlock[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) {
      out.push({ kind: 'same', text: b[j] ?? '' });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      out.push({ kind: 'removed', text: a[i] ?? '' });
      i++;
    } else {
      out.push({ kind: 'added', text: b[j] ?? '' });
      j++;
    }
  }
  for (; i < a.length; i++) out.push({ kind: 'removed', text: a[i] ?? '' });
  for (; j < b.length; j++) out.push({ kind: 'added', text: b[j] ?? '' });
  return out;
}

/** How many blocks the draft adds, removes and keeps. */
export function diffSummary(diff: readonly DiffBlock[]): DiffSummary {
  const summary: DiffSummary = { added: 0, removed: 0, same: 0 };
  for (const block of diff) summary[block.kind] += 1;
  return summary;
}
