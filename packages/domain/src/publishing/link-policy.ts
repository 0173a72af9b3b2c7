// The one link and image policy of a draft (docs/security.md, "Drafts and posts"): the editor's
// preview and the publishing job both ask it, so what the approver sees as a link is exactly what
// reaches WordPress as one. Only http, https, mailto (links only) and relative addresses pass.
// A browser decodes entities in an attribute and ignores tabs, newlines and leading control
// characters in a scheme, so the address is judged the way a browser would read it, not as typed.

export type LinkUse = 'link' | 'image';

export type LinkVerdict = { ok: true; href: string } | { ok: false; href: string; reason: string };

const NAMED: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  period: '.',
  lpar: '(',
  rpar: ')',
};

/** Decodes numeric and the named entities a scheme could be hidden with (with or without `;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10), whole);
    return NAMED[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isFinite(code) && code >= 0 && code <= 0x10ffff
    ? String.fromCodePoint(code)
    : fallback;
}

/** Whitespace, C0/C1 control, zero-width and bidi characters: a browser skips or a reader misses them. */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Reads an address as a browser would and says whether a draft may link (or embed) it. */
export function checkDraftUrl(raw: string, use: LinkUse = 'link'): LinkVerdict {
  let decoded = raw;
  // Entities can be nested (`&amp;#58;` after one decoding is `&#58;`): decode until stable.
  for (let i = 0; i < 5; i++) {
    const next = decodeEntities(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  const href = decoded.replace(INVISIBLE, '');
  if (href === '') return { ok: false, href: raw, reason: 'The address is empty.' };
  // A backslash is a slash to a browser: `\\evil.example` and `/\evil` are other hosts, fine as
  // links; `java\script:` is not a scheme either way. Percent-encoded schemes are not decoded by
  // browsers, so `javascript%3a…` is a (harmless) relative path.
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  const allowed = use === 'image' ? ['http', 'https'] : ['http', 'https', 'mailto'];
  if (scheme && !allowed.includes(scheme)) {
    return {
      ok: false,
      href: raw,
      reason: `${scheme}: ${use === 'image' ? 'images' : 'links'} are not allowed; use ${allowed.join(', ')} or a relative address.`,
    };
  }
  return { ok: true, href };
}

/** `&`, `<`, `>`, `"` and `'` as entities: text or an attribute value can never become markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
