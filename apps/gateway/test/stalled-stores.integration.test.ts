import { loadEnv } from '@lumen/config/env';
import { findFreePort } from '@lumen/config/free-port';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from '../../../scripts/test/spawn-service';
import { startTcpProxy, type TcpProxy, targetOf, viaProxy } from '../../../scripts/test/tcp-proxy';
import { type RunningGateway, startGateway } from '../src/server';

// A stalled store accepts connections and never answers: the probe must still answer, saying
// "not ready", and the gateway must still stop (docs/deployment.md, "Signals"). Each step waits
// for the state it needs; the test's own timeout is the only clock.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

async function proxyTo(url: string, defaultPort: number): Promise<TcpProxy> {
  const proxy = await startTcpProxy(targetOf(url, defaultPort));
  cleanups.push(() => proxy.close());
  return proxy;
}

const open = new Set<RunningGateway>();
afterEach(async () => {
  for (const gateway of open) await gateway.close();
  open.clear();
});

async function gatewayWith(env: Record<string, string>): Promise<RunningGateway> {
  const gateway = await startGateway(loadEnv({ ...process.env, PORT: '0', ...env }), {
    webDist: null,
  });
  open.add(gateway);
  return gateway;
}

async function readyz(url: string) {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: await res.json() };
}

describe('/readyz with a stalled store', () => {
  it('answers "not ready" when Redis accepts and never replies, and "ready" once it is back', async () => {
    const redis = await proxyTo(process.env.REDIS_URL!, 6379);
    const gateway = await gatewayWith({ REDIS_URL: viaProxy(process.env.REDIS_URL!, redis) });
    expect(await readyz(gateway.url)).toEqual({
      status: 200,
      body: { ok: true, postgres: true, redis: true },
    });

    await redis.stall();
    // The ping never gets a reply; the probe's own timeout (under a second) answers instead.
    expect(await readyz(gateway.url)).toEqual({
      status: 503,
      body: { ok: false, postgres: true, redis: false },
    });

    await redis.restore();
    let after = await readyz(gateway.url);
    while (after.status !== 200) after = await readyz(gateway.url);
    expect(after.body).toEqual({ ok: true, postgres: true, redis: true });
  });

  it('answers "not ready" when Postgres stalls, and the gateway still closes', async () => {
    const postgres = await proxyTo(process.env.DATABASE_URL!, 5432);
    const gateway = await gatewayWith({
      DATABASE_URL: viaProxy(process.env.DATABASE_URL!, postgres),
    });
    expect((await readyz(gateway.url)).status).toBe(200);

    await postgres.stall();
    expect(await readyz(gateway.url)).toEqual({
      status: 503,
      body: { ok: false, postgres: false, redis: true },
    });
    // The probe's query is still waiting on a connection that will never answer.
    open.delete(gateway);
    await gateway.close();
  });
});

describe('/readyz while the gateway is still starting', () => {
  it('answers "starting" (503) until sign-in has loaded its keys, whatever the stores say', async () => {
    // The server listens first, then local sign-in reads its signing keys. With Postgres stalled
    // that read never ends: a probe must not call the gateway ready in between (a load balancer
    // would send it sign-ins it cannot serve), and must not wait on the stalled store either.
    const postgres = await proxyTo(process.env.DATABASE_URL!, 5432);
    await postgres.stall();
    const port = await findFreePort();
    const gateway = await startService(
      'apps/gateway/src/main.ts',
      {
        DATABASE_URL: viaProxy(process.env.DATABASE_URL!, postgres),
        PORT: String(port),
        LUMEN_QUIET_OPERATOR_PASSWORD: '1',
      },
      null,
    );
    cleanups.push(() => gateway.crash());
    const url = `http://127.0.0.1:${port}`;
    let answer = await readyz(url).catch(() => null);
    while (!answer) {
      if (gateway.child.exitCode !== null) throw new Error(gateway.output());
      await new Promise((r) => setTimeout(r, 100));
      answer = await readyz(url).catch(() => null);
    }
    expect(answer).toEqual({ status: 503, body: { ok: false, starting: true } });
    expect(gateway.output()).not.toContain('gateway listening');
  });
});

describe('gateway shutdown with Postgres stalled', () => {
  it('exits 0 on SIGTERM although a query waits on a database that never answers', async () => {
    const postgres = await proxyTo(process.env.DATABASE_URL!, 5432);
    const port = await findFreePort();
    const gateway = await startService(
      'apps/gateway/src/main.ts',
      {
        DATABASE_URL: viaProxy(process.env.DATABASE_URL!, postgres),
        PORT: String(port),
        LOG_LEVEL: 'info',
        LUMEN_QUIET_OPERATOR_PASSWORD: '1',
      },
      'gateway listening',
    );
    cleanups.push(() => gateway.crash());
    const url = `http://127.0.0.1:${port}`;
    expect((await readyz(url)).status).toBe(200);

    await postgres.stall();
    expect((await readyz(url)).body).toEqual({ ok: false, postgres: false, redis: true });

    gateway.child.kill('SIGTERM');
    // The pool's end() gives stuck queries a few seconds, then drops their connections: the
    // gateway stops by itself, before its SHUTDOWN_TIMEOUT_MS bound.
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    expect(gateway.output()).not.toContain('did not stop within');
  });
});
