import { draftMarkdown } from '@lumen/domain/publishing/draft-markdown';
import { escapeHtml } from '@lumen/domain/publishing/link-policy';
import { highlight } from './impactView';

// The editor's preview, rendered by the same rules as the post the publishing job writes
// (packages/domain/src/publishing/draft-markdown.ts; docs/security.md, "Drafts and posts"): raw
// HTML shown as text, links and images through the one link policy. A refused address is shown
// as a warning, not as a harmless word, so the approver sees what the draft tried to do.

const WARNING =
  'refused-url box-decoration-clone rounded-sm border border-warning px-1 text-warning font-medium no-underline';

const render = draftMarkdown({
  refused: ({ use, href, reason, label }) => {
    const what = use === 'link' ? 'Link removed' : 'Image removed';
    const text = use === 'link' ? label : escapeHtml(label);
    return `<span class="${WARNING}" role="note" data-refused-url="${escapeHtml(href)}">⚠ ${text} <small>(${what}: ${escapeHtml(reason)} It will not be published.)</small></span>`;
  },
  // Images are not loaded in the editor (a draft's image could be a tracking pixel): the preview
  // names the image and where it comes from; the post shows it.
  image: ({ src, alt }) =>
    `<span class="text-muted">[Image: ${escapeHtml(alt || 'no description')} — ${escapeHtml(src)}]</span>`,
  linkAttributes: ' rel="noopener noreferrer" target="_blank"',
});

/** Markdown → HTML safe to put in the page. */
export function renderMarkdown(text: string): string {
  return render(text);
}

// Private-use characters stand for the start and end of a highlight while Markdown is parsed:
// they are plain text to the parser, so a brand's span inside `**bold**` or a list item keeps
// its place, and they become <mark> tags (fixed strings, nothing from the text) afterwards.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

/**
 * An engine's answer rendered the way the editor previews a draft, with the spans (offsets into
 * the raw text, e.g. where the brand is named) highlighted.
 */
export function renderMarkdownWithMarks(
  text: string,
  spans: readonly { start: number; end: number }[],
  markClass: string,
): string {
  const marked = highlight(text.replace(MARKERS, ' '), spans)
    .map((s) => (s.mark ? `${MARK_OPEN}${s.text}${MARK_CLOSE}` : s.text))
    .join('');
  return (
    renderMarkdown(marked)
      // A span inside an autolinked address would otherwise land in its href.
      .replace(/<[^>]*>/g, (tag) => tag.replace(MARKERS, ''))
      .replaceAll(MARK_OPEN, `<mark class="${escapeHtml(markClass)}">`)
      .replaceAll(MARK_CLOSE, '</mark>')
  );
}

/** Type for rendered Markdown: headings, lists, tables, quotes and links in the theme's tokens. */
export const MARKDOWN_PROSE =
  'max-w-none break-words text-sm leading-relaxed text-fg [&_a]:text-accent-text [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-2 [&_blockquote]:border-border-strong [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:my-2 [&_ol]:list-decimal [&_p]:my-2 [&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:my-2 [&_ul]:list-disc';
