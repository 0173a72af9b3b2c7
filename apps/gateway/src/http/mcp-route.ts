import { looksLikeApiKey } from '@lumen/domain/auth/api-keys';
import { type GraphQLCall, readAnswer } from '@lumen/mcp/graphql';
import { createLumenMcpServer } from '@lumen/mcp/server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { GatewayDeps } from '../context';
import { verifiedUser } from '../yoga';
import type { ClientAddressResolver } from './client-address';

// The MCP server over Streamable HTTP at /mcp (docs/mcp.md), for a workspace API key only. It
// is stateless: each POST builds a server whose tools call this gateway's GraphQL in process
// (yoga.fetch) with the same key, so every tool goes through the key's scopes, the response
// cache and the IDOR rules like any API request. The key's rate limit counts the /mcp request.

const BEARER = /^Bearer\s+(\S+)$/i;

type GraphQLFetch = (
  request: Request,
  context: { clientAddress: string },
) => Promise<Response> | Response;

function refused(status: 401 | 405, message: string): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }),
    {
      status,
      headers: {
        'content-type': 'application/json',
        ...(status === 401 ? { 'www-authenticate': 'Bearer realm="lumen"' } : {}),
      },
    },
  );
}

export function mountMcp(
  app: Hono,
  deps: GatewayDeps,
  graphql: GraphQLFetch,
  clientAddress: ClientAddressResolver,
): void {
  app.all('/mcp', async (c) => {
    const token = BEARER.exec(c.req.header('authorization')?.trim() ?? '')?.[1];
    if (!token || !looksLikeApiKey(token)) {
      return refused(401, 'Lumen’s MCP server needs a workspace API key as a bearer token.');
    }
    try {
      await verifiedUser(deps, c.req.raw, token);
    } catch (error) {
      return refused(401, error instanceof Error ? error.message : 'This API key is not valid.');
    }
    if (c.req.method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
      return refused(405, 'Send MCP requests with POST.');
    }
    const address = clientAddress(c);
    const workspace = c.req.header('x-workspace-id');
    const call: GraphQLCall = async (query, variables = {}) =>
      readAnswer(
        await graphql(
          new Request('http://lumen.internal/graphql', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              ...(workspace ? { 'x-workspace-id': workspace } : {}),
            },
            body: JSON.stringify({ query, variables }),
          }),
          { clientAddress: address },
        ),
      );
    const server = createLumenMcpServer(call);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // With JSON responses the answer is complete here; nothing stays open.
      await server.close();
    }
  });
}
