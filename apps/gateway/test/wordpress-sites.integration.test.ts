import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { loadEnv } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWordPress, type TestWordPress } from '../../../scripts/test/wordpress';
import { type RunningGateway, startGateway } from '../src/server';
import { client, codeOf, fieldsOf, signUp } from './brand-helpers';

// Sites against a real WordPress (scripts/test/wordpress.ts): connect, verify, check again,
// scoping, and the application password never leaving the server.

const SITE = `id name url username status verifiedAt lastError createdAt
  capabilities { canPublishPosts canUploadFiles canManageCategories seoPlugin seoMetaFields }
  categories { id name slug count } tags { id name slug count }`;

type Site = {
  id: string;
  name: string;
  url: string;
  username: string;
  status: 'CONNECTED' | 'FAILING';
  verifiedAt: string | null;
  lastError: string | null;
  capabilities: {
    canPublishPosts: boolean;
    canUploadFiles: boolean;
    canManageCategories: boolean;
    seoPlugin: string | null;
    seoMetaFields: string[];
  };
  categories: { id: number; name: string; slug: string; count: number }[];
  tags: { id: number; name: string; slug: string; count: number }[];
};

const CONNECT = `mutation ($input: ConnectWordPressSiteInput!) { connectWordPressSite(input: $input) { ${SITE} } }`;
const TEST = `mutation ($id: ID!) { testWordPressSite(id: $id) { ${SITE} } }`;
const LIST = `{ wordPressSites { ${SITE} } navigationCounts { sites } }`;

let gateway: RunningGateway;
let wp: TestWordPress;
/** Every response body and every logger call, to look for the password in. */
const seen: string[] = [];

function recordingLogger(): Logger {
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      seen.push(`${level} ${args.map((a) => inspect(a, { depth: 8 })).join(' ')}`);
    };
  const logger: Record<string, unknown> = { level: 'trace' };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    logger[level] = record(level);
  }
  logger.child = () => logger;
  logger.isLevelEnabled = () => true;
  return logger as unknown as Logger;
}

function recordingClient(token: string) {
  const ask = client(gateway, token);
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const body = await ask<T>(query, variables);
    seen.push(JSON.stringify(body));
    return body;
  };
}

beforeAll(async () => {
  const env = loadEnv({ ...process.env, PORT: '0', NODE_ENV: 'test', SUPABASE_URL: '' });
  [gateway, wp] = await Promise.all([startGateway(env, { webDist: null }), startTestWordPress()]);
  gateway.deps.logger = recordingLogger();
  // Terms to find: a category and a tag besides WordPress's own "Uncategorized".
  for (const [taxonomy, name] of [
    ['categories', 'Guides'],
    ['tags', 'GEO'],
  ] as const) {
    const res = await wp.adminFetch(`/wp-json/wp/v2/${taxonomy}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
  }
});

afterAll(async () => {
  await Promise.all([gateway?.close(), wp?.stop()]);
});

const secretsOf = (password: string) => [password, password.replace(/\s+/g, '')];

describe('WordPress sites', () => {
  let owner: ReturnType<typeof recordingClient>;
  let site: Site;

  it('connects with a good application password and reads capabilities, categories and tags', async () => {
    owner = recordingClient(await signUp(gateway));
    const res = await owner<{ connectWordPressSite: Site }>(CONNECT, {
      input: {
        url: `${wp.url}/`,
        username: wp.username,
        applicationPassword: wp.applicationPassword,
      },
    });
    expect(res.errors).toBeUndefined();
    site = res.data!.connectWordPressSite;
    expect(site).toMatchObject({
      name: 'Lumen Test Site',
      url: wp.url,
      username: wp.username,
      status: 'CONNECTED',
      lastError: null,
      capabilities: {
        canPublishPosts: true,
        canUploadFiles: true,
        canManageCategories: true,
        seoPlugin: null,
        seoMetaFields: [],
      },
    });
    expect(site.verifiedAt).not.toBeNull();
    expect(site.categories.map((c) => c.name).sort()).toEqual(['Guides', 'Uncategorized']);
    expect(site.tags.map((t) => t.name)).toEqual(['GEO']);

    const list = await owner<{ wordPressSites: Site[]; navigationCounts: { sites: number } }>(LIST);
    expect(list.data?.wordPressSites.map((s) => s.id)).toEqual([site.id]);
    expect(list.data?.navigationCounts.sites).toBe(1);
  });

  it('stores the password sealed to the row, never in clear', async () => {
    const [row] = await gateway.deps.db.$client<{ app_password_encrypted: string }[]>`
      select app_password_encrypted from wordpress_sites where id = ${site.id}`;
    expect(row?.app_password_encrypted).toMatch(/^v1\./);
    for (const secret of secretsOf(wp.applicationPassword)) {
      expect(row?.app_password_encrypted).not.toContain(secret);
    }
  });

  it('refuses the same site twice with CONFLICT', async () => {
    const res = await owner(CONNECT, {
      input: { url: wp.url, username: wp.username, applicationPassword: wp.applicationPassword },
    });
    expect(codeOf(res)).toBe('CONFLICT');
  });

  it('refuses a wrong password on the password field and stores nothing', async () => {
    const other = recordingClient(await signUp(gateway));
    const res = await other(CONNECT, {
      input: {
        url: wp.url,
        username: wp.username,
        applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
      },
    });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res).applicationPassword).toMatch(
      /did not accept this user name and application password/,
    );
    const list = await other<{ wordPressSites: Site[] }>(LIST);
    expect(list.data?.wordPressSites).toEqual([]);
  });

  it('refuses a login password before asking the site', async () => {
    const res = await owner(CONNECT, {
      input: {
        url: 'blog.example.com',
        username: wp.username,
        applicationPassword: 'my login password!',
      },
    });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res).applicationPassword).toMatch(/not an application password/);
  });

  it('says clearly when the address is not a WordPress site', async () => {
    const other = recordingClient(await signUp(gateway));
    // The gateway itself: a web server on loopback that is not WordPress.
    const res = await other(CONNECT, {
      input: { url: gateway.url, username: 'admin', applicationPassword: wp.applicationPassword },
    });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res).url).toMatch(/No WordPress site answered at this address/);
  });

  it('refuses a loopback WordPress unless ALLOW_PRIVATE_HOSTS=1', async () => {
    const env = loadEnv({
      ...process.env,
      PORT: '0',
      NODE_ENV: 'test',
      SUPABASE_URL: '',
      ALLOW_PRIVATE_HOSTS: '',
    });
    const strict = await startGateway(env, { webDist: null });
    try {
      const res = await client(strict, await signUp(strict))(CONNECT, {
        input: { url: wp.url, username: wp.username, applicationPassword: wp.applicationPassword },
      });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(fieldsOf(res).url).toMatch(/cannot connect to this address/);
    } finally {
      await strict.close();
    }
  });

  it('detects an SEO plugin and the meta keys it exposes', async () => {
    // Rank Math's namespace and its two keys registered for the REST API, as docs/publishing.md
    // tells site owners to do.
    await wp.addMuPlugin(
      'seo',
      `<?php
add_action('rest_api_init', function () {
  register_rest_route('rankmath/v1', '/ping', ['methods' => 'GET', 'callback' => fn() => 'ok', 'permission_callback' => '__return_true']);
});
add_action('init', function () {
  foreach (['rank_math_title', 'rank_math_description'] as $key) {
    register_post_meta('post', $key, ['show_in_rest' => true, 'single' => true, 'type' => 'string',
      'auth_callback' => fn() => current_user_can('edit_posts')]);
  }
});`,
    );
    const res = await owner<{ testWordPressSite: Site }>(TEST, { id: site.id });
    expect(res.errors).toBeUndefined();
    expect(res.data?.testWordPressSite.capabilities).toMatchObject({
      seoPlugin: 'RANK_MATH',
      seoMetaFields: ['rank_math_title', 'rank_math_description'],
    });
  });

  it('another workspace’s site answers NOT_FOUND everywhere and is left as it was', async () => {
    const other = recordingClient(await signUp(gateway));
    const read = await other<{ wordPressSite: Site | null }>(
      `query ($id: ID!) { wordPressSite(id: $id) { id } }`,
      { id: site.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.wordPressSite).toBeNull();
    for (const [query, variables] of [
      [TEST, { id: site.id }],
      [
        `mutation ($id: ID!) { updateWordPressSite(id: $id, input: { name: "Mine" }) { id } }`,
        { id: site.id },
      ],
      [`mutation ($id: ID!) { removeWordPressSite(id: $id) }`, { id: site.id }],
    ] as const) {
      const res = await other(query, variables);
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(res.errors?.[0]?.message).toBe('WordPress site not found.');
    }
    const mine = await owner<{ wordPressSite: Site }>(
      `query ($id: ID!) { wordPressSite(id: $id) { ${SITE} } }`,
      { id: site.id },
    );
    expect(mine.data?.wordPressSite.name).toBe('Lumen Test Site');
  });

  it('turns FAILING with the reason once the password is revoked, and CONNECTED with a new one', async () => {
    const spare = await wp.createApplicationPassword('Lumen rotate');
    await wp.revokeApplicationPassword(wp.applicationPasswordUuid);
    const failed = await owner<{ testWordPressSite: Site }>(TEST, { id: site.id });
    expect(failed.errors).toBeUndefined();
    expect(failed.data?.testWordPressSite).toMatchObject({ status: 'FAILING' });
    expect(failed.data?.testWordPressSite.lastError).toMatch(/did not accept this user name/);

    const wrong = await owner(
      `mutation ($id: ID!, $input: UpdateWordPressSiteInput!) { updateWordPressSite(id: $id, input: $input) { ${SITE} } }`,
      { id: site.id, input: { applicationPassword: 'zzzz zzzz zzzz zzzz zzzz zzzz' } },
    );
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(wrong).applicationPassword).toBeDefined();

    const fixed = await owner<{ updateWordPressSite: Site }>(
      `mutation ($id: ID!, $input: UpdateWordPressSiteInput!) { updateWordPressSite(id: $id, input: $input) { ${SITE} } }`,
      { id: site.id, input: { applicationPassword: spare.password, name: 'Company blog' } },
    );
    expect(fixed.errors).toBeUndefined();
    expect(fixed.data?.updateWordPressSite).toMatchObject({
      status: 'CONNECTED',
      lastError: null,
      name: 'Company blog',
    });
    const again = await owner<{ testWordPressSite: Site }>(TEST, { id: site.id });
    expect(again.data?.testWordPressSite.status).toBe('CONNECTED');
    secretsOf(spare.password).forEach((s) => {
      expect(seen.join('\n')).not.toContain(s);
    });
  });

  it('says so when the stored password cannot be opened any more (key changed)', async () => {
    const [before] = await gateway.deps.db.$client<{ app_password_encrypted: string }[]>`
      select app_password_encrypted from wordpress_sites where id = ${site.id}`;
    // Another row's binding: the envelope no longer authenticates for this row.
    const foreign = gateway.deps.secrets.seal('abcdEFGH1234ijklMNOP5678', 'wordpress-site:other');
    await gateway.deps.db.$client`
      update wordpress_sites set app_password_encrypted = ${foreign} where id = ${site.id}`;
    const res = await owner<{ testWordPressSite: Site }>(TEST, { id: site.id });
    expect(res.errors).toBeUndefined();
    expect(res.data?.testWordPressSite.status).toBe('FAILING');
    expect(res.data?.testWordPressSite.lastError).toMatch(/can no longer read the stored password/);
    await gateway.deps.db.$client`
      update wordpress_sites set app_password_encrypted = ${before!.app_password_encrypted} where id = ${site.id}`;
  });

  it('never sends the stored password to a new address or as a new user', async () => {
    const requests: { url?: string; authorization?: string }[] = [];
    const probe = createServer((req, res) => {
      requests.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'Probe', namespaces: ['wp/v2'], id: 1, capabilities: {} }));
    });
    await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', () => ready()));
    const probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    const UPDATE = `mutation ($id: ID!, $input: UpdateWordPressSiteInput!) { updateWordPressSite(id: $id, input: $input) { ${SITE} } }`;
    try {
      const [before] = await gateway.deps.db.$client<{ app_password_encrypted: string }[]>`
        select app_password_encrypted from wordpress_sites where id = ${site.id}`;
      // Rows sealed before the binding (the row id only) open for their stored site only.
      const spare = gateway.deps.secrets.open(
        before!.app_password_encrypted,
        `wordpress-site:v2:${JSON.stringify([site.id, new URL(wp.url).origin, wp.username])}`,
      );
      const legacy = gateway.deps.secrets.seal(spare, `wordpress-site:${site.id}`);
      await gateway.deps.db.$client`
        update wordpress_sites set app_password_encrypted = ${legacy} where id = ${site.id}`;
      const checked = await owner<{ testWordPressSite: Site }>(TEST, { id: site.id });
      expect(checked.data?.testWordPressSite.status).toBe('CONNECTED');

      for (const input of [
        { url: probeUrl },
        { url: `${probeUrl}/`, name: 'Moved' },
        { username: 'someone-else' },
      ]) {
        const res = await owner<{ updateWordPressSite: Site }>(UPDATE, { id: site.id, input });
        expect(codeOf(res)).toBe('BAD_USER_INPUT');
        expect(fieldsOf(res).applicationPassword).toBe(
          'Enter the application password again: Lumen sends a stored password only to the address and user it was verified with.',
        );
      }
      expect(requests).toEqual([]);
      const list = await owner<{ wordPressSites: Site[] }>(LIST);
      expect(list.data?.wordPressSites[0]).toMatchObject({ url: wp.url, username: wp.username });
      // A newly entered password may go to the new address: that one is the user's to give.
      const moved = await owner(UPDATE, {
        id: site.id,
        input: { url: probeUrl, applicationPassword: 'zzzz zzzz zzzz zzzz zzzz zzzz' },
      });
      expect(moved.errors).toBeUndefined();
      expect(requests.some((r) => r.authorization)).toBe(true);
      for (const r of requests) {
        for (const secret of secretsOf(spare)) {
          expect(
            Buffer.from((r.authorization ?? '').replace(/^Basic /, ''), 'base64').toString(),
          ).not.toContain(secret);
        }
      }
    } finally {
      await new Promise<void>((done) => probe.close(() => done()));
    }
  });

  it('removes a site', async () => {
    const res = await owner(`mutation ($id: ID!) { removeWordPressSite(id: $id) }`, {
      id: site.id,
    });
    expect(res.errors).toBeUndefined();
    const list = await owner<{ wordPressSites: Site[]; navigationCounts: { sites: number } }>(LIST);
    expect(list.data?.wordPressSites).toEqual([]);
    expect(list.data?.navigationCounts.sites).toBe(0);
  });

  it('never puts an application password in a response or a log line', () => {
    expect(seen.length).toBeGreaterThan(10);
    const all = seen.join('\n');
    for (const secret of secretsOf(wp.applicationPassword)) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/v1\.[0-9a-f]{12}\./);
  });
});
