import { randomBytes } from 'node:crypto';
import { recordActivity } from '@lumen/db/repositories/activity.repository';
import {
  countShareView,
  findBranding,
  findReport,
  findShareByTokenHash,
  type ReportRow,
  type ReportShareRow,
} from '@lumen/db/repositories/report.repository';
import { roleAllows } from '@lumen/domain/auth/workspace-roles';
import { shareState } from '@lumen/domain/reports/report-rules';
import type { Hono, Context as HonoContext } from 'hono';
import type { GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';
import { contentOf, pdfFileName, reportPdf, tokenHash } from '../services/reports.service';
import { findOwned } from '../workspace-scope';
import { buildContext } from '../yoga';
import { addressBucket, type ClientAddressResolver } from './client-address';
import { errorResponse } from './export-routes';
import { countInWindow } from './rate-counter';
import { linkRefusedHtml, sharePageHtml, tooManyViewsHtml } from './share-page';

// A report's PDF for members (GET /export/report.pdf?reportId=…, the bearer token and
// x-workspace-id like the CSV exports) and the share link's two addresses: /r/<token> (the page)
// and /r/<token>/report.pdf. A share link reaches its one report and nothing else: it is not a
// session, the GraphQL API does not know it, and the pages it serves carry no script.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Share-link requests per client address and minute, counted in Redis so that every gateway
 * shares the count (docs/reports.md, "Share links"). A link is public and each view writes the
 * activity log; a PDF is drawn on every request. Refused tokens count too.
 */
export const SHARE_LIMITS = {
  page: { max: 60, windowSeconds: 60 },
  pdf: { max: 10, windowSeconds: 60 },
} as const;

/** The Redis counter of an address's share-link requests of one kind in the current window. */
export function shareLimitKey(
  prefix: string,
  kind: keyof typeof SHARE_LIMITS,
  address: string,
): string {
  return `${prefix}:rl:share:${kind}:${addressBucket(address)}`;
}

/** Null while the address is within its limit, else how long it waits, in whole seconds. */
async function overShareLimit(
  deps: GatewayDeps,
  address: string,
  kind: keyof typeof SHARE_LIMITS,
): Promise<number | null> {
  const limit = SHARE_LIMITS[kind];
  const key = shareLimitKey(deps.env.REDIS_PREFIX, kind, address);
  const { used, resetSeconds } = await countInWindow(deps.redis, key, limit.windowSeconds);
  return used <= limit.max ? null : Math.max(1, Math.ceil(resetSeconds));
}

function tooMany(c: HonoContext, retryAfterSeconds: number) {
  const nonce = randomBytes(16).toString('base64');
  shareHeaders(c, nonce);
  c.header('Retry-After', String(retryAfterSeconds));
  return c.html(tooManyViewsHtml(nonce, retryAfterSeconds), 429);
}

function pdfResponse(bytes: Uint8Array, name: string, extra: Record<string, string> = {}) {
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      ...extra,
    },
  });
}

/** The link's report while the link works; null for an unknown, revoked or expired token. */
async function openShare(
  deps: GatewayDeps,
  token: string,
): Promise<{ share: ReportShareRow; report: ReportRow } | null> {
  if (!TOKEN.test(token)) return null;
  const found = await findShareByTokenHash(deps.db, tokenHash(token));
  if (!found || shareState(found.share, new Date()) !== 'ACTIVE') return null;
  return found;
}

/** Every view of a shared report is counted on the link and written to the activity log. */
async function countView(
  deps: GatewayDeps,
  found: { share: ReportShareRow; report: ReportRow },
  what: 'page' | 'PDF',
) {
  await deps.db.transaction(async (tx) => {
    await countShareView(tx, found.share.id);
    await recordActivity(tx, {
      workspaceId: found.report.workspaceId,
      actor: { type: 'system', id: null, name: 'Share link' },
      kind: 'report.viewed',
      message: `A shared report was opened (${what})`,
      subjectType: 'report',
      subjectId: found.report.id,
      brandId: found.report.brandId,
      data: { shareId: found.share.id, what },
    });
  });
}

function shareHeaders(c: HonoContext, nonce: string | null) {
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  if (nonce) {
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
  }
}

export function mountReportRoutes(
  app: Hono,
  deps: GatewayDeps,
  clientAddress: ClientAddressResolver,
): void {
  app.get('/export/report.pdf', async (c) => {
    try {
      const ctx = await buildContext(deps, c.req.raw, clientAddress(c));
      if (!ctx.user) throw new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
      const workspace = await ctx.workspace();
      if (!roleAllows(workspace.role, 'member')) {
        throw new LumenError('FORBIDDEN', 'Your role in this workspace does not allow this.');
      }
      const id = c.req.query('reportId');
      if (!id) throw badInput([{ path: ['reportId'], message: 'Choose a report.' }]);
      const report = await findOwned(ctx, 'Report', id, findReport);
      return pdfResponse(await reportPdf(deps, report), pdfFileName(report));
    } catch (error) {
      return errorResponse(c, deps, error);
    }
  });

  app.get('/r/:token', async (c) => {
    const wait = await overShareLimit(deps, clientAddress(c), 'page');
    if (wait !== null) return tooMany(c, wait);
    const nonce = randomBytes(16).toString('base64');
    shareHeaders(c, nonce);
    const found = await openShare(deps, c.req.param('token'));
    if (!found) return c.html(linkRefusedHtml(nonce), 404);
    await countView(deps, found, 'page');
    const branding = await findBranding(deps.db, found.report.workspaceId);
    return c.html(
      sharePageHtml(contentOf(found.report), branding, {
        nonce,
        pdfHref: `/r/${c.req.param('token')}/report.pdf`,
      }),
    );
  });

  app.get('/r/:token/report.pdf', async (c) => {
    const wait = await overShareLimit(deps, clientAddress(c), 'pdf');
    if (wait !== null) return tooMany(c, wait);
    const found = await openShare(deps, c.req.param('token'));
    if (!found) {
      const nonce = randomBytes(16).toString('base64');
      shareHeaders(c, nonce);
      return c.html(linkRefusedHtml(nonce), 404);
    }
    await countView(deps, found, 'PDF');
    return pdfResponse(await reportPdf(deps, found.report), pdfFileName(found.report), {
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
  });
}
