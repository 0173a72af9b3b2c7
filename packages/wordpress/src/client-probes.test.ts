import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySite } from './client';
import { checkSignIn, createPost } from './posts';
import { WordPressError } from './wordpress-error';

// Probe servers that must never receive the application password (docs/security.md): a REST
// root on another origin, and a public host over plain http.

const PASSWORD = 'abcdEFGH1234ijklMNOP5678';
const credentials = (url: string) => ({ url, username: 'editor', applicationPassword: PASSWORD });
const REST_INDEX = JSON.stringify({ name: 'Probe', namespaces: ['wp/v2'] });

type Probe = { url: string; port: number; requests: IncomingMessage[]; server: Server };
const probes: Probe[] = [];

async function probe(answer: (req: IncomingMessage) => [number, Record<string, string>, string]) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    const [status, headers, body] = answer(req);
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const p = { url: `http://127.0.0.1:${port}`, port, requests, server };
  probes.push(p);
  return p;
}

/** A WordPress-like answer for every route: the index, and 200 for anything signed in. */
const wordpressLike = (req: IncomingMessage): [number, Record<string, string>, string] =>
  req.url?.startsWith('/wp-json/wp/v2/users/me')
    ? [200, { 'content-type': 'application/json' }, JSON.stringify({ id: 1, capabilities: {} })]
    : [200, { 'content-type': 'application/json' }, REST_INDEX];

const authorized = (p: Probe) => p.requests.filter((r) => r.headers.authorization);

afterEach(async () => {
  for (const p of probes.splice(0)) {
    await new Promise<void>((done) => p.server.close(() => done()));
  }
});

describe('discovery accepts a REST root only on the typed origin', () => {
  it('a redirect of /wp-json/ to another origin is refused, and that origin gets no password', async () => {
    const foreign = await probe(wordpressLike);
    const typed = await probe((req) =>
      req.url === '/wp-json/'
        ? [302, { location: `${foreign.url}/wp-json/` }, '']
        : [404, { 'content-type': 'text/html' }, 'not here'],
    );
    const error = await verifySite(credentials(typed.url), { allowPrivateHosts: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WordPressError);
    expect(error).toMatchObject({ kind: 'NOT_WORDPRESS', field: 'url' });
    expect((error as Error).message).toContain(`another address (${foreign.url})`);
    expect(authorized(foreign)).toEqual([]);
    expect(authorized(typed)).toEqual([]);
  });

  it('a REST root on the typed origin is used as before', async () => {
    const site = await probe(wordpressLike);
    const verified = await verifySite(credentials(site.url), { allowPrivateHosts: true });
    expect(verified.apiRoot).toBe(`${site.url}/wp-json/`);
    expect(authorized(site).length).toBeGreaterThan(0);
  });
});

describe('no Basic auth over plain http to a public host', () => {
  const publicName = { resolve: async () => [{ address: '93.184.216.34', family: 4 as const }] };

  it.each([
    ['without ALLOW_PRIVATE_HOSTS', false],
    ['with ALLOW_PRIVATE_HOSTS', true],
  ])('connecting is refused %s, before the password is sent', async (_label, allowPrivateHosts) => {
    const site = await probe(wordpressLike);
    const error = await verifySite(credentials('http://blog.example.com'), {
      ...publicName,
      allowPrivateHosts,
      dial: { host: '127.0.0.1', port: site.port },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'INSECURE_TRANSPORT', field: 'url' });
    expect((error as Error).message).toMatch(/only over HTTPS/);
    expect(site.requests.length).toBeGreaterThan(0); // discovery asked, without the password
    expect(authorized(site)).toEqual([]);
  });

  it('publishing is refused as a final error, before the password is sent', async () => {
    const site = await probe(wordpressLike);
    const postSite = {
      apiRoot: 'http://blog.example.com/wp-json/',
      username: 'editor',
      applicationPassword: PASSWORD,
    };
    const options = { ...publicName, dial: { host: '127.0.0.1', port: site.port } };
    const signIn = await checkSignIn(postSite, options).catch((e: unknown) => e);
    expect(signIn).toMatchObject({ retryable: false });
    expect((signIn as Error).message).toMatch(/only over HTTPS/);
    const post = await createPost(
      postSite,
      {
        draftId: '5b0c6f0e-3f43-4c0a-9d55-0c5f5f3c9a11',
        title: 'T',
        slug: 't',
        body: 'B',
        excerpt: null,
        metaTitle: null,
        metaDescription: null,
        jsonLd: null,
        categories: [],
        tags: [],
      },
      [],
      options,
    ).catch((e: unknown) => e);
    expect(post).toMatchObject({ retryable: false });
    expect(site.requests).toEqual([]);
  });

  it('a loopback WordPress over http still works with ALLOW_PRIVATE_HOSTS', async () => {
    const site = await probe(wordpressLike);
    await expect(
      verifySite(credentials(site.url), { allowPrivateHosts: true }),
    ).resolves.toMatchObject({ apiRoot: `${site.url}/wp-json/` });
  });
});
