#!/usr/bin/env node
// The stdio MCP server (docs/mcp.md). The package ships TypeScript, loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/stdio.ts');
