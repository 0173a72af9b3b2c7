import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { describe, expect, it } from 'vitest';
import type { GatewayDeps } from './context';
import { LumenError } from './errors';
import { createGateway } from './yoga';

function gatewayWith(verifyToken: GatewayDeps['verifyToken']) {
  const deps = {
    env: loadEnv({ NODE_ENV: 'test' }),
    logger: createLogger('test'),
    verifyToken,
    resolveWorkspace: async () => ({ id: 'w', role: 'owner' as const }),
  } as unknown as GatewayDeps;
  return createGateway(deps);
}

async function ask(verifyToken: GatewayDeps['verifyToken'], authorization: string) {
  const res = await gatewayWith(verifyToken).fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query: '{ health { ok } }' }),
  });
  return (await res.json()) as {
    data?: unknown;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

describe('bearer tokens in the GraphQL context', () => {
  it('passes a verified user through', async () => {
    const body = await ask(
      async () => ({ id: 'u', email: 'a@b.c', role: 'authenticated' }),
      'Bearer t',
    );
    expect(body.errors).toBeUndefined();
  });

  it('answers UNAUTHENTICATED for a malformed header or a refused token', async () => {
    expect(
      (await ask(async () => ({ id: 'u', email: null, role: 'x' }), 'Basic abc')).errors?.[0]
        ?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
    const refused = await ask(async () => {
      throw new LumenError('UNAUTHENTICATED', 'Your session has expired.');
    }, 'Bearer t');
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Your session has expired.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('does not sign people out when the failure is ours (masked, not UNAUTHENTICATED)', async () => {
    const body = await ask(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    }, 'Bearer t');
    expect(body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
  });
});
