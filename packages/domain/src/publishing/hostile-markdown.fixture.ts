import { Parser } from 'htmlparser2';
import { checkDraftUrl } from './link-policy';

// The payloads of the second security review (docs/security.md, "Drafts and posts"): each is a
// way a draft could try to put a live script or a foreign document on the customer's site.
export const HOSTILE_MARKDOWN: readonly (readonly [name: string, markdown: string])[] = [
  ['plain javascript:', '[Read the pricing](javascript:alert(1))'],
  ['mixed case', '[Pricing](JaVaScRiPt:alert(1))'],
  ['entity colon &#58;', '[Pricing](javascript&#58;alert(1))'],
  ['entity colon &#x3A', '[Pricing](javascript&#x3A;alert(1))'],
  ['named entity &colon;', '[Pricing](javascript&colon;alert(1))'],
  ['double-encoded entity', '[Pricing](javascript&amp;#58;alert(1))'],
  ['entity letter', '[Pricing](&#x6A;avascript:alert(1))'],
  ['entity tab inside the scheme', '[Pricing](jav&#x09;ascript:alert(1))'],
  ['entity newline inside the scheme', '[Pricing](java&NewLine;script:alert(1))'],
  ['tab inside the scheme', '[Pricing](<java\tscript:alert(1)>)'],
  ['leading control character', '[Pricing](<\u0001javascript:alert(1)>)'],
  ['leading spaces', '[Pricing](<  javascript:alert(1)>)'],
  ['zero-width space in the scheme', '[Pricing](java\u200bscript:alert(1))'],
  ['vbscript:', '[Pricing](vbscript:msgbox(1))'],
  ['data: link', '[Pricing](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data: image', '![chart](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['javascript: image', '![chart](javascript:alert(1))'],
  ['autolink', '<javascript:alert(1)>'],
  ['reference link', '[Pricing][p]\n\n[p]: vbscript:msgbox(1)'],
  ['raw anchor', '<a href="javascript:alert(1)">Pricing</a>'],
  ['raw image handler', '<img src=x onerror=alert(1)>'],
  ['raw script', '<script>alert(1)</script>'],
  ['raw iframe', '<iframe src="https://evil.example"></iframe>'],
  ['file: link', '[Pricing](file:///etc/passwd)'],
];

/**
 * What is wrong with a piece of HTML as a browser would run it: any element outside the post's
 * allow-list, an event-handler or style attribute, or an href/src the link policy refuses.
 * `allowJsonLd` lets the one `<script type="application/ld+json">` Lumen adds through.
 */
export function liveMarkupIn(html: string, allowJsonLd = false): string[] {
  const found: string[] = [];
  const allowed = new Set(
    'h1 h2 h3 h4 h5 h6 p br hr a img ul ol li blockquote pre code em strong del table thead tbody tr th td'.split(
      ' ',
    ),
  );
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && allowJsonLd && attributes.type === 'application/ld+json') return;
        if (!allowed.has(name)) found.push(`<${name}>`);
        for (const [key, value] of Object.entries(attributes)) {
          if (/^on/i.test(key) || key === 'style' || key === 'srcset')
            found.push(`${name}[${key}]`);
          if (key === 'href' || key === 'src') {
            if (!checkDraftUrl(value, name === 'img' ? 'image' : 'link').ok) {
              found.push(`${name}[${key}=${value}]`);
            }
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
