import { findBrand } from '@lumen/db/repositories/brand.repository';
import { roleAllows } from '@lumen/domain/auth/workspace-roles';
import { LOG_FORMATS, type LogFormat } from '@lumen/domain/crawlers/log-formats';
import type { Hono, Context as HonoContext } from 'hono';
import type { Context, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { type CrawlerImportResult, importCrawlerLog } from '../services/import-crawler-log.service';
import { findOwned } from '../workspace-scope';
import { buildContext } from '../yoga';
import type { ClientAddressResolver } from './client-address';
import { errorResponse } from './export-routes';
import { createExportSlots } from './export-slots';

// Access logs in, AI-crawler counts out (docs/crawlers.md). Plain HTTP, not GraphQL, so a log
// of a gigabyte streams through the parser instead of sitting in memory:
// - POST /crawlers/upload?brandId=…[&format=…][&fileName=…]: the Site page's upload, with the
//   person's session (members, admins, owners; viewers are refused);
// - POST /ingest/logs?brandId=…[&format=…]: log shippers, with a MEMBER or ADMIN API key.
// The body is the log itself, plain or gzip. Errors in GraphQL's shape with an HTTP status.

/** Logs read at once: per gateway process and per workspace (each holds a core while it runs). */
const IMPORT_LIMITS = { total: 2, perWorkspace: 1 };
const BUSY_RETRY_SECONDS = 10;

function formatParam(c: HonoContext): LogFormat | undefined {
  const value = c.req.query('format');
  if (!value || value === 'auto') return undefined;
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw badInput([{ path: ['format'], message: `Use one of auto, ${LOG_FORMATS.join(', ')}.` }]);
}

async function authorize(ctx: Context, how: 'session' | 'apiKey') {
  if (!ctx.user) {
    throw new LumenError(
      'UNAUTHENTICATED',
      how === 'apiKey'
        ? 'Send a workspace API key: Authorization: Bearer lumen_sk_…'
        : 'You must be signed in to do this.',
    );
  }
  if (how === 'apiKey' && !ctx.user.apiKey) {
    throw new LumenError(
      'UNAUTHENTICATED',
      'POST /ingest/logs takes a workspace API key; upload a file from the Site page instead.',
    );
  }
  if (how === 'session' && ctx.user.apiKey) {
    // Keys have their own route, under their rate limit.
    throw new LumenError('FORBIDDEN', 'API keys send logs to POST /ingest/logs.');
  }
  const workspace = await ctx.workspace();
  if (!roleAllows(workspace.role, 'editor')) {
    throw new LumenError(
      'FORBIDDEN',
      how === 'apiKey'
        ? 'This API key may only read. Create a MEMBER or ADMIN key to send logs.'
        : 'Viewers cannot upload logs. Ask an owner or admin for the member role.',
    );
  }
  return workspace;
}

function importJson(result: CrawlerImportResult) {
  return {
    import: {
      id: result.id,
      format: result.format,
      bytes: result.bytes,
      lines: result.lines,
      malformed: result.malformed,
      verified: result.verified,
      unverified: result.unverified,
      unverifiable: result.unverifiable,
      firstDay: result.firstDay,
      lastDay: result.lastDay,
      linesTooLong: result.tooLong,
    },
  };
}

export function mountCrawlerRoutes(
  app: Hono,
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): void {
  const slots = createExportSlots(IMPORT_LIMITS);
  const handle = (how: 'session' | 'apiKey') => async (c: HonoContext) => {
    try {
      const ctx = await buildContext(deps, c.req.raw, clientAddress(c));
      const workspace = await authorize(ctx, how);
      const brandId = c.req.query('brandId');
      if (!brandId) throw badInput([{ path: ['brandId'], message: 'Choose a brand.' }]);
      const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
      const format = formatParam(c);
      const maxBytes =
        how === 'apiKey' ? deps.env.CRAWLER_INGEST_MAX_BYTES : deps.env.CRAWLER_UPLOAD_MAX_BYTES;
      const declared = Number(c.req.header('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        throw new LumenError(
          'PAYLOAD_TOO_LARGE',
          `The log is larger than the ${maxBytes} bytes one request may send.`,
          { maxBytes },
        );
      }
      const body = c.req.raw.body;
      if (!body) throw new LumenError('BAD_USER_INPUT', 'The log is empty.');
      const release = slots.acquire(workspace.id);
      if (!release) {
        throw new LumenError(
          'RATE_LIMITED',
          'Another log of this workspace is being read. Send this one when it has finished.',
          { retryAfterSeconds: BUSY_RETRY_SECONDS },
        );
      }
      try {
        const fileName = how === 'session' ? (c.req.query('fileName') ?? '').slice(0, 200) : '';
        const result = await importCrawlerLog(deps, {
          workspaceId: workspace.id,
          brand,
          source: how === 'apiKey' ? 'ingest' : 'upload',
          fileName: fileName || null,
          format,
          actorId: ctx.user?.id ?? null,
          body: body as unknown as AsyncIterable<Uint8Array>,
          maxBytes,
        });
        return c.json(importJson(result));
      } finally {
        release();
      }
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  };
  app.post('/crawlers/upload', handle('session'));
  app.post('/ingest/logs', handle('apiKey'));
}
