import type { SafeFetchOptions, SafeResponse } from '@lumen/config/safe-fetch';
import type { DraftContent } from '@lumen/domain/publishing/draft-meta';
import { SEO_META_KEYS } from '@lumen/domain/publishing/wordpress-site';
import { basicAuth, type ClientOptions, fetchChecked, parseJson, routeUrl } from './client';
import { plainTextField, renderPostBody } from './post-html';
import { WordPressError } from './wordpress-error';

// Posts written by the publish-draft job (docs/publishing.md, "Publishing a draft"): a draft
// becomes one WordPress post, found again by the marker its content carries, so a retried or
// repeated publication updates that post instead of making a second one.

/** Where to publish and as whom. The password is opened by the caller for this call only. */
export type PostSite = { apiRoot: string; username: string; applicationPassword: string };

/** What a draft puts into its post. `body` is markdown. */
export type PostContent = DraftContent & { draftId: string };

/** A post as read back with `context=edit` (raw fields). */
export type WpPost = {
  id: number;
  /** The WordPress user who wrote it (0 when not said). */
  author: number;
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

/**
 * The address of a post as Lumen records and reads it: the link WordPress returned when it is on
 * the site's own origin, else the site's `?p=<id>` address (WordPress redirects it to the post).
 * A site's answer must not decide which page enters the shared corpus (docs/security.md).
 */
export function postLink(link: string, siteUrl: string, postId: number): string {
  const site = new URL(siteUrl);
  try {
    const url = new URL(link);
    if (url.origin === site.origin && !url.username && !url.password) return url.toString();
  } catch {
    // Not an address at all: built from the site below.
  }
  const built = new URL(site.pathname.endsWith('/') ? site.href : `${site.href}/`);
  built.search = `?p=${postId}`;
  return built.toString();
}

/** The marker stored with every post Lumen makes: an HTML comment WordPress keeps in the content. */
export function draftMarker(draftId: string): string {
  // Added after the sanitizer, so it must never carry anything but an id.
  if (!/^[0-9a-f-]{36}$/i.test(draftId)) throw new Error('A draft id is a UUID.');
  return `<!-- lumen:draft:${draftId} -->`;
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
  // The body is sanitized on its own; the marker and the JSON-LD are Lumen's own markup (a
  // draft id is a UUID, the JSON is escaped by scriptJson), added after the sanitizer.
  const html = renderPostBody(content.body);
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
    if (titles.has(key) && content.metaTitle) meta[key] = plainTextField(content.metaTitle);
    if (descriptions.has(key) && content.metaDescription) {
      meta[key] = plainTextField(content.metaDescription);
    }
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
    // WordPress prints title and excerpt as HTML: sent as escaped text, never markup.
    title: plainTextField(content.title),
    content: renderPostContent(content),
    excerpt: plainTextField(content.excerpt ?? ''),
    status: 'publish',
    categories: content.categories,
    tags: content.tags,
    ...(content.slug ? { slug: content.slug } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
  };
}

const POST_FIELDS = 'id,author,link,status,slug,title,content,excerpt,categories,tags,meta';

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
    author: typeof b.author === 'number' ? b.author : 0,
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
export async function checkSignIn(site: PostSite, options: ClientOptions = {}): Promise<number> {
  const res = await call(
    routeUrl(site.apiRoot, 'wp/v2/users/me', { _fields: 'id' }),
    authOptions(site, options),
  );
  if (res.ok) {
    const me = parseJson(res) as { id?: unknown } | null;
    return typeof me?.id === 'number' ? me.id : 0;
  }
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
 * the proof) and by its author, the site's user Lumen signs in as. Anyone who can write on the
 * site can copy a marker into a post; a post by another user is never taken for Lumen's, so
 * Lumen never rewrites or publishes it (docs/security.md, "Published pages").
 */
export async function findDraftPost(
  site: PostSite,
  draftId: string,
  authorId: number,
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
  const found = body
    .map(toPost)
    .filter((p): p is WpPost => (p?.content.includes(marker) && p.author === authorId) ?? false);
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

/** Where a post or a page lives in the REST API: `wp/v2/posts/<id>` or `wp/v2/pages/<id>`. */
export type PostTarget = { id: number; type: 'posts' | 'pages'; link: string };

/** An address as compared: origin and path without trailing slash, the query as given. */
function comparable(raw: string): string | null {
  try {
    const u = new URL(raw);
    u.hash = '';
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.origin}${path}${u.search}`;
  } catch {
    return null;
  }
}

/**
 * The post or page of the site at `url` (docs/publishing.md, "Improving a page that exists"):
 * a plain permalink names its id (`?p=`, `?page_id=`); otherwise the last path segment is the
 * slug, searched among posts and pages in every status but the trash. A candidate counts only
 * when its own `link` is that address. Null when the site has no such post.
 */
export async function findPostByUrl(
  site: PostSite,
  url: string,
  options: ClientOptions = {},
): Promise<PostTarget | null> {
  const wanted = comparable(url);
  if (!wanted) return null;
  const parsed = new URL(url);
  const byId: [string, PostTarget['type']][] = [
    ['p', 'posts'],
    ['page_id', 'pages'],
  ];
  for (const [param, type] of byId) {
    const id = Number(parsed.searchParams.get(param));
    if (Number.isInteger(id) && id > 0) {
      const res = await call(
        routeUrl(site.apiRoot, `wp/v2/${type}/${id}`, { context: 'edit', _fields: 'id,link' }),
        authOptions(site, options),
      );
      if (res.status === 404 || res.status === 410) return null;
      if (!res.ok) throw answerError(res, 'read the page');
      const body = parseJson(res) as { id?: unknown; link?: unknown } | null;
      return typeof body?.id === 'number'
        ? { id: body.id, type, link: typeof body.link === 'string' ? body.link : url }
        : null;
    }
  }
  const slug = decodeURIComponent(parsed.pathname.split('/').filter(Boolean).at(-1) ?? '');
  if (!slug) return null;
  for (const type of ['posts', 'pages'] as const) {
    const res = await call(
      routeUrl(site.apiRoot, `wp/v2/${type}`, {
        slug,
        status: 'publish,future,draft,pending,private',
        context: 'edit',
        per_page: '20',
        _fields: 'id,link',
      }),
      authOptions(site, options),
    );
    if (!res.ok) throw answerError(res, `search its ${type}`);
    const list = parseJson(res);
    if (!Array.isArray(list)) {
      throw new PublishError(
        `WordPress answered a search of its ${type} with something that is not a list. Lumen tries again.`,
        true,
      );
    }
    for (const item of list as { id?: unknown; link?: unknown }[]) {
      if (typeof item.id !== 'number' || typeof item.link !== 'string') continue;
      if (comparable(item.link) === wanted) return { id: item.id, type, link: item.link };
    }
  }
  return null;
}

/**
 * Rewrites an existing post or page with an improvement's content. Its address, status and
 * (unless the draft chose some) its categories and tags stay as they are: only the text, title,
 * excerpt and SEO meta change. Null when it no longer exists.
 */
export async function updateExistingPost(
  site: PostSite,
  target: Pick<PostTarget, 'id' | 'type'>,
  content: PostContent,
  seoMetaFields: readonly string[],
  options: ClientOptions = {},
): Promise<WpPost | null> {
  const {
    slug: _slug,
    status: _status,
    categories,
    tags,
    ...payload
  } = postPayload(content, seoMetaFields);
  const terms =
    target.type === 'posts'
      ? {
          ...(content.categories.length > 0 ? { categories } : {}),
          ...(content.tags.length > 0 ? { tags } : {}),
        }
      : {};
  const res = await call(
    routeUrl(site.apiRoot, `wp/v2/${target.type}/${target.id}`, { context: 'edit' }),
    {
      ...authOptions(site, options),
      method: 'POST',
      headers: { ...authOptions(site, options).headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, ...terms }),
    },
  );
  if (res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw answerError(res, 'update the page');
  return expectPost(res, 'update the page');
}
