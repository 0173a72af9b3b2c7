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

describe('query cost', () => {
  const selection = `id engine engineLabel requestedModel servedModel promptText text error latencyMs
    mentions { entityId entityName kind rank count firstOffset spans { start end } }
    citations { url domain title position owner entityId }`;
  const answers = (alias: string, node: string) =>
    `${alias}: answers(brandId: "b", runId: "r", first: 20) { edges { cursor node { ${node} } } pageInfo { hasNextPage endCursor } }`;
  async function costRefused(query: string): Promise<boolean> {
    const res = await gatewayWith(async () => ({ id: 'u' }) as never).fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { errors?: { message: string }[] };
    return (body.errors ?? []).some((e) => /Cost limit/.test(e.message));
  }
  const fragment = `fragment AnswerCard on Answer { ${selection} }`;

  it('charges a fragment what its fields cost, so a page of answers passes either way', async () => {
    expect(await costRefused(`{ ${answers('a', selection)} }`)).toBe(false);
    expect(await costRefused(`{ ${answers('a', '...AnswerCard')} } ${fragment}`)).toBe(false);
  });

  it('still refuses a costly query, written inline or through a fragment', async () => {
    const many = (node: string) =>
      ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => answers(x, node)).join(' ');
    expect(await costRefused(`{ ${many(selection)} }`)).toBe(true);
    expect(await costRefused(`{ ${many('...AnswerCard')} } ${fragment}`)).toBe(true);
  });
});
