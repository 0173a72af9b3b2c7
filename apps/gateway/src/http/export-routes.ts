import { type Brand, findBrand } from '@lumen/db/repositories/brand.repository';
import { findWorkspaceRow } from '@lumen/db/repositories/team.repository';
import type { ActivityLevel } from '@lumen/domain/activity/activity-entry';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { roleAllows } from '@lumen/domain/auth/workspace-roles';
import { GraphQLError } from 'graphql';
import type { Hono, Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Context, GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { reportError } from '../observability';
import { activityCsv, parseActivityFilter } from '../services/activity-read.service';
import { type ParsedFilter, parseFilter } from '../services/brand-metrics.service';
import { answersCsvStream, metricsCsv } from '../services/export-csv.service';
import { workspaceZipStream } from '../services/workspace-export.service';
import { findOwned } from '../workspace-scope';
import { buildContext } from '../yoga';
import type { ClientAddressResolver } from './client-address';
import { createExportSlots } from './export-slots';

// GET /export/answers.csv and /export/metrics.csv (docs/metrics.md, "Exports"). Plain HTTP, not
// GraphQL, so the answers can stream; the same bearer token, workspace resolution, `member`
// ability, brand scoping and MetricsFilter as Brand.metrics, and errors in GraphQL's shape
// (`{ errors: [{ message, extensions: { code } }] }`) with the matching HTTP status.

const STATUS: Record<string, ContentfulStatusCode> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/** Answers exports streaming at once: per gateway process (pool of 10) and per workspace. */
export const EXPORT_LIMITS = { total: 4, perWorkspace: 2 };
const BUSY_RETRY_SECONDS = 30;

/** Repeated (`engines=a&engines=b`) or comma-separated (`engines=a,b`) values. */
function listParam(c: HonoContext, name: string): string[] | null {
  const values = (c.req.queries(name) ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  return values.length ? values : null;
}

function flagParam(c: HonoContext, name: string): boolean | null | 'invalid' {
  const v = c.req.query(name);
  if (v === undefined || v === '') return null;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return 'invalid';
}

type Request = { ctx: Context; workspaceId: string; brand: Brand; filter: ParsedFilter };

async function readRequest(
  c: HonoContext,
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): Promise<Request> {
  const ctx = await buildContext(deps, c.req.raw, clientAddress(c));
  if (!ctx.user) throw new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
  const workspace = await ctx.workspace();
  if (!roleAllows(workspace.role, 'member')) {
    throw new LumenError('FORBIDDEN', 'Your role in this workspace does not allow this.');
  }
  const brandId = c.req.query('brandId');
  if (!brandId) throw badInput([{ path: ['brandId'], message: 'Choose a brand.' }]);
  // The brand first: another workspace's brand answers NOT_FOUND before the filter is looked at.
  const brand = await findOwned(ctx, 'Brand', brandId, findBrand);
  const includeBranded = flagParam(c, 'includeBranded');
  if (includeBranded === 'invalid') {
    throw badInput([{ path: ['includeBranded'], message: 'Use true or false.' }]);
  }
  const from = c.req.query('from');
  const to = c.req.query('to');
  const missing = [
    ...(from ? [] : [{ path: ['from'], message: 'Give the first day as YYYY-MM-DD.' }]),
    ...(to ? [] : [{ path: ['to'], message: 'Give the last day as YYYY-MM-DD.' }]),
  ];
  if (missing.length) throw badInput(missing);
  const filter = parseFilter(
    {
      from,
      to,
      engines: listParam(c, 'engines'),
      keywordIds: listParam(c, 'keywordIds'),
      includeBranded,
      country: c.req.query('country') || null,
      language: c.req.query('language') || null,
    },
    brand,
  );
  return { ctx, workspaceId: workspace.id, brand, filter };
}

function dateParam(c: HonoContext, name: string): Date | null {
  const v = c.req.query(name);
  if (!v) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badInput([{ path: [name], message: 'Not a date.' }]);
  return d;
}

/** GET /export/activity.csv: the log with the filters of `activity`; every role; docs/activity.md. */
async function activityExport(
  c: HonoContext,
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): Promise<Response> {
  const ctx = await buildContext(deps, c.req.raw, clientAddress(c));
  if (!ctx.user) throw new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
  const workspace = await ctx.workspace();
  if (!roleAllows(workspace.role, 'member')) {
    throw new LumenError('FORBIDDEN', 'Your role in this workspace does not allow this.');
  }
  const filter = await parseActivityFilter(ctx, {
    kinds: listParam(c, 'kinds'),
    levels: listParam(c, 'levels')?.map((l) => l.toLowerCase() as ActivityLevel) ?? null,
    actorId: c.req.query('actorId') || null,
    brandId: c.req.query('brandId') || null,
    from: dateParam(c, 'from'),
    to: dateParam(c, 'to'),
  });
  const body = await activityCsv(ctx, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, { headers: csvHeaders(`activity-${day}.csv`) });
}

/** An error in GraphQL's shape with the HTTP status of its code (also the crawler routes'). */
export function errorResponse(c: HonoContext, deps: GatewayDeps, error: unknown): Response {
  if (error instanceof LumenError) {
    const code = String(error.extensions.code);
    const retry = error.extensions.retryAfterSeconds;
    if (typeof retry === 'number') c.header('Retry-After', String(retry));
    return c.json(
      { errors: [{ message: error.message, extensions: error.extensions }] },
      STATUS[code] ?? 400,
    );
  }
  if (!(error instanceof GraphQLError)) reportError(error, deps.logger);
  return c.json(
    { errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
    500,
  );
}

function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return slug || fallback;
}

function fileName(brand: Brand, what: string, f: ParsedFilter): string {
  return `${slugOf(brand.name, 'brand')}-${what}-${f.from}-${f.to}.csv`;
}

function csvHeaders(name: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  };
}

export function mountExports(
  app: Hono,
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): void {
  const slots = createExportSlots(EXPORT_LIMITS);
  app.get('/export/answers.csv', async (c) => {
    try {
      const { ctx, workspaceId, brand, filter } = await readRequest(c, deps, clientAddress);
      const release = slots.acquire(workspaceId);
      if (!release) {
        throw new LumenError(
          'RATE_LIMITED',
          'Other exports are still downloading. Try again when they have finished.',
          { retryAfterSeconds: BUSY_RETRY_SECONDS },
        );
      }
      const body = await answersCsvStream(ctx, workspaceId, brand, filter, release).catch(
        (error: unknown) => {
          release();
          throw error;
        },
      );
      return new Response(body, { headers: csvHeaders(fileName(brand, 'answers', filter)) });
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });
  // The whole workspace as a zip (docs/security.md, "Exporting and deleting a workspace"):
  // owners and admins, one download at a time per workspace like the answers export.
  app.get('/export/workspace.zip', async (c) => {
    try {
      const ctx = await buildContext(deps, c.req.raw, clientAddress(c));
      if (!ctx.user) throw new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
      const workspace = await ctx.workspace();
      if (!teamAllows(workspace.role, 'exportWorkspace')) {
        throw new LumenError('FORBIDDEN', 'Only owners and admins export the whole workspace.');
      }
      const row = await findWorkspaceRow(deps.db, workspace.id);
      const release = slots.acquire(workspace.id);
      if (!release) {
        throw new LumenError(
          'RATE_LIMITED',
          'Other exports are still downloading. Try again when they have finished.',
          { retryAfterSeconds: BUSY_RETRY_SECONDS },
        );
      }
      const day = new Date().toISOString().slice(0, 10);
      return new Response(workspaceZipStream(deps, workspace.id, release), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${slugOf(row?.name ?? '', 'workspace')}-export-${day}.zip"`,
          'cache-control': 'no-store',
        },
      });
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });
  app.get('/export/activity.csv', async (c) => {
    try {
      return await activityExport(c, deps, clientAddress);
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });
  app.get('/export/metrics.csv', async (c) => {
    try {
      const { ctx, workspaceId, brand, filter } = await readRequest(c, deps, clientAddress);
      const body = await metricsCsv(ctx, workspaceId, brand, filter);
      return new Response(body, { headers: csvHeaders(fileName(brand, 'metrics', filter)) });
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });
}
