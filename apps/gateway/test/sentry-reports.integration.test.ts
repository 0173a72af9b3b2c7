import { loadEnv } from '@lumen/config/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnvelopeServer, startEnvelopeServer } from '../../../scripts/test/sentry-envelopes';
import { startTcpProxy, type TcpProxy, targetOf, viaProxy } from '../../../scripts/test/tcp-proxy';
import { type RunningGateway, startGateway } from '../src/server';

// Failures outside GraphQL reach Sentry too (docs/observability.md): local auth and the other
// HTTP routes, each with the release it was built as. The failure is a real one: Postgres goes
// away behind a loopback proxy while the gateway answers.
let gateway: RunningGateway;
let sentry: EnvelopeServer;
let proxy: TcpProxy;
const OPERATOR = { user: 'operator', password: 'sentry-test-operator' };

beforeAll(async () => {
  sentry = await startEnvelopeServer();
  proxy = await startTcpProxy(targetOf(process.env.DATABASE_URL!, 5432));
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: viaProxy(process.env.DATABASE_URL!, proxy),
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    LOG_LEVEL: 'silent',
    SENTRY_DSN: sentry.dsn,
    SENTRY_RELEASE: 'lumen@test-release',
    OPERATOR_USER: OPERATOR.user,
    OPERATOR_PASSWORD: OPERATOR.password,
  });
  gateway = await startGateway(env, { webDist: null });
});

afterAll(async () => {
  await proxy?.restore();
  await gateway?.close();
  await proxy?.close();
  await sentry?.close();
});

const event = (envelope: string) =>
  envelope
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { tags?: Record<string, string>; release?: string })
    .find((doc) => doc.tags !== undefined);

describe('reports outside GraphQL', () => {
  it('local auth: a failure answers GoTrue’s masked 500 and is reported, without the email', async () => {
    const config = (await (await fetch(`${gateway.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    await proxy.cut();
    try {
      const res = await fetch(`${gateway.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
        body: JSON.stringify({ email: 'reported@example.com', password: 'correct horse battery' }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error_code: 'unexpected_failure' });
    } finally {
      await proxy.restore();
    }
    const envelope = await sentry.waitFor((e) => e.includes('"where":"local auth"'));
    expect(event(envelope)).toMatchObject({
      release: 'lumen@test-release',
      tags: { where: 'local auth' },
    });
    expect(envelope).not.toContain('reported@example.com');
    expect(envelope).not.toContain('correct horse battery');
  });

  it('an HTTP route (the operators’ contact requests): a plain 500, reported; a 401 is not', async () => {
    const basic = Buffer.from(`${OPERATOR.user}:${OPERATOR.password}`).toString('base64');
    // A chosen answer (Basic auth refusing) is not a failure: asked first, so that a report of it
    // would arrive before the one awaited below.
    expect((await fetch(`${gateway.url}/admin/contact-requests`)).status).toBe(401);
    await proxy.cut();
    try {
      const res = await fetch(`${gateway.url}/admin/contact-requests`, {
        headers: { authorization: `Basic ${basic}` },
      });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('Internal Server Error');
    } finally {
      await proxy.restore();
    }
    const envelope = await sentry.waitFor((e) => e.includes('"where":"http"'));
    expect(event(envelope)).toMatchObject({
      release: 'lumen@test-release',
      tags: { where: 'http' },
    });
    expect(envelope).not.toContain(basic);
    expect(sentry.envelopes.filter((e) => e.includes('"where":"http"'))).toHaveLength(1);
    expect(sentry.envelopes.filter((e) => e.includes('HTTPException'))).toEqual([]);
  });
});
