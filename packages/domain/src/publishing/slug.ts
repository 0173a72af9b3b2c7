// URL slugs for drafts (docs/publishing.md, "Orders and drafts"): what WordPress accepts as a
// post's `slug` and keeps as it is.

export const SLUG_MAX = 100;
/** Lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug from a title: accents dropped (é → e), ß/æ/ø/œ spelled out, anything else that is not a
 * letter or digit becomes one hyphen, cut at a word boundary to SLUG_MAX. Empty when nothing
 * usable is left (a title of only symbols or non-Latin script).
 */
export function slugify(text: string, max = SLUG_MAX): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .replace(/&/g, ' and ')
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
}
