import type { Tx } from '@lumen/db/client';
import { findBrand } from '@lumen/db/repositories/brand.repository';
import type { DraftTarget } from '@lumen/db/repositories/closed-loop.repository';
import { listCompetitorsOfBrands } from '@lumen/db/repositories/competitor.repository';
import { trackedEntities } from '@lumen/domain/entities/tracked-entities';
import { type PreviewResult, previewDocumentEffect } from '@lumen/engines/local/preview';
import { LumenError, notFound } from '../errors';

export const PREVIEW_LABEL =
  'Simulation by the offline engines: they answered with this draft added to their corpus for this preview only. Real engines may answer differently.';

/** Where the draft would stand: its published address, else its site and slug. */
export function draftPageUrl(draft: DraftTarget): string {
  if (draft.publishedUrl) return draft.publishedUrl;
  const slug = draft.slug.trim() || `draft-${draft.draftId}`;
  const base = draft.siteUrl ?? 'https://draft.lumen.invalid';
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(slug)}/`;
}

/**
 * Runs the preview of one draft (docs/closed-loop.md, "What-if preview"): the opportunity's
 * prompt, every local persona, the corpus as it is against the corpus with the draft.
 */
export async function previewDraftEffect(
  db: Tx,
  draft: DraftTarget,
): Promise<{ draftId: string; label: string; pageUrl: string; results: PreviewResult[] }> {
  if (!draft.promptId || draft.promptText === null) {
    throw new LumenError(
      'BAD_USER_INPUT',
      'The prompt this draft was written for has been deleted, so there is nothing to preview.',
    );
  }
  if (draft.body.trim() === '') {
    throw new LumenError('BAD_USER_INPUT', 'The draft is empty: write something to preview.');
  }
  const brand = await findBrand(db, draft.workspaceId, draft.brandId);
  if (!brand) throw notFound('Brand');
  const entities = trackedEntities(
    brand,
    await listCompetitorsOfBrands(db, draft.workspaceId, [brand.id]),
  );
  const pageUrl = draftPageUrl(draft);
  const results = await previewDocumentEffect(db, {
    prompts: [{ id: draft.promptId, text: draft.promptText }],
    document: {
      url: pageUrl,
      domain: new URL(pageUrl).hostname.replace(/^www\./, ''),
      title: draft.title,
      body: draft.body,
      publishedAt: new Date(),
      source: 'published',
    },
    brandId: brand.id,
    entities,
  });
  return { draftId: draft.draftId, label: PREVIEW_LABEL, pageUrl, results };
}
