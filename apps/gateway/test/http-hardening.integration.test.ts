import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_BODY_LIMIT, OPERATOR_LOGIN_LIMIT } from '../src/app';
import { type RunningGateway, startGateway } from '../src/server';

// The headers, limits and origins every response carries (docs/security.md, "HTTP").
let gateway: RunningGateway;
let webDist: string;
const themeScript = /<script>([\s\S]*?)<\/script>/.exec(
  readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8'),
)?.[1] as string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'lumen-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${themeScript}</script>` +
      '<script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'assets', 'index.js.map'), '{"sources":["secret.ts"]}');
  // What `vite build` writes beside the app (build.manifest), and a stray dotfile.
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"x.js"}}');
  writeFileSync(join(webDist, '.env'), 'SECRET=1');
  mkdirSync(join(webDist, 'assets', '.hidden'));
  writeFileSync(join(webDist, 'assets', '.hidden', 'a.txt'), 'hidden');
  const env = loadEnv({
    ...process.env,
    PORT: '0',
    NODE_ENV: 'production',
    LOCAL_AUTH: '1',
    OPERATOR_PASSWORD: 'a-long-operator-password',
    TRUST_PROXY: 'loopback',
  });
  gateway = await startGateway(env, { webDist });
});

afterAll(async () => {
  await gateway?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const gql = (init: RequestInit & { from?: string } = {}) =>
  fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

describe('security headers', () => {
  it.each(['/', '/dashboard', '/graphql', '/auth/v1/settings', '/healthz'])(
    '%s is unframeable, nosniff and has a referrer policy',
    async (path) => {
      const res = await fetch(`${gateway.url}${path}`, {
        headers: { 'x-graphql-yoga-csrf': '1' },
      });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // Plain http on localhost: HSTS would break the next visit.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it("gives the SPA a CSP that admits only its own scripts and the theme script's hash", async () => {
    const csp = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`),
    );
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('posthog');
  });

  it('does not serve source maps', async () => {
    expect((await fetch(`${gateway.url}/assets/index.js`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/assets/index.js.map`)).status).toBe(404);
  });
});

describe('dot paths of the built app', () => {
  it.each([
    '/.vite/manifest.json',
    '/%2Evite/manifest.json',
    '/.env',
    '/assets/.hidden/a.txt',
    '/.git/config',
  ])('answers %s with 404, neither the file nor the app', async (path) => {
    const res = await fetch(`${gateway.url}${path}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/src\/main|SECRET|hidden|<html/);
  });

  it('still serves the app and its assets, and the JWKS under /auth/v1/.well-known', async () => {
    expect((await fetch(`${gateway.url}/assets/index.js`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/brands`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
  });
});

describe('/graphql limits', () => {
  it(`refuses a body over ${GRAPHQL_BODY_LIMIT / 1024} KB with 413`, async () => {
    const query = `{ health { ok } } # ${'x'.repeat(GRAPHQL_BODY_LIMIT)}`;
    const res = await gql({ body: JSON.stringify({ query }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
    const ok = await gql({ body: JSON.stringify({ query: '{ health { ok } }' }) });
    expect(ok.status).toBe(200);
  });

  it('refuses form-encoded, multipart and header-less GET requests (CSRF)', async () => {
    const form = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=mutation%7BrequestSystemPing%7Bid%7D%7D',
    });
    expect(form.status).toBe(403);
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: 'mutation { requestSystemPing { id } }' }));
    const upload = await fetch(`${gateway.url}/graphql`, { method: 'POST', body: multipart });
    expect(upload.status).toBe(403);
    const get = await fetch(`${gateway.url}/graphql?query=${encodeURIComponent('{health{ok}}')}`);
    expect(get.status).toBe(403);
  });

  it("answers CORS only for PUBLIC_URL's origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${gateway.url}/graphql`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).not.toBe('*');
    const own = new URL(gateway.url).origin;
    expect((await preflight(own)).headers.get('access-control-allow-origin')).toBe(own);
  });

  it('turns introspection off in production', async () => {
    const res = await gql({ body: JSON.stringify({ query: '{ __schema { types { name } } }' }) });
    const body = (await res.json()) as { errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe('operators dashboard', () => {
  const operator = `Basic ${Buffer.from('operator:a-long-operator-password').toString('base64')}`;
  const addJob = (headers: Record<string, string>) =>
    fetch(`${gateway.url}/admin/queues/api/queues/maintenance/add`, {
      method: 'POST',
      headers: { authorization: operator, 'x-forwarded-for': '198.51.100.30', ...headers },
      body: JSON.stringify({ name: 'csrf-probe', data: {} }),
    });
  const waitingJobs = () =>
    gateway.deps.queues.maintenance.getJobCountByTypes('waiting', 'delayed', 'prioritized');

  it('refuses changes that are not JSON or come from another site (CSRF), before adding anything', async () => {
    const before = await waitingJobs();
    // A form or a no-cors fetch from another page can send text/plain with the browser's credentials.
    expect((await addJob({ 'content-type': 'text/plain' })).status).toBe(415);
    expect((await addJob({ 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(
      415,
    );
    expect((await addJob({})).status).toBe(415);
    expect(
      (await addJob({ 'content-type': 'application/json', origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(
      (await addJob({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(await waitingJobs()).toBe(before);
    // The dashboard's own page: JSON from its own origin.
    const own = await addJob({
      'content-type': 'application/json',
      origin: new URL(gateway.url).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    expect(await waitingJobs()).toBe(before + 1);
    // Reads are not affected.
    const list = await fetch(`${gateway.url}/admin/queues/api/queues`, {
      headers: { authorization: operator, 'x-forwarded-for': '198.51.100.30' },
    });
    expect(list.status).toBe(200);
  });

  it('throttles wrong passwords per address, counted before checking', async () => {
    const attempt = (password: string, from: string) =>
      fetch(`${gateway.url}/admin/contact-requests`, {
        headers: {
          authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`,
          'x-forwarded-for': from,
        },
      });
    const statuses = await Promise.all(
      Array.from({ length: OPERATOR_LOGIN_LIMIT.attempts + 10 }, (_, i) =>
        attempt(`wrong-${i}`, '198.51.100.20'),
      ).map(async (r) => (await r).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(OPERATOR_LOGIN_LIMIT.attempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await attempt('a-long-operator-password', '198.51.100.20')).status).toBe(429);
    expect((await attempt('a-long-operator-password', '198.51.100.21')).status).toBe(200);
    // Correct passwords do not use up the allowance (the dashboard polls).
    for (let i = 0; i < OPERATOR_LOGIN_LIMIT.attempts + 2; i++) {
      expect((await attempt('a-long-operator-password', '198.51.100.22')).status).toBe(200);
    }
  });
});
