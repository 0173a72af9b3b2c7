import type { Database } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import { findOpportunity } from '@lumen/db/repositories/opportunity-query.repository';
import type { OrderRow } from '@lumen/db/repositories/order.repository';
import { type AnswerRow, listAnswers } from '@lumen/db/repositories/run-query.repository';
import { findLatestCompletedSiteAudit } from '@lumen/db/repositories/site-audit.repository';
import { findTemplate } from '@lumen/db/repositories/template.repository';
import { evidenceSources } from '@lumen/domain/opportunities/evidence-sources';
import { excerptAround } from '@lumen/domain/opportunities/excerpt';
import type { ComposeDraftInput } from '@lumen/domain/publishing/compose-draft';
import {
  findingsOfPage,
  type ImprovePageInput,
  type PageSource,
} from '@lumen/domain/publishing/improve-page';

// What the draft writers get for an order (docs/publishing.md, "Orders and drafts"): the
// opportunity's evidence (the answers of its last run that show the gap), the template and the
// brand. Read here once; the composer and the LLM brief are pure functions of it.

const MAX_ANSWERS = 20;

export type DraftMaterial = { ok: true; input: ComposeDraftInput } | { ok: false; message: string };

export async function draftMaterial(
  db: Database,
  order: OrderRow,
  engineLabel: (engine: string) => string,
): Promise<DraftMaterial> {
  const ws = order.workspaceId;
  const opportunity = await findOpportunity(db, ws, order.opportunityId);
  if (!opportunity) return { ok: false, message: 'The opportunity of this order was deleted.' };
  const template = order.templateId ? await findTemplate(db, ws, order.templateId) : null;
  if (!template) {
    return {
      ok: false,
      message:
        'The template of this order was deleted. Order the piece again with another template.',
    };
  }
  const brand = await findBrand(db, ws, opportunity.brandId);
  if (!brand) return { ok: false, message: 'The brand of this opportunity was deleted.' };
  const gapEngines = new Set(opportunity.evidence.engines ?? []);
  const answers =
    opportunity.runId && opportunity.promptId
      ? (
          await listAnswers(
            db,
            ws,
            { brandId: brand.id, runId: opportunity.runId, promptId: opportunity.promptId },
            { limit: MAX_ANSWERS, after: null },
          )
        )
          .filter((a) => a.error === null && a.text && gapEngines.has(a.engine))
          .sort((a, b) => a.engine.localeCompare(b.engine))
      : [];
  const competitors = (opportunity.evidence.competitors ?? []).map((c) => ({
    name: c.name,
    engines: c.engines,
    bestRank: c.bestRank,
  }));
  return {
    ok: true,
    input: {
      prompt: opportunity.promptText ?? opportunity.title,
      kind: template.kind,
      template: { sections: template.structure.sections, instructions: template.instructions },
      brand: {
        name: brand.name,
        description: brand.description,
        domains: brand.domains.map(hostOf),
        industry: brand.industry,
      },
      competitors,
      engines: [...gapEngines].map(engineLabel),
      totalEngines: opportunity.evidence.totalEngines ?? gapEngines.size,
      sources: evidenceSources(answers, opportunity.evidence),
      excerpts: excerptsOf(answers, engineLabel),
    },
  };
}

/** "https://www.northwindcrm.com/" → "northwindcrm.com". */
function hostOf(domain: string): string {
  try {
    return new URL(domain.includes('://') ? domain : `https://${domain}`).hostname.replace(
      /^www\./,
      '',
    );
  } catch {
    return domain;
  }
}

function excerptsOf(answers: readonly AnswerRow[], engineLabel: (engine: string) => string) {
  return answers.flatMap((a) => {
    const named = a.mentions.filter((m) => m.entity === 'COMPETITOR');
    if (!a.text || named.length === 0) return [];
    const spans = named.flatMap((m) => m.spans.map(([start, end]) => ({ start, end })));
    return [{ engineLabel: engineLabel(a.engine), text: excerptAround(a.text, spans).text }];
  });
}

export type ImprovementMaterial =
  | { ok: true; input: ImprovePageInput }
  | { ok: false; message: string };

/**
 * What the writers get for an improvement order (docs/publishing.md, "Improving a page that
 * exists"): the page as read when the order was made, the brand, and what the brand's latest
 * finished site audit found on that page (its findings and GEO counts).
 */
export async function improvementMaterial(
  db: Database,
  order: OrderRow,
  page: PageSource,
  now: Date,
): Promise<ImprovementMaterial> {
  const ws = order.workspaceId;
  const opportunity = await findOpportunity(db, ws, order.opportunityId);
  if (!opportunity) return { ok: false, message: 'The opportunity of this order was deleted.' };
  const brand = await findBrand(db, ws, opportunity.brandId);
  if (!brand) return { ok: false, message: 'The brand of this page was deleted.' };
  const audit = await findLatestCompletedSiteAudit(db, ws, brand.id);
  const report = audit?.report ?? null;
  const same = (u: string) => u.replace(/\/+$/, '') === page.url.replace(/\/+$/, '');
  const summary = report?.pages.find((p) => same(p.url)) ?? null;
  return {
    ok: true,
    input: {
      url: page.url,
      live: { title: page.title, body: page.body },
      brand: { name: brand.name, description: brand.description },
      findings: report ? findingsOfPage(report.findings, page.url) : [],
      signals: summary
        ? {
            statistics: summary.statistics,
            quotations: summary.quotations,
            citedSources: summary.citedSources,
          }
        : null,
      now,
    },
  };
}
