import { SafeFetchError, safeFetch } from '@lumen/config/safe-fetch';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { insertOrder, type OrderRow } from '@lumen/db/repositories/order.repository';
import {
  findLatestCompletedSiteAudit,
  findPageCitingPrompt,
  upsertPageImprovementOpportunity,
} from '@lumen/db/repositories/site-audit.repository';
import { listSites } from '@lumen/db/repositories/wordpress-site.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import {
  checkOwnPageUrl,
  findingsOfPage,
  type PageSource,
} from '@lumen/domain/publishing/improve-page';
import type { Finding } from '@lumen/domain/site-audit/findings';
import { extractPage } from '@lumen/engines/corpus/extract-page';
import { PageRefusedError, pageBoundsFrom } from '@lumen/engines/corpus/page-bounds';
import { GenerateDraftJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import type { Acting, GatewayDeps } from '../context';
import { LumenError } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import {
  announceOrder,
  draftJobId,
  moveTowardsInProgress,
  mustFindOrder,
} from './create-order.service';

// "Improve this page" (docs/publishing.md, "Improving a page that exists"): a page of the
// brand's own site is read now, through safeFetch and the bounded page reader, and an order is
// made whose draft is that page improved (the generate-draft job: the LLM or the composer). The
// page as read is kept with the order, so the editor can show what the draft changes; its
// publication updates that page's WordPress post instead of creating one.

type Deps = Pick<GatewayDeps, 'db' | 'redis' | 'env' | 'queues'>;
type Scope = { workspaceId: string; userId: string; acting: Acting };

const MAX_URL_LENGTH = 2_000;

const fieldError = (code: 'BAD_USER_INPUT' | 'PAGE_OFF_DOMAIN', message: string) =>
  new LumenError(code, message, { fields: { url: message } });

const unreachable = (message: string) => new LumenError('PAGE_UNREACHABLE', message);

/** The page's main text and title, read the way the closed loop reads a published page. */
async function readPage(
  deps: Deps,
  url: string,
  domains: readonly string[],
): Promise<{ url: string; title: string; body: string }> {
  const bounds = pageBoundsFrom(deps.env);
  let html: string;
  let finalUrl: string;
  try {
    const response = await safeFetch(url, {
      allowPrivateHosts: deps.env.ALLOW_PRIVATE_HOSTS,
      headers: { accept: 'text/html' },
      maxBytes: bounds.maxBytes,
    });
    if (!response.ok) {
      throw unreachable(
        `The page did not answer with its content: ${url} answered HTTP ${response.status}. Check that it is public.`,
      );
    }
    // A redirect may leave the brand's site; only its own pages are improved.
    const landed = checkOwnPageUrl(response.url, domains);
    if (!landed.ok) {
      throw fieldError(
        'PAGE_OFF_DOMAIN',
        `The page redirects to ${response.url}, which is not on the brand's own site.`,
      );
    }
    finalUrl = landed.url;
    const type = response.headers.get('content-type') ?? '';
    if (type && !/html/i.test(type)) {
      throw unreachable(`The page is not HTML: ${url} answered with ${type}.`);
    }
    html = response.text();
  } catch (error) {
    if (error instanceof SafeFetchError) {
      if (error.code === 'BLOCKED_URL') {
        throw new LumenError(
          'PAGE_REFUSED',
          `Lumen cannot fetch this address: ${error.message} Lumen reads only public pages (a site on this machine or a private network needs ALLOW_PRIVATE_HOSTS=1).`,
          { fields: { url: error.message } },
        );
      }
      throw unreachable(`The page could not be read: ${error.message}`);
    }
    throw error;
  }
  try {
    // Links are kept (as Markdown): the draft replaces the page's content, its sources included.
    const page = await extractPage(html, bounds, { linksFrom: finalUrl });
    if (!page.body.trim()) {
      throw unreachable(`The page has no text to improve: no main text was found on ${url}.`);
    }
    return { url: finalUrl, title: page.title, body: page.body };
  } catch (error) {
    if (error instanceof PageRefusedError) throw unreachable(error.message);
    throw error;
  }
}

/** What the opportunity of an improvement says: the page and what the audit found on it. */
function improvementFinding(url: string, findings: readonly Finding[]): Finding {
  const path = new URL(url).pathname || '/';
  return {
    key: `improve:${url}`,
    area: 'page',
    severity: 'medium',
    title: `Improve ${path} for AI answers`,
    evidence:
      findings.length > 0
        ? `The latest site audit found ${findings.length} problem${findings.length === 1 ? '' : 's'} on this page: ${findings.map((f) => f.title).join('; ')}.`
        : 'Asked to improve this page with the tactics AI answers quote: statistics, quotations, cited sources, structure and an FAQ.',
    fix: 'Review the improved draft, fill in what it asks for, approve it and publish: the page’s WordPress post is updated in place.',
    url,
  };
}

export async function improvePage(
  deps: Deps,
  scope: Scope,
  input: { brandId: string; url: string },
): Promise<OrderRow> {
  const { workspaceId } = scope;
  const brand = await findOwned({ db: deps.db, workspaceId }, 'Brand', input.brandId, findBrand);
  if (input.url.length > MAX_URL_LENGTH) {
    throw fieldError('BAD_USER_INPUT', `A page address is at most ${MAX_URL_LENGTH} characters.`);
  }
  const check = checkOwnPageUrl(input.url, brand.domains);
  if (!check.ok) {
    throw fieldError(
      check.reason === 'OFF_DOMAIN' ? 'PAGE_OFF_DOMAIN' : 'BAD_USER_INPUT',
      check.message,
    );
  }
  const page = await readPage(deps, check.url, brand.domains);
  const audit = await findLatestCompletedSiteAudit(deps.db, workspaceId, brand.id);
  const findings = audit?.report ? findingsOfPage(audit.report.findings, page.url) : [];
  // The connected site the page lives on, if any: publishing needs one on the page's origin.
  const origin = new URL(page.url).origin;
  const site =
    (await listSites(deps.db, workspaceId)).find((s) => new URL(s.url).origin === origin) ?? null;
  const source: PageSource = {
    url: page.url,
    title: page.title,
    body: page.body,
    fetchedAt: new Date().toISOString(),
    changes: [],
  };

  // The closed loop measures the improved page on the prompt whose answers cite it most.
  const promptId = await findPageCitingPrompt(deps.db, workspaceId, brand.id, page.url);
  const opportunity = await deps.db.transaction((tx) =>
    upsertPageImprovementOpportunity(
      tx,
      workspaceId,
      brand.id,
      improvementFinding(page.url, findings),
      audit?.id ?? null,
      promptId,
    ),
  );
  await moveTowardsInProgress(deps, scope, opportunity.id, `Asked to improve ${page.url}.`);
  const orderId = await deps.db.transaction(async (tx) => {
    const id = await insertOrder(tx, workspaceId, {
      opportunityId: opportunity.id,
      templateId: null,
      siteId: site?.id ?? null,
      pageSource: source,
    });
    await logActivity(tx, scope.acting, {
      workspaceId,
      kind: 'order.created',
      message: `Ordered an improvement of ${page.url} for ${quoted(brand.name)}`,
      subjectType: 'order',
      subjectId: id,
      brandId: brand.id,
      data: { url: page.url, opportunityId: opportunity.id, siteId: site?.id ?? null },
    });
    return id;
  });
  await enqueue(deps.queues, GenerateDraftJob, { orderId }, { jobId: draftJobId(orderId) });
  await announceOrder(deps, workspaceId, orderId);
  return mustFindOrder(deps, workspaceId, orderId);
}
