import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  checkUrl,
  isPublicAddress,
  SafeFetchError,
  type SafeFetchOptions,
  type SafeResponse,
  safeFetch,
} from '@lumen/config/safe-fetch';
import {
  detectSeo,
  type SiteCapabilities,
  type WpTerm,
} from '@lumen/domain/publishing/wordpress-site';
import { WordPressError } from './wordpress-error';

export type SiteCredentials = { url: string; username: string; applicationPassword: string };

export type ClientOptions = Pick<
  SafeFetchOptions,
  'allowPrivateHosts' | 'resolve' | 'dial' | 'timeoutMs'
>;

export type VerifiedSite = {
  /** The REST API root, e.g. https://example.com/wp-json/ or https://example.com/?rest_route=/ */
  apiRoot: string;
  /** The site's title from its REST index. */
  title: string;
  capabilities: SiteCapabilities;
  categories: WpTerm[];
  tags: WpTerm[];
};

type RestIndex = {
  name?: unknown;
  namespaces?: unknown;
  authentication?: unknown;
};

const MAX_TERM_PAGES = 5;

/** `route` ("wp/v2/users/me") under an API root, for pretty and plain permalinks alike. */
export function routeUrl(apiRoot: string, route: string, params: Record<string, string> = {}) {
  const root = new URL(apiRoot);
  let url: URL;
  if (root.searchParams.has('rest_route')) {
    url = new URL(root);
    url.searchParams.set('rest_route', `/${route}`);
  } else {
    url = new URL(route, root.href.endsWith('/') ? root.href : `${root.href}/`);
  }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function fetchChecked(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  // Every call that carries the password: a refused address is said as such first.
  if (options.headers?.authorization) {
    if (isAllowedUrl(url, options)) await assertAuthTransport(url, options);
  }
  try {
    return await safeFetch(url, {
      ...options,
      headers: { accept: 'application/json', ...options.headers },
    });
  } catch (error) {
    if (error instanceof SafeFetchError) {
      if (error.code === 'BLOCKED_URL') {
        throw new WordPressError(
          'BLOCKED_URL',
          'url',
          `Lumen cannot connect to this address: ${error.message.replace(/\.$/, '')}. Use the site’s public address.`,
        );
      }
      if (error.code === 'TIMEOUT') {
        throw new WordPressError(
          'UNREACHABLE',
          'url',
          'The site took too long to answer. Check the address and try again.',
        );
      }
      if (error.code === 'TOO_MANY_REDIRECTS') {
        throw new WordPressError(
          'UNREACHABLE',
          'url',
          'The site redirects too often. Enter the address it finally lands on.',
        );
      }
      if (error.code === 'TOO_LARGE') {
        throw new WordPressError(
          'UNEXPECTED_RESPONSE',
          'url',
          'The site answered with more data than Lumen accepts.',
        );
      }
    }
    throw new WordPressError(
      'UNREACHABLE',
      'url',
      'The site could not be reached. Check the address and that the site is online.',
    );
  }
}

export function parseJson(res: SafeResponse): unknown {
  if (!/json/i.test(res.headers.get('content-type') ?? '')) return null;
  try {
    return res.json();
  } catch {
    return null;
  }
}

function asIndex(res: SafeResponse): RestIndex | null {
  if (!res.ok) return null;
  const body = parseJson(res) as RestIndex | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.namespaces)) return null;
  return body.namespaces.includes('wp/v2') ? body : null;
}

/** The REST root named by a `Link: <…>; rel="https://api.w.org/"` header. */
function linkedApiRoot(res: SafeResponse): string | null {
  const link = res.headers.get('link') ?? '';
  const match = /<([^>]+)>\s*;\s*rel="https:\/\/api\.w\.org\/"/.exec(link);
  return match?.[1] ?? null;
}

/**
 * Finds the site's REST API, or says the address is not a WordPress site. A REST root is taken
 * only on the origin the user typed, also when a redirect led elsewhere: the password is sent to
 * the REST root, and the user vouched for that origin only (docs/security.md).
 */
async function discover(
  baseUrl: string,
  options: ClientOptions,
): Promise<{ apiRoot: string; index: RestIndex }> {
  const origin = new URL(baseUrl).origin;
  let elsewhere: string | null = null;
  const onOrigin = (res: SafeResponse): RestIndex | null => {
    const found = asIndex(res);
    if (found && new URL(res.url).origin !== origin) {
      elsewhere = new URL(res.url).origin;
      return null;
    }
    return found;
  };
  const first = await fetchChecked(`${baseUrl}/wp-json/`, options);
  const index = onOrigin(first);
  if (index) return { apiRoot: new URL(first.url).toString(), index };
  // Another API root: a site in a subfolder with its own routing, or plain permalinks.
  const home = await fetchChecked(`${baseUrl}/`, options);
  const linked = linkedApiRoot(home);
  const sameOrigin = linked && new URL(linked, baseUrl).origin === origin;
  for (const root of [
    sameOrigin ? new URL(linked, baseUrl).toString() : null,
    `${baseUrl}/?rest_route=/`,
  ]) {
    if (!root) continue;
    const res = await fetchChecked(root, options);
    const found = onOrigin(res);
    if (found) return { apiRoot: new URL(res.url).toString(), index: found };
  }
  if (elsewhere) {
    throw new WordPressError(
      'NOT_WORDPRESS',
      'url',
      `This address sends its REST API to another address (${elsewhere}). Lumen sends the password only to the address you enter: enter ${elsewhere} if that is the site.`,
    );
  }
  throw new WordPressError(
    'NOT_WORDPRESS',
    'url',
    'No WordPress site answered at this address. Enter the site’s home address (for example https://blog.example.com), and check that its REST API is not turned off by a plugin.',
  );
}

function isAllowedUrl(url: string, options: SafeFetchOptions): boolean {
  try {
    checkUrl(url, options.allowPrivateHosts);
    return true;
  } catch {
    return false;
  }
}

/**
 * Basic auth carries the password in clear: over http it may go only to a host on this machine or
 * a private network (which needs ALLOW_PRIVATE_HOSTS anyway), never to a public one.
 */
async function assertAuthTransport(url: string, options: ClientOptions): Promise<void> {
  const target = new URL(url);
  if (target.protocol === 'https:') return;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (options.allowPrivateHosts) {
    const addresses = isIP(host)
      ? [host]
      : host === 'localhost' || host.endsWith('.localhost')
        ? ['127.0.0.1']
        : options.resolve
          ? (await options.resolve(host)).map((a) => a.address)
          : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
    if (addresses.length > 0 && addresses.every((a) => !isPublicAddress(a))) return;
  }
  throw new WordPressError(
    'INSECURE_TRANSPORT',
    'url',
    'Lumen sends the application password only over HTTPS to a site on the internet. Enter the site’s https:// address.',
  );
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

type WpErrorBody = { code?: unknown; message?: unknown };

function credentialError(res: SafeResponse): WordPressError {
  const body = (parseJson(res) ?? {}) as WpErrorBody;
  const code = typeof body.code === 'string' ? body.code : '';
  if (code === 'application_passwords_disabled' || res.status === 501) {
    return new WordPressError(
      'APPLICATION_PASSWORDS_DISABLED',
      'applicationPassword',
      'This site has application passwords turned off. WordPress offers them only over HTTPS (or in a local environment), and some security plugins disable them.',
    );
  }
  if (code === 'invalid_username') {
    return new WordPressError(
      'BAD_CREDENTIALS',
      'username',
      'WordPress has no user with this name.',
    );
  }
  if (res.status === 401 || res.status === 403) {
    return new WordPressError(
      'BAD_CREDENTIALS',
      'applicationPassword',
      'WordPress did not accept this user name and application password. Check both, or create a new application password (Users → Profile → Application Passwords).',
    );
  }
  return new WordPressError(
    'UNEXPECTED_RESPONSE',
    'url',
    `The site answered the sign-in check with HTTP ${res.status}. Check that its REST API is reachable.`,
  );
}

async function listTerms(
  apiRoot: string,
  taxonomy: 'categories' | 'tags',
  options: SafeFetchOptions,
): Promise<WpTerm[]> {
  const terms: WpTerm[] = [];
  for (let page = 1; page <= MAX_TERM_PAGES; page++) {
    const res = await fetchChecked(
      routeUrl(apiRoot, `wp/v2/${taxonomy}`, {
        per_page: '100',
        page: String(page),
        orderby: 'count',
        order: 'desc',
        _fields: 'id,name,slug,count',
      }),
      options,
    );
    if (!res.ok) break;
    const body = parseJson(res);
    if (!Array.isArray(body)) break;
    for (const t of body as Record<string, unknown>[]) {
      if (typeof t.id === 'number' && typeof t.name === 'string') {
        terms.push({
          id: t.id,
          name: t.name,
          slug: typeof t.slug === 'string' ? t.slug : '',
          count: typeof t.count === 'number' ? t.count : 0,
        });
      }
    }
    const pages = Number(res.headers.get('x-wp-totalpages') ?? 1);
    if (page >= pages) break;
  }
  return terms;
}

/** The post meta keys the posts endpoint accepts (from its schema, OPTIONS /wp/v2/posts). */
async function postMetaKeys(apiRoot: string, options: SafeFetchOptions): Promise<string[]> {
  const res = await fetchChecked(routeUrl(apiRoot, 'wp/v2/posts'), {
    ...options,
    method: 'OPTIONS',
  });
  if (!res.ok) return [];
  const body = parseJson(res) as {
    schema?: { properties?: { meta?: { properties?: object } } };
  } | null;
  return Object.keys(body?.schema?.properties?.meta?.properties ?? {});
}

/**
 * Signs in to a site with an application password and reads what Lumen needs to publish there.
 * Throws a WordPressError that names the field at fault; never includes the password in it.
 */
export async function verifySite(
  credentials: SiteCredentials,
  options: ClientOptions = {},
): Promise<VerifiedSite> {
  const { apiRoot, index } = await discover(credentials.url, options);
  const auth: SafeFetchOptions = {
    ...options,
    headers: { authorization: basicAuth(credentials.username, credentials.applicationPassword) },
  };
  const me = await fetchChecked(routeUrl(apiRoot, 'wp/v2/users/me', { context: 'edit' }), auth);
  if (!me.ok) throw credentialError(me);
  const user = parseJson(me) as { capabilities?: Record<string, unknown> } | null;
  if (!user || typeof user !== 'object') {
    throw new WordPressError(
      'UNEXPECTED_RESPONSE',
      'url',
      'The site’s answer to the sign-in check was not understood.',
    );
  }
  const caps = user.capabilities ?? {};
  const namespaces = (index.namespaces as unknown[]).filter(
    (n): n is string => typeof n === 'string',
  );
  const [metaKeys, categories, tags] = await Promise.all([
    postMetaKeys(apiRoot, auth),
    listTerms(apiRoot, 'categories', auth),
    listTerms(apiRoot, 'tags', auth),
  ]);
  return {
    apiRoot,
    title: typeof index.name === 'string' ? index.name : '',
    capabilities: {
      canPublishPosts: caps.publish_posts === true,
      canUploadFiles: caps.upload_files === true,
      canManageCategories: caps.manage_categories === true,
      ...detectSeo(namespaces, metaKeys),
    },
    categories,
    tags,
  };
}
