import type { Tx } from '@lumen/db/client';
import { recordPromptSetChange } from '@lumen/db/repositories/annotation.repository';
import {
  type Brand,
  type BrandValues,
  countBrands,
  findBrand,
  findWorkspacePlan,
  insertBrand,
  lockWorkspaceQuota,
  updateBrand as updateBrandRow,
} from '@lumen/db/repositories/brand.repository';
import {
  type Competitor,
  deleteCompetitor,
  insertCompetitors,
  listCompetitorsOfBrands,
  updateCompetitor,
} from '@lumen/db/repositories/competitor.repository';
import {
  countActivePrompts,
  countPromptsOfBrands,
  deleteKeyword,
  insertKeywords,
  insertPrompts,
  listKeywordsOfBrands,
  listPromptsOfKeywords,
} from '@lumen/db/repositories/keyword.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import {
  BrandInputSchema,
  findAliasConflicts,
  type ValidBrandInput,
} from '@lumen/domain/brands/brand-input';
import { trackedEntities, trackedNamesChanged } from '@lumen/domain/entities/tracked-entities';
import type { Acting, GatewayDeps } from '../context';
import { badInput, notFound } from '../errors';
import { findOwned } from '../workspace-scope';
import { logActivity } from './activity.service';
import {
  assertEngines,
  assertPromptCap,
  assertQuota,
  parseInput,
  promptsForKeyword,
} from './brand-rules';
import { scheduleBrand } from './brand-schedule.service';
import { enqueueRecount, requestRecount } from './recount.service';

type Deps = Pick<GatewayDeps, 'db' | 'env' | 'queues' | 'logger'>;

function valuesOf(input: ValidBrandInput): BrandValues {
  return {
    name: input.name,
    domains: input.domains,
    aliases: input.aliases,
    commonWord: input.commonWord,
    description: input.description,
    industry: input.industry,
    country: input.country,
    language: input.language,
    engines: input.engines,
    samples: input.samples,
    schedule: input.schedule,
  };
}

/** A brand with its competitors and keywords; each keyword gets its generated prompts. */
export async function createBrand(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  raw: unknown,
): Promise<Brand> {
  const input = parseInput(BrandInputSchema, raw);
  await assertEngines(deps.db, deps, workspaceId, input.engines);
  const competitors = input.competitors ?? [];
  const keywords = (input.keywords ?? []).map((text) => ({
    text,
    prompts: promptsForKeyword(
      input,
      competitors.map((c) => c.name),
      text,
    ),
  }));
  const promptCount = keywords.reduce((n, k) => n + k.prompts.length, 0);
  const created = await deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    const plan = await findWorkspacePlan(tx, workspaceId);
    assertQuota(
      plan,
      {
        brands: (await countBrands(tx, workspaceId)) + 1,
        engines: input.engines.length,
        cadence: input.schedule.cadence,
        prompts: (await countActivePrompts(tx, workspaceId)) + promptCount,
      },
      deps.env,
    );
    const brand = await insertBrand(tx, workspaceId, valuesOf(input));
    await insertCompetitors(tx, workspaceId, brand.id, competitors);
    const inserted = await insertKeywords(
      tx,
      workspaceId,
      brand.id,
      keywords.map((k) => k.text),
    );
    for (const keyword of inserted) {
      const prompts = keywords.find((k) => k.text === keyword.text)?.prompts ?? [];
      await insertPrompts(tx, workspaceId, brand.id, keyword.id, prompts);
    }
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'brand.created',
      message: `Created brand ${quoted(brand.name)}`,
      subjectType: 'brand',
      subjectId: brand.id,
      brandId: brand.id,
      data: {
        competitors: competitors.length,
        keywords: inserted.length,
        prompts: promptCount,
        engines: brand.engines,
      },
    });
    return brand;
  });
  await scheduleBrand(deps, created);
  return created;
}

/**
 * Saves the edit form. Competitors and keywords, when the input carries them, are the complete
 * lists: competitors are matched by name (so their ids, and the mentions pointing at them,
 * survive an edit), new keywords get generated prompts and missing ones are removed.
 */
export async function updateBrand(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
  raw: unknown,
): Promise<Brand> {
  const { updated, recount } = await deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    // The id first, the input after: an unreachable id learns nothing but "not found".
    const before = await findOwned({ db: tx, workspaceId }, 'Brand', id, findBrand);
    const input = parseInput(BrandInputSchema, raw);
    await assertEngines(tx, deps, workspaceId, input.engines);
    const plan = await findWorkspacePlan(tx, workspaceId);
    assertQuota(plan, { engines: input.engines.length, cadence: input.schedule.cadence }, deps.env);
    const current = await listCompetitorsOfBrands(tx, workspaceId, [id]);
    if (input.competitors === null) assertNoConflictWith(input, current);
    const brand = await updateBrandRow(tx, workspaceId, id, valuesOf(input));
    if (!brand) throw notFound('Brand');
    if (input.competitors !== null) {
      await syncCompetitors(tx, workspaceId, id, current, input.competitors);
    }
    if (input.keywords !== null) {
      await syncKeywords(tx, workspaceId, brand, input, plan, deps.env);
    }
    const after = await listCompetitorsOfBrands(tx, workspaceId, [id]);
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'brand.updated',
      message: `Edited brand ${quoted(brand.name)}`,
      subjectType: 'brand',
      subjectId: brand.id,
      brandId: brand.id,
      data: {
        ...changedFields(
          { name: before.name, domains: before.domains, engines: before.engines },
          { name: brand.name, domains: brand.domains, engines: brand.engines },
        ),
        competitors: { from: current.length, to: after.length },
      },
    });
    // New names (or names gone) recount the stored answers (docs/jobs.md, "Re-analysis").
    const changed = trackedNamesChanged(
      trackedEntities(before, current),
      trackedEntities(brand, after),
    );
    return { updated: brand, recount: changed ? await requestRecount(tx, workspaceId, id) : null };
  });
  await enqueueRecount(deps, recount);
  await scheduleBrand(deps, updated);
  return updated;
}

/** The brand's new names against competitors the input leaves as they are. */
function assertNoConflictWith(input: ValidBrandInput, current: Competitor[]): void {
  const conflicts = findAliasConflicts([
    ...current.map((c) => ({ path: ['competitor', c.id], ...c })),
    { path: [], name: input.name, aliases: input.aliases, domains: input.domains },
  ]);
  if (conflicts.length > 0) throw badInput(conflicts);
}

async function syncCompetitors(
  tx: Tx,
  workspaceId: string,
  brandId: string,
  current: Competitor[],
  wanted: NonNullable<ValidBrandInput['competitors']>,
): Promise<void> {
  const byName = new Map(current.map((c) => [normalizeName(c.name), c]));
  const added: typeof wanted = [];
  for (const c of wanted) {
    const match = byName.get(normalizeName(c.name));
    if (match) {
      byName.delete(normalizeName(c.name));
      await updateCompetitor(tx, workspaceId, match.id, c);
    } else {
      added.push(c);
    }
  }
  for (const gone of byName.values()) await deleteCompetitor(tx, workspaceId, gone.id);
  await insertCompetitors(tx, workspaceId, brandId, added);
}

async function syncKeywords(
  tx: Tx,
  workspaceId: string,
  brand: Brand,
  input: ValidBrandInput,
  plan: Awaited<ReturnType<typeof findWorkspacePlan>>,
  env: Deps['env'],
): Promise<void> {
  const wanted = input.keywords ?? [];
  const current = await listKeywordsOfBrands(tx, workspaceId, [brand.id]);
  const wantedKeys = new Set(wanted.map(normalizeName));
  const gone = current.filter((k) => !wantedKeys.has(normalizeName(k.text)));
  const removed = (
    await listPromptsOfKeywords(
      tx,
      workspaceId,
      gone.map((k) => k.id),
    )
  ).filter((p) => p.active).length;
  for (const k of gone) await deleteKeyword(tx, workspaceId, k.id);
  const have = new Set(current.map((k) => normalizeName(k.text)));
  const fresh = wanted.filter((t) => !have.has(normalizeName(t)));
  if (fresh.length === 0) {
    await recordPromptSetChange(tx, workspaceId, brand.id, { removed });
    return;
  }
  const competitorNames = (input.competitors ?? []).map((c) => c.name);
  const generated = fresh.map((text) => ({
    text,
    prompts: promptsForKeyword(brand, competitorNames, text),
  }));
  const adding = generated.reduce((n, k) => n + k.prompts.length, 0);
  const perBrand = (await countPromptsOfBrands(tx, workspaceId, [brand.id])).get(brand.id) ?? 0;
  assertPromptCap(perBrand, adding);
  assertQuota(plan, { prompts: (await countActivePrompts(tx, workspaceId)) + adding }, env);
  const inserted = await insertKeywords(
    tx,
    workspaceId,
    brand.id,
    generated.map((g) => g.text),
  );
  for (const keyword of inserted) {
    const prompts = generated.find((g) => g.text === keyword.text)?.prompts ?? [];
    await insertPrompts(tx, workspaceId, brand.id, keyword.id, prompts);
  }
  // The edit's prompt-set change marks the brand's trend (docs/metrics.md, "Annotations").
  await recordPromptSetChange(tx, workspaceId, brand.id, { added: adding, removed });
}
