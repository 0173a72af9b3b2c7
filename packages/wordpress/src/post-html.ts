import { draftMarkdown } from '@lumen/domain/publishing/draft-markdown';
import { escapeHtml } from '@lumen/domain/publishing/link-policy';
import sanitizeHtml from 'sanitize-html';

// The HTML a draft becomes on WordPress (docs/security.md, "Drafts and posts"). WordPress does
// not filter what an administrator's or editor's application password writes, so Lumen is the
// only filter: the shared markdown rules (raw HTML as text, the link policy), then an allow-list
// sanitizer as the very last step over the rendered body. sanitize-html was chosen over
// DOMPurify because it needs no DOM: DOMPurify on the server needs jsdom (several MB, a whole
// browser model) in the worker bundle; sanitize-html runs on htmlparser2, already a dependency.

const render = draftMarkdown({
  // On the customer's site a refused link is its words only, a refused image its alt text.
  refused: ({ use, label }) => (use === 'link' ? label : escapeHtml(label)),
});

/** Exactly what marked's GitHub-flavoured output needs; anything else is removed. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'a',
    'img',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  // Comments are dropped too; the draft marker is added after this step by renderPostContent.
  disallowedTagsMode: 'discard',
};

/** A draft's markdown body as the HTML WordPress receives: rendered, then sanitized. */
export function renderPostBody(markdown: string): string {
  return sanitizeHtml(render(markdown), SANITIZE).trim();
}

/** Plain text for fields WordPress shows as HTML (title, excerpt, SEO meta): no markup survives. */
export function plainTextField(text: string): string {
  return escapeHtml(text);
}
