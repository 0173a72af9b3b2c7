import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { describe, expect, it } from 'vitest';
import type { GatewayDeps } from '../context';
import { LumenError } from '../errors';
import { createGateway } from '../yoga';

// With the response cache on, the cache's key and the context both need the user and the
// workspace: each is worked out once per request, and a refused token is checked once.
function gateway() {
  const calls = { verify: 0, resolve: 0 };
  const logger = createLogger('test');
  logger.level = 'silent';
  const deps = {
    env: loadEnv({ NODE_ENV: 'test' }),
    logger,
    redis: { publish: async () => 1 },
    events: { onAnyEvent: () => () => {} },
    verifyToken: async (token: string) => {
      calls.verify++;
      if (token !== 'good') throw new LumenError('UNAUTHENTICATED', 'Your session has expired.');
      return { id: 'u', email: null, role: 'authenticated' };
    },
    resolveWorkspace: async () => {
      calls.resolve++;
      return { id: 'w', role: 'owner' as const };
    },
  } as unknown as GatewayDeps;
  const yoga = createGateway(deps);
  const ask = async (token: string, query: string) => {
    const res = await yoga.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
  };
  return { calls, ask };
}

describe('the user and workspace of a request', () => {
  it('verifies a refused token once and answers UNAUTHENTICATED', async () => {
    const g = gateway();
    const body = await g.ask('bad', '{ navigationCounts { brands } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(g.calls).toEqual({ verify: 1, resolve: 0 });
  });

  it('verifies a good token and resolves the workspace once for a read that is executed', async () => {
    const g = gateway();
    await g.ask('good', '{ navigationCounts { brands } }');
    expect(g.calls).toEqual({ verify: 1, resolve: 1 });
  });
});
