import type { SafeFetchOptions, SafeResponse } from '@lumen/config/safe-fetch';
import { SEO_META_KEYS } from '@lumen/domain/publishing/wordpress-site';
import { Marked } from 'marked';
import { basicAuth, type ClientOptions, fetchChecked, parseJson, routeUrl } from './client';
import { WordPressError } from './wordpress-error';

// Posts written by the publish-draft job (docs/publishing.md, "Publishing a draft"): a draft
// becomes one WordPress post, found again by the marker its content carries, so a retried or
// repeated publication updates that post instead of making a second one.

/** Where to publish and as whom. The password is opened by the caller for this call only. */
export type PostSite = { apiRoot: string; username: string; applicationPassword: string };

/** What a draft puts into its post. `body` is markdown. */
export type PostContent = {
  draftId: string;
  title: string;
  slug: string;
  body: string;
  excerpt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  jsonLd: Record<string, unknown> | null;
  categories: number[];
  tags: number[];
};

/** A post as read back with `context=edit` (raw fields). */
export type WpPost = {
  id: number;
  link: string;
  status: string;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  categories: number[];
  tags: number[];
  meta: Record<string, unknown>;
};

/**
 * Why a call to WordPress failed. `retryable`: a 5xx, 429, time-out or network fault (the job
 * tries again); otherwise WordPress said no (4xx) or the address is refused, and trying again
 * would only repeat it. `authFailure`: the site refused the credentials or the user's rights
 * (401/403), so the site itself is marked FAILING. The message never holds the password.
 */
export class PublishError extends Error {
  override readonly name = 'PublishError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly authFailure = false,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** The marker stored with every post Lumen makes: an HTML comment WordPress keeps in the content. */
export function draftMarker(draftId: string): string {
  return `<!-- lumen:draft:${draftId} -->`;
}

const markdown = new Marked({ gfm: true, breaks: false });
// Raw HTML in a draft is shown as text, never passed through: a draft written from web
// evidence must not be able to put a script or an iframe on the customer's site.
markdown.use({
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close or bend it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The post's content: the marker, the markdown rendered to HTML, and the FAQ JSON-LD (if any)
 * as one `<script type="application/ld+json">` on a single line (so wpautop adds no breaks).
 */
export function renderPostContent(
  content: Pick<PostContent, 'draftId' | 'body' | 'jsonLd'>,
): string {
  const html = (markdown.parse(content.body, { async: false }) as string).trim();
  const parts = [draftMarker(content.draftId), html];
  if (content.jsonLd && Object.keys(content.jsonLd).length > 0) {
    parts.push(`<script type="application/ld+json">${scriptJson(content.jsonLd)}</script>`);
  }
  return `${parts.join('\n')}\n`;
}

/** The SEO title and description under the keys this site's REST API accepts, and only those. */
export function seoMeta(
  content: Pick<PostContent, 'metaTitle' | 'metaDescription'>,
  seoMetaFields: readonly string[],
): Record<string, string> {
  const meta: Record<string, string> = {};
  const titles = new Set(Object.values(SEO_META_KEYS).map((k) => k.title));
  const descriptions = new Set(Object.values(SEO_META_KEYS).map((k) => k.description));
  for (const key of seoMetaFields) {
    if (titles.has(key) && content.metaTitle) meta[key] = content.metaTitle;
    if (descriptions.has(key) && content.metaDescription) meta[key] = content.metaDescription;
  }
  return meta;
}

/** The JSON body of a create or update: everything the draft decides, published at once. */
export function postPayload(
  content: PostContent,
  seoMetaFields: readonly string[],
): Record<string, unknown> {
  const meta = seoMeta(content, seoMetaFields);
  return {
    title: content.title,
    content: renderPostContent(content),
    excerpt: content.excerpt ?? '',
    status: 'publish',
    categories: content.categories,
    tags: content.tags,
    ...(content.slug ? { slug: content.slug } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
  };
}

const POST_FIELDS = 'id,link,status,slug,title,content,excerpt,categories,tags,meta';

function authOptions(site: PostSite, options: ClientOptions): SafeFetchOptions {
  return {
    ...options,
    headers: { authorization: basicAuth(site.username, site.applicationPassword) },
  };
}

function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as { raw?: unknown; rendered?: unknown };
    if (typeof v.raw === 'string') return v.raw;
    if (typeof v.rendered === 'string') return v.rendered;
  }
  return '';
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : [];
}

function toPost(body: unknown): WpPost | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.id !== 'number') return null;
  return {
    id: b.id,
    link: typeof b.link === 'string' ? b.link : '',
    status: typeof b.status === 'string' ? b.status : '',
    slug: typeof b.slug === 'string' ? b.slug : '',
    title: rawText(b.title),
    content: rawText(b.content),
    excerpt: rawText(b.excerpt),
    categories: numbers(b.categories),
    tags: numbers(b.tags),
    meta:
      b.meta && typeof b.meta === 'object' && !Array.isArray(b.meta)
        ? (b.meta as Record<string, unknown>)
        : {},
  };
}

/** WordPress' own explanation ("Sorry, you are not allowed to …"), as plain text, short. */
function wpMessage(res: SafeResponse): string {
  const body = parseJson(res) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : '';
  return message
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** A refused or failed answer as a PublishError (4xx final, 429 and 5xx retried). */
function answerError(res: SafeResponse, action: string): PublishError {
  const said = wpMessage(res);
  const reason = said ? `: ${said.replace(/\.$/, '')}` : '';
  if (res.status === 401 || res.status === 403) {
    return new PublishError(
      `WordPress refused to ${action} (HTTP ${res.status})${reason}. Check the site's user and application password on the Sites page.`,
      false,
      true,
      res.status,
    );
  }
  if (res.status === 429 || res.status >= 500) {
    return new PublishError(
      `WordPress could not ${action} (HTTP ${res.status})${reason}. Lumen tries again.`,
      true,
      false,
      res.status,
    );
  }
  return new PublishError(
    `WordPress refused to ${action} (HTTP ${res.status})${reason}.`,
    false,
    false,
    res.status,
  );
}

/** One call; an unreachable site is retried, a refused address is not. */
async function call(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  try {
    return await fetchChecked(url, options);
  } catch (error) {
    if (error instanceof WordPressError) {
      throw new PublishError(error.message, error.kind === 'UNREACHABLE');
    }
    throw error;
  }
}

function expectPost(res: SafeResponse, action: string): WpPost {
  const post = toPost(parseJson(res));
  if (!post) {
    throw new PublishError(
      `WordPress answered “${action}” with something that is not a post. Lumen tries again.`,
      true,
      false,
      res.status,
    );
  }
  return post;
}

/**
 * Signs in (`GET /wp/v2/users/me`) before anything else: WordPress treats a wrong application
 * password as an anonymous visitor on most routes (a post search then fails on its parameters,
 * not on the password), so the sign-in is checked on its own and named as such.
 */
export async function checkSignIn(site: PostSite, options: ClientOptions = {}): Promise<void> {
  const res = await call(
    routeUrl(site.apiRoot, 'wp/v2/users/me', { _fields: 'id' }),
    authOptions(site, options),
  );
  if (res.ok) return;
  if (res.status === 401 || res.status === 403) {
    throw new PublishError(
      `WordPress did not accept the site's user name and application password (HTTP ${res.status}). Replace the password on the Sites page, then publish again.`,
      false,
      true,
      res.status,
    );
  }
  throw answerError(res, 'sign in');
}

/** A post by id with raw fields; null when WordPress has no such post (deleted for good). */
export async function getPost(
  site: PostSite,
  postId: number,
  options: ClientOptions = {},
): Promise<WpPost | null> {
  const res = await call(
    routeUrl(site.apiRoot, `wp/v2/posts/${postId}`, { context: 'edit', _fields: POST_FIELDS }),
    authOptions(site, options),
  );
  if (res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw answerError(res, 'read the post');
  return expectPost(res, 'read the post');
}

/**
 * The post an earlier attempt made for this draft, in any status including the trash: a search
 * for the marker, each hit confirmed by its raw content (a search matches words, the marker is
 * the proof).
 */
export async function findDraftPost(
  site: PostSite,
  draftId: string,
  options: ClientOptions = {},
): Promise<WpPost | null> {
  const marker = draftMarker(draftId);
  const res = await call(
    routeUrl(site.apiRoot, 'wp/v2/posts', {
      search: `lumen:draft:${draftId}`,
      status: 'publish,future,draft,pending,private,trash',
      context: 'edit',
      per_page: '20',
      orderby: 'id',
      order: 'asc',
      _fields: POST_FIELDS,
    }),
    authOptions(site, options),
  );
  if (!res.ok) throw answerError(res, 'search its posts');
  const body = parseJson(res);
  if (!Array.isArray(body)) {
    throw new PublishError(
      'WordPress answered a post search with something that is not a list. Lumen tries again.',
      true,
    );
  }
  const found = body.map(toPost).filter((p): p is WpPost => p?.content.includes(marker) ?? false);
  // Never two posts per draft; should a second ever exist, the oldest is the one kept.
  return found[0] ?? null;
}

export async function createPost(
  site: PostSite,
  content: PostContent,
  seoMetaFields: readonly string[],
  options: ClientOptions = {},
): Promise<WpPost> {
  const res = await call(routeUrl(site.apiRoot, 'wp/v2/posts', { context: 'edit' }), {
    ...authOptions(site, options),
    method: 'POST',
    headers: {
      ...authOptions(site, options).headers,
      'content-type': 'application/json',
    },
    body: JSON.stringify(postPayload(content, seoMetaFields)),
  });
  if (!res.ok) throw answerError(res, 'create the post');
  return expectPost(res, 'create the post');
}

/** Rewrites the post with the draft's current content; null when the post no longer exists. */
export async function updatePost(
  site: PostSite,
  postId: number,
  content: PostContent,
  seoMetaFields: readonly string[],
  options: ClientOptions = {},
): Promise<WpPost | null> {
  const res = await call(routeUrl(site.apiRoot, `wp/v2/posts/${postId}`, { context: 'edit' }), {
    ...authOptions(site, options),
    method: 'POST',
    headers: {
      ...authOptions(site, options).headers,
      'content-type': 'application/json',
    },
    body: JSON.stringify(postPayload(content, seoMetaFields)),
  });
  if (res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw answerError(res, 'update the post');
  return expectPost(res, 'update the post');
}
