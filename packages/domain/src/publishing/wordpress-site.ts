import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, singleLine } from '../validation/plain-text';

// What a connected WordPress site is, and the rules for its input (docs/publishing.md).

export const SITE_STATUSES = ['CONNECTED', 'FAILING'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SEO_PLUGINS = ['YOAST', 'RANK_MATH', 'AIOSEO'] as const;
export type SeoPlugin = (typeof SEO_PLUGINS)[number];

export type SiteCapabilities = {
  /** The user's role may publish posts (`publish_posts`). */
  canPublishPosts: boolean;
  /** May upload media (`upload_files`), for featured images. */
  canUploadFiles: boolean;
  /** May create categories and tags (`manage_categories`). */
  canManageCategories: boolean;
  /** The SEO plugin whose REST namespace the site exposes, if any. */
  seoPlugin: SeoPlugin | null;
  /** Post meta keys for an SEO title and description that the REST API accepts. */
  seoMetaFields: string[];
};

export type WpTerm = { id: number; name: string; slug: string; count: number };

export type WordPressSite = {
  id: string;
  workspaceId: string;
  name: string;
  url: string;
  username: string;
  status: SiteStatus;
  verifiedAt: Date | null;
  lastError: string | null;
  capabilities: SiteCapabilities;
  categories: WpTerm[];
  tags: WpTerm[];
  createdAt: Date;
  updatedAt: Date;
};

export const SITE_LIMITS = { nameMax: 100, usernameMax: 60, urlMax: 500 } as const;

export type SiteUrlResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * The site's home address as Lumen stores it: scheme added when missing (https), host lowercased,
 * no credentials, query, fragment or trailing slash. "Example.com/blog/" → "https://example.com/blog".
 */
export function normalizeSiteUrl(raw: string): SiteUrlResult {
  const text = raw.trim();
  if (text === '') return { ok: false, message: 'Enter the site’s address.' };
  if (text.length > SITE_LIMITS.urlMax) {
    return { ok: false, message: `At most ${SITE_LIMITS.urlMax} characters.` };
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return {
      ok: false,
      message: 'This is not a web address (for example https://blog.example.com).',
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'Use an http:// or https:// address.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the address.' };
  }
  if (
    !url.hostname.includes('.') &&
    !url.hostname.startsWith('[') &&
    url.hostname !== 'localhost'
  ) {
    return {
      ok: false,
      message: 'This is not a web address (for example https://blog.example.com).',
    };
  }
  const path = url.pathname
    .replace(/\/(wp-admin|wp-login\.php|wp-json)(\/.*)?$/, '')
    .replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host.toLowerCase()}${path}` };
}

const siteUrl = z.string().transform((value, ctx) => {
  const result = normalizeSiteUrl(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.url;
});

const username = z
  .string()
  .trim()
  .min(1, 'Enter the WordPress user name.')
  .max(SITE_LIMITS.usernameMax, `At most ${SITE_LIMITS.usernameMax} characters.`)
  .refine(singleLine, CONTROL_CHARACTERS_MESSAGE);

/**
 * WordPress shows an application password once, as six groups of four letters and digits; the
 * spaces are optional. A login password is refused here, before it is sent anywhere.
 */
const applicationPassword = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value.length > 0, 'Enter the application password.')
  .refine(
    (value) => value.length === 0 || /^[A-Za-z0-9]{24}$/.test(value),
    'This is not an application password: WordPress shows those as 24 letters and digits in groups of four (Users → Profile → Application Passwords). Your login password will not work here.',
  );

const name = z
  .string()
  .trim()
  .max(SITE_LIMITS.nameMax, `At most ${SITE_LIMITS.nameMax} characters.`)
  .refine(singleLine, CONTROL_CHARACTERS_MESSAGE);

export const ConnectWordPressSiteInputSchema = z.object({
  url: siteUrl,
  username,
  applicationPassword,
  name: name.nullish().transform((v) => v || null),
});
export type ConnectWordPressSiteInput = z.infer<typeof ConnectWordPressSiteInputSchema>;

/** Every field optional; a new address, user or password is verified before it is kept. */
export const UpdateWordPressSiteInputSchema = z.object({
  url: siteUrl.nullish(),
  username: username.nullish(),
  applicationPassword: applicationPassword.nullish(),
  name: name.nullish(),
});
export type UpdateWordPressSiteInput = z.infer<typeof UpdateWordPressSiteInputSchema>;

const SEO_NAMESPACES: [SeoPlugin, string][] = [
  ['YOAST', 'yoast/v1'],
  ['RANK_MATH', 'rankmath/v1'],
  ['AIOSEO', 'aioseo/v1'],
];

/** Title and description meta keys each plugin reads. */
export const SEO_META_KEYS: Record<SeoPlugin, { title: string; description: string }> = {
  YOAST: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' },
  RANK_MATH: { title: 'rank_math_title', description: 'rank_math_description' },
  AIOSEO: { title: '_aioseo_title', description: '_aioseo_description' },
};

/**
 * Which SEO plugin a site runs (from the REST index's namespaces) and which of its title and
 * description keys the posts endpoint accepts (from the post schema's `meta` properties). Plugins
 * keep these keys out of the REST API by default; docs/publishing.md shows how to expose them.
 */
export function detectSeo(
  namespaces: readonly string[],
  postMetaKeys: readonly string[],
): Pick<SiteCapabilities, 'seoPlugin' | 'seoMetaFields'> {
  const plugin = SEO_NAMESPACES.find(([, ns]) => namespaces.includes(ns))?.[0] ?? null;
  if (!plugin) return { seoPlugin: null, seoMetaFields: [] };
  const keys = SEO_META_KEYS[plugin];
  return {
    seoPlugin: plugin,
    seoMetaFields: [keys.title, keys.description].filter((k) => postMetaKeys.includes(k)),
  };
}

export const NO_CAPABILITIES: SiteCapabilities = {
  canPublishPosts: false,
  canUploadFiles: false,
  canManageCategories: false,
  seoPlugin: null,
  seoMetaFields: [],
};
