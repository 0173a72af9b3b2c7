import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Resolver, SafeFetchError, safeFetch } from './safe-fetch';

// A loopback server stands in for "the internet": names resolve (through the injected resolver)
// to public or hostile addresses, and every connection that passes the checks is dialled here.
let server: Server;
let port: number;
let hits = 0;

const DNS: Record<string, string[]> = {
  'public.test': ['93.184.216.34'],
  'internal.test': ['10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
  'loopback6.test': ['::1'],
  'mapped.test': ['::ffff:192.168.1.10'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'ula.test': ['fd12:3456::1'],
  'compat.test': ['::7f00:1'],
  'public6.test': ['2606:4700:4700::1111'],
  'sixtofour.test': ['2002:c0a8:101::1'],
};
const resolve: Resolver = async (name) =>
  (DNS[name] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const path = req.url ?? '/';
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/ok' }).end();
    } else if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/to-internal-name') {
      res.writeHead(301, { location: 'http://internal.test/admin' }).end();
    } else if (path === '/to-mapped') {
      res.writeHead(307, { location: 'http://[::ffff:127.0.0.1]/' }).end();
    } else if (path === '/to-other-port') {
      res.writeHead(302, { location: 'http://public.test:6379/' }).end();
    } else if (path === '/big-declared') {
      res.writeHead(200, { 'content-length': String(6 * 1024 * 1024) });
      res.end(Buffer.alloc(6 * 1024 * 1024));
    } else if (path === '/big-chunked') {
      res.writeHead(200);
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
    } else if (path === '/slow') {
      res.writeHead(200);
      res.write('first bytes…'); // and then nothing more
    } else if (path === '/echo-auth') {
      res.end(req.headers.authorization ?? 'none');
    } else if (path === '/to-public-auth') {
      res.writeHead(302, { location: 'http://other.public.test/echo-auth' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${req.headers.host}`);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  DNS['other.public.test'] = ['93.184.216.35'];
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const fetchVia = (url: string, extra: Parameters<typeof safeFetch>[1] = {}) =>
  safeFetch(url, { resolve, dial: { host: '127.0.0.1', port }, ...extra });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'fetched';
  } catch (error) {
    return error instanceof SafeFetchError ? error.code : `other: ${String(error)}`;
  }
}

describe('safeFetch', () => {
  it('fetches a public name and reports the final URL', async () => {
    const res = await fetchVia('http://public.test/hello');
    expect(res.status).toBe(200);
    expect(res.text()).toBe('ok public.test');
    expect(res.url).toBe('http://public.test/hello');
  });

  it("fetches a name with a global unicast IPv6 address, and the scheme's own port spelled out", async () => {
    expect((await fetchVia('http://public6.test/v6')).text()).toBe('ok public6.test');
    expect((await fetchVia('http://public.test:80/explicit')).text()).toBe('ok public.test');
  });

  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['loopback, other form', 'http://127.1/'],
    ['localhost', 'http://localhost/'],
    ['localhost subdomain', 'http://api.localhost/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['decimal IPv4', 'http://2130706433/'],
    ['octal IPv4', 'http://0177.0.0.1/'],
    ['hex IPv4', 'http://0x7f000001/'],
    ['private 10/8', 'http://10.1.2.3/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.0.1/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unique local', 'http://[fd00::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 metadata', 'http://[::ffff:a9fe:a9fe]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['name → private', 'http://internal.test/'],
    ['name → link-local', 'http://metadata.test/'],
    ['name → IPv6 loopback', 'http://loopback6.test/'],
    ['name → IPv4-mapped private', 'http://mapped.test/'],
    ['name → unique local', 'http://ula.test/'],
    ['name → one public, one loopback', 'http://mixed.test/'],
    ['port other than 80/443', 'http://public.test:8080/'],
    ['redis port', 'http://public.test:6379/'],
    ['http on the https port', 'http://public.test:443/'],
    ['https on the http port', 'https://public.test:80/'],
    ['IPv4-compatible IPv6 (::/96) loopback', 'http://[::7f00:1]/'],
    ['IPv4-compatible IPv6 (::/96) private', 'http://[::a00:1]/'],
    ['IPv6 outside 2000::/3', 'http://[4000::1]/'],
    ['IPv6 documentation block', 'http://[2001:db8::1]/'],
    ['6to4 wrapping a private IPv4', 'http://[2002:c0a8:101::1]/'],
    ['NAT64 wrapping loopback', 'http://[64:ff9b::7f00:1]/'],
    ['name → ::/96', 'http://compat.test/'],
    ['name → 6to4', 'http://sixtofour.test/'],
    ['ftp', 'ftp://public.test/'],
    ['file', 'file:///etc/passwd'],
    ['credentials in URL', 'http://user:pw@public.test/'],
    ['not a URL', 'not a url'],
  ])('refuses %s (%s) without connecting', async (_label, url) => {
    const before = hits;
    expect(await codeOf(fetchVia(url))).toBe('BLOCKED_URL');
    expect(hits).toBe(before);
  });

  it('refuses a name that resolves to nothing', async () => {
    expect(await codeOf(fetchVia('http://nowhere.test/'))).toBe('NETWORK');
  });

  it.each([
    ['a link-local address', '/to-metadata'],
    ['a name resolving to a private address', '/to-internal-name'],
    ['an IPv4-mapped loopback', '/to-mapped'],
    ['a forbidden port', '/to-other-port'],
  ])('re-checks a redirect to %s', async (_label, path) => {
    expect(await codeOf(fetchVia(`http://public.test${path}`))).toBe('BLOCKED_URL');
  });

  it('follows three redirects and refuses a fourth', async () => {
    const res = await fetchVia('http://public.test/hop/3');
    expect(res.text()).toBe('ok public.test');
    expect(res.url).toBe('http://public.test/ok');
    expect(await codeOf(fetchVia('http://public.test/hop/4'))).toBe('TOO_MANY_REDIRECTS');
  });

  it('drops the Authorization header on a redirect to another origin', async () => {
    const res = await fetchVia('http://public.test/to-public-auth', {
      headers: { authorization: 'Basic c2VjcmV0' },
    });
    expect(res.text()).toBe('none');
  });

  it('caps the body at 5 MB, declared or streamed', async () => {
    expect(await codeOf(fetchVia('http://public.test/big-declared'))).toBe('TOO_LARGE');
    expect(await codeOf(fetchVia('http://public.test/big-chunked'))).toBe('TOO_LARGE');
    const small = await fetchVia('http://public.test/big-chunked', { maxBytes: 7 * 1024 * 1024 });
    expect(small.body.length).toBe(6 * 1024 * 1024);
  });

  it('gives up on a body that never ends', async () => {
    expect(await codeOf(fetchVia('http://public.test/slow', { timeoutMs: 300 }))).toBe('TIMEOUT');
  });

  it('reaches private hosts on any port only with ALLOW_PRIVATE_HOSTS', async () => {
    const url = `http://127.0.0.1:${port}/direct`;
    expect(await codeOf(safeFetch(url))).toBe('BLOCKED_URL');
    const res = await safeFetch(url, { allowPrivateHosts: true });
    expect(res.text()).toBe(`ok 127.0.0.1:${port}`);
  });
});
