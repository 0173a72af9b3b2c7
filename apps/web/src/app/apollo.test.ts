import { parse } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from './accessToken';
import { createApolloClient } from './apollo';

const query = parse('query Probe { health { ok } }');

function recordingFetch() {
  const requests: { url: string; headers: Headers; body: string }[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    requests.push({
      url: String(input),
      headers: new Headers(init?.headers),
      body: String(init?.body ?? ''),
    });
    return new Response(JSON.stringify({ data: { health: { __typename: 'Health', ok: true } } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { requests, fetchStub };
}

afterEach(() => setAccessTokenGetter(async () => null));

describe('createApolloClient', () => {
  it('posts to /graphql with the signed-in user’s bearer token', async () => {
    setAccessTokenGetter(async () => 'token-123');
    const { requests, fetchStub } = recordingFetch();
    const client = createApolloClient({ fetch: fetchStub });
    const result = await client.query({ query });
    expect(result.data).toEqual({ health: { __typename: 'Health', ok: true } });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/graphql');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-123');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ operationName: 'Probe' });
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { requests, fetchStub } = recordingFetch();
    const client = createApolloClient({ fetch: fetchStub });
    await client.query({ query });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });
});
