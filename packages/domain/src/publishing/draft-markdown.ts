import { Marked } from 'marked';
import { checkDraftUrl, escapeHtml, type LinkUse } from './link-policy';

// A draft's markdown as HTML, shared by the editor's preview and the publishing job so both apply
// the same rules (docs/security.md, "Drafts and posts"): raw HTML is shown as text, never passed
// through (a draft is written from web evidence), and every link and image goes through
// `checkDraftUrl`. Only how a refused address and an image look differ between the two callers.

export type RefusedUrl = {
  use: LinkUse;
  /** The address as written in the draft. */
  href: string;
  /** Why it was refused, for the person reading the preview. */
  reason: string;
  /** The link's text as HTML (already rendered and escaped), or the image's alt text as text. */
  label: string;
};

export type DraftMarkdownOptions = {
  /** The HTML that stands for a refused link or image. */
  refused(refused: RefusedUrl): string;
  /** The HTML for an allowed image; the default is a plain `<img>`. */
  image?(image: { src: string; alt: string; title: string | null }): string;
  /** Extra attributes of every allowed link (already HTML), e.g. ` target="_blank"`. */
  linkAttributes?: string;
};

/** A renderer of draft markdown with this caller's presentation of refused addresses. */
export function draftMarkdown(options: DraftMarkdownOptions): (text: string) => string {
  const markdown = new Marked({ gfm: true, breaks: false, async: false });
  const extra = options.linkAttributes ?? '';
  markdown.use({
    renderer: {
      html: ({ text }) => escapeHtml(text),
      link({ href, title, tokens }) {
        const label = this.parser.parseInline(tokens);
        const verdict = checkDraftUrl(href, 'link');
        if (!verdict.ok) {
          return options.refused({ use: 'link', href, reason: verdict.reason, label });
        }
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(verdict.href)}"${titled}${extra}>${label}</a>`;
      },
      image({ href, title, text }) {
        const verdict = checkDraftUrl(href, 'image');
        if (!verdict.ok) {
          return options.refused({ use: 'image', href, reason: verdict.reason, label: text });
        }
        if (options.image) return options.image({ src: verdict.href, alt: text, title });
        const titled = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(verdict.href)}" alt="${escapeHtml(text)}"${titled}>`;
      },
    },
  });
  return (text) => markdown.parse(text, { async: false }) as string;
}
