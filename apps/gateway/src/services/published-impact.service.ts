import { findBrand } from '@lumen/db/repositories/brand.repository';
import {
  findOwnedPublishedTarget,
  listImpactAnswers,
} from '@lumen/db/repositories/closed-loop.repository';
import { computeImpact, type PublishedImpact } from '@lumen/domain/publishing/impact';
import { listEngines } from '@lumen/engines/registry';
import type { GatewayDeps } from '../context';
import { engineEnv } from './brand-rules';

export type PublishedImpactView = PublishedImpact & {
  ingestedAt: Date | null;
  remeasureRunId: string | null;
  labels: Map<string, string>;
};

/**
 * A published item's impact (docs/closed-loop.md, "Attribution"): the answers to its
 * opportunity's prompt in the brand's completed runs, split into before and after by
 * `computeImpact`. Null when the item is not in the workspace.
 */
export async function publishedImpact(
  deps: GatewayDeps,
  workspaceId: string,
  publishedItemId: string,
): Promise<PublishedImpactView | null> {
  const item = await findOwnedPublishedTarget(deps.db, workspaceId, publishedItemId);
  if (!item) return null;
  const [brand, answers] = await Promise.all([
    findBrand(deps.db, workspaceId, item.brandId),
    item.promptId
      ? listImpactAnswers(deps.db, workspaceId, item.brandId, [item.promptId])
      : Promise.resolve([]),
  ]);
  const labels = new Map(listEngines(engineEnv(deps)).map((e) => [e.id, e.label]));
  const impact = computeImpact({
    publishedAt: item.publishedAt,
    ingestedAt: item.ingestedAt,
    engines: brand?.engines ?? [],
    answers,
  });
  if (!item.promptId) {
    impact.enoughData = false;
    impact.reason =
      'Not enough data: the prompt this page was written for has been deleted, so it is no longer measured.';
  }
  return { ...impact, ingestedAt: item.ingestedAt, remeasureRunId: item.remeasureRunId, labels };
}
