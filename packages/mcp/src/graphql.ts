// How the MCP tools reach Lumen: one GraphQL call with the caller's API key, in process (the
// gateway's /mcp) or over HTTP (`npx lumen-mcp`). Either way the gateway checks the key's role
// exactly as for any other request (docs/mcp.md).

export type GraphQLCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** A refusal or failure from Lumen, with the API's code (FORBIDDEN, NOT_FOUND…). */
export class LumenApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Body<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** Reads a GraphQL-over-HTTP answer (or an error answer of the gateway's edge, such as a 429). */
export async function readAnswer<T>(res: Response): Promise<T> {
  let body: Body<T>;
  try {
    body = (await res.json()) as Body<T>;
  } catch {
    throw new LumenApiError(`Lumen answered HTTP ${res.status} without a GraphQL body.`, 'HTTP');
  }
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? 'ERROR';
    const wait = res.headers.get('retry-after');
    throw new LumenApiError(
      code === 'RATE_LIMITED' && wait ? `${error.message} (retry after ${wait} s)` : error.message,
      code,
    );
  }
  if (!body.data)
    throw new LumenApiError(`Lumen answered HTTP ${res.status} with no data.`, 'HTTP');
  return body.data;
}

/** GraphQL over HTTP against a Lumen instance with an API key. */
export function httpGraphQL(
  baseUrl: string,
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
): GraphQLCall {
  const url = `${baseUrl.replace(/\/+$/, '')}/graphql`;
  return async <T>(query: string, variables: Record<string, unknown> = {}) =>
    readAnswer<T>(
      await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }),
    );
}
