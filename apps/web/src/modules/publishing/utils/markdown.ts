import { Marked } from 'marked';

// The editor's preview. Raw HTML in a draft is shown as text (the publishing job does the same
// on WordPress), and only web and mail links are links, so the preview cannot run a script.

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SAFE_LINK = /^(https?:|mailto:|\/|#)/i;

markdown.use({
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href.trim())) return label;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href)}"${titled} rel="noopener noreferrer" target="_blank">${label}</a>`;
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

/** Markdown → HTML safe to put in the page. */
export function renderMarkdown(text: string): string {
  return markdown.parse(text) as string;
}
