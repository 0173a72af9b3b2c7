import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { httpGraphQL } from './graphql';
import { createLumenMcpServer } from './server';

// `npx lumen-mcp`: the MCP server over stdio for Claude Desktop, Claude Code, Cursor… It calls a
// Lumen instance's GraphQL API with an API key (docs/mcp.md). stdout is the protocol's: nothing
// else may be printed there.

const url = process.env.LUMEN_URL ?? 'http://localhost:4000';
const key = process.env.LUMEN_API_KEY;
if (!key) {
  console.error(
    'lumen-mcp: set LUMEN_API_KEY to a workspace API key (Settings → API keys) and LUMEN_URL to your Lumen (default http://localhost:4000).',
  );
  process.exit(2);
}

const server = createLumenMcpServer(httpGraphQL(url, key));
await server.connect(new StdioServerTransport());
