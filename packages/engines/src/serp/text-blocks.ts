import type { Citation } from '../engine';
import { capText } from '../providers/run-generation';

// SerpApi's AI Overview and AI Mode answers come as `text_blocks` (paragraphs, headings, lists,
// tables, expandable sections) whose `reference_indexes` point into `references`
// (docs/engines.md, "Answer pages"). They become markdown with [n] markers, n being the
// citation's position in the answer's citations, as Perplexity-style answers are read.

type TextBlock = {
  type?: string;
  title?: string;
  snippet?: string;
  reference_indexes?: number[];
  list?: TextBlock[];
  text_blocks?: TextBlock[];
  table?: unknown[][];
  rows?: unknown[][];
  headers?: unknown[];
  code?: string;
  language?: string;
};

type Reference = { title?: unknown; link?: unknown; source?: unknown; index?: unknown };

export type OverviewText = { text: string; citations: Citation[] };

/** Markdown and citations for text blocks and their references. */
export function overviewText(textBlocks: unknown, references: unknown): OverviewText {
  const { citations, positionOf } = referencesToCitations(references);
  const marks = (indexes: unknown): string => {
    if (!Array.isArray(indexes)) return '';
    const positions = [
      ...new Set(
        indexes.flatMap((i) => {
          const p = typeof i === 'number' ? positionOf.get(i) : undefined;
          return p === undefined ? [] : [p];
        }),
      ),
    ];
    return positions.length > 0 ? ` ${positions.map((p) => `[${p}]`).join('')}` : '';
  };
  const blocks = Array.isArray(textBlocks) ? (textBlocks as TextBlock[]) : [];
  const text = blocksToMarkdown(blocks, marks, 0).join('\n\n').trim();
  return { text: capText(text), citations };
}

/**
 * The references in their `index` order, one citation per URL; positionOf maps a reference's
 * index to its 1-based position among the citations (two references to one URL share it).
 */
function referencesToCitations(references: unknown): {
  citations: Citation[];
  positionOf: Map<number, number>;
} {
  const list = (Array.isArray(references) ? (references as Reference[]) : [])
    .map((r, i) => ({ r, index: typeof r?.index === 'number' ? r.index : i }))
    .sort((a, b) => a.index - b.index);
  const citations: Citation[] = [];
  const byUrl = new Map<string, number>();
  const positionOf = new Map<number, number>();
  for (const { r, index } of list) {
    if (typeof r?.link !== 'string' || !/^https?:\/\//.test(r.link)) continue;
    const key = r.link.replace(/#.*$/, '').replace(/\/+$/, '');
    let position = byUrl.get(key);
    if (position === undefined) {
      const title =
        typeof r.title === 'string' && r.title.trim()
          ? r.title.trim()
          : typeof r.source === 'string' && r.source.trim()
            ? r.source.trim()
            : undefined;
      citations.push(title ? { url: r.link, title } : { url: r.link });
      position = citations.length;
      byUrl.set(key, position);
    }
    positionOf.set(index, position);
  }
  return { citations, positionOf };
}

function clean(text: unknown): string {
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
}

function cell(value: unknown): string {
  return clean(typeof value === 'string' || typeof value === 'number' ? String(value) : '').replace(
    /\|/g,
    '\\|',
  );
}

function blocksToMarkdown(
  blocks: readonly TextBlock[],
  marks: (indexes: unknown) => string,
  depth: number,
): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    const snippet = clean(block.snippet);
    switch (block.type) {
      case 'heading':
        if (snippet) out.push(`### ${snippet}${marks(block.reference_indexes)}`);
        break;
      case 'list': {
        const items = listItems(block.list ?? [], marks, depth);
        if (snippet) out.push(`${snippet}${marks(block.reference_indexes)}`);
        if (items.length > 0) out.push(items.join('\n'));
        break;
      }
      case 'table': {
        const rows = (block.table ?? block.rows ?? []).filter(Array.isArray);
        const headers = Array.isArray(block.headers) ? block.headers : rows.shift();
        if (headers && headers.length > 0) {
          const lines = [
            `| ${headers.map(cell).join(' | ')} |`,
            `| ${headers.map(() => '---').join(' | ')} |`,
            ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
          ];
          const cited = marks(block.reference_indexes).trim();
          out.push(cited ? `${lines.join('\n')}\n\n${cited}` : lines.join('\n'));
        }
        break;
      }
      case 'code':
        if (block.code) out.push(`\`\`\`${block.language ?? ''}\n${block.code}\n\`\`\``);
        break;
      case 'expandable': {
        const title = clean(block.title);
        if (title) out.push(`**${title}**${marks(block.reference_indexes)}`);
        if (snippet) out.push(`${snippet}${title ? '' : marks(block.reference_indexes)}`);
        out.push(...blocksToMarkdown(block.text_blocks ?? [], marks, depth));
        break;
      }
      default:
        // paragraph, and any type SerpApi adds later that carries a snippet
        if (snippet) out.push(`${snippet}${marks(block.reference_indexes)}`);
        if (block.text_blocks) out.push(...blocksToMarkdown(block.text_blocks, marks, depth));
    }
  }
  return out;
}

function listItems(
  items: readonly TextBlock[],
  marks: (indexes: unknown) => string,
  depth: number,
): string[] {
  const indent = '  '.repeat(depth);
  const out: string[] = [];
  for (const item of items) {
    const title = clean(item.title);
    const snippet = clean(item.snippet);
    const lead = title.endsWith(':') ? `**${title}**` : `**${title}**:`;
    const body = title && snippet ? `${lead} ${snippet}` : title ? `**${title}**` : snippet;
    if (body) out.push(`${indent}- ${body}${marks(item.reference_indexes)}`);
    if (item.list) out.push(...listItems(item.list, marks, depth + 1));
    if (item.text_blocks) {
      for (const nested of blocksToMarkdown(item.text_blocks, marks, depth + 1)) {
        out.push(nested.startsWith(`${indent}  -`) ? nested : `${indent}  ${nested}`);
      }
    }
  }
  return out;
}
