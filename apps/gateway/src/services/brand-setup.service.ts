import { recordPromptSetChange } from '@lumen/db/repositories/annotation.repository';
import {
  type Brand,
  findBrand,
  findWorkspacePlan,
  lockWorkspaceQuota,
} from '@lumen/db/repositories/brand.repository';
import {
  type Competitor,
  deleteCompetitor,
  findCompetitor,
  insertCompetitors,
  listCompetitorsOfBrands,
  updateCompetitor as updateCompetitorRow,
} from '@lumen/db/repositories/competitor.repository';
import {
  countActivePrompts,
  countPromptsOfBrands,
  findKeyword,
  findPrompt,
  insertKeywords,
  insertPrompts,
  type Keyword,
  listKeywordsOfBrands,
  listPromptTexts,
  type Prompt,
  type PromptSource,
  setPromptActive as setPromptActiveRow,
} from '@lumen/db/repositories/keyword.repository';
import { changedFields, quoted } from '@lumen/domain/activity/activity-entry';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import {
  BRAND_LIMITS,
  findAliasConflicts,
  KeywordTextsSchema,
  PromptTextsSchema,
  TrackedCompetitorInputSchema,
} from '@lumen/domain/brands/brand-input';
import { trackedEntities, trackedNamesChanged } from '@lumen/domain/entities/tracked-entities';
import { PromptPlaceSchema } from '@lumen/domain/places/place';
import { dedupePrompts } from '@lumen/domain/prompts/prompt-import';
import type { Acting, GatewayDeps } from '../context';
import { badInput, notFound } from '../errors';
import { findOwned, type OwnedFinder } from '../workspace-scope';
import { logActivity } from './activity.service';
import {
  assertPromptCap,
  assertQuota,
  describePrompt,
  fieldError,
  parseInput,
  promptsForKeyword,
} from './brand-rules';
import { enqueueRecount, requestRecount } from './recount.service';

type Deps = Pick<GatewayDeps, 'db' | 'env' | 'queues' | 'logger'>;

/** A finder of a row that hangs off a brand, returning the row with its brand (or null). */
function withBrand<T extends { brandId: string }>(
  find: OwnedFinder<T>,
): OwnedFinder<{ row: T; brand: Brand }> {
  return async (db, workspaceId, id) => {
    const row = await find(db, workspaceId, id);
    const brand = row && (await findBrand(db, workspaceId, row.brandId));
    return row && brand ? { row, brand } : null;
  };
}

export async function addCompetitor(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
  raw: unknown,
): Promise<Competitor> {
  const { created, recount } = await deps.db.transaction(async (tx) => {
    // The id first, the input after: an unreachable id learns nothing but "not found".
    const brand = await findOwned({ db: tx, workspaceId }, 'Brand', brandId, findBrand);
    const input = parseInput(TrackedCompetitorInputSchema, raw);
    const current = await listCompetitorsOfBrands(tx, workspaceId, [brandId]);
    if (current.length >= BRAND_LIMITS.maxCompetitors) {
      throw fieldError('name', `A brand has at most ${BRAND_LIMITS.maxCompetitors} competitors.`);
    }
    const conflicts = findAliasConflicts([
      { path: ['brand'], ...brand },
      ...current.map((c) => ({ path: ['competitor', c.id], ...c })),
      { path: [], ...input },
    ]);
    if (conflicts.length > 0) throw badInput(conflicts);
    const [created] = await insertCompetitors(tx, workspaceId, brandId, [input]);
    if (!created) throw new Error('insert returned no row');
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'competitor.added',
      message: `Added competitor ${quoted(created.name)} to ${quoted(brand.name)}`,
      subjectType: 'competitor',
      subjectId: created.id,
      brandId,
      data: { name: created.name, domains: created.domains },
    });
    // The stored answers that name it count for it now, not from the next run on.
    return { created, recount: await requestRecount(tx, workspaceId, brandId) };
  });
  await enqueueRecount(deps, recount);
  return created;
}

export async function updateCompetitor(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
  raw: unknown,
): Promise<Competitor> {
  const { updated, recount } = await deps.db.transaction(async (tx) => {
    const { row: before, brand } = await findOwned(
      { db: tx, workspaceId },
      'Competitor',
      id,
      withBrand(findCompetitor),
    );
    const input = parseInput(TrackedCompetitorInputSchema, raw);
    const others = (await listCompetitorsOfBrands(tx, workspaceId, [brand.id])).filter(
      (c) => c.id !== id,
    );
    const conflicts = findAliasConflicts([
      { path: ['brand'], ...brand },
      ...others.map((c) => ({ path: ['competitor', c.id], ...c })),
      { path: [], ...input },
    ]);
    if (conflicts.length > 0) throw badInput(conflicts);
    const updated = await updateCompetitorRow(tx, workspaceId, id, input);
    if (!updated) throw notFound('Competitor');
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'competitor.updated',
      message: `Edited competitor ${quoted(updated.name)} of ${quoted(brand.name)}`,
      subjectType: 'competitor',
      subjectId: id,
      brandId: brand.id,
      data: changedFields(
        { name: before.name, domains: before.domains, aliases: before.aliases },
        { name: updated.name, domains: updated.domains, aliases: updated.aliases },
      ),
    });
    const changed = trackedNamesChanged(
      trackedEntities(brand, [before]),
      trackedEntities(brand, [updated]),
    );
    return { updated, recount: changed ? await requestRecount(tx, workspaceId, brand.id) : null };
  });
  await enqueueRecount(deps, recount);
  return updated;
}

/** Removes a competitor; its brand's stored answers are counted again without it. */
export async function removeCompetitor(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
): Promise<string> {
  const recount = await deps.db.transaction(async (tx) => {
    const { row, brand } = await findOwned(
      { db: tx, workspaceId },
      'Competitor',
      id,
      withBrand(findCompetitor),
    );
    if (!(await deleteCompetitor(tx, workspaceId, id))) throw notFound('Competitor');
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'competitor.removed',
      message: `Removed competitor ${quoted(row.name)} from ${quoted(brand.name)}`,
      subjectType: 'competitor',
      subjectId: id,
      brandId: brand.id,
      data: { name: row.name },
    });
    return requestRecount(tx, workspaceId, brand.id);
  });
  await enqueueRecount(deps, recount);
  return id;
}

/** New keywords for a brand, each with its generated prompts (or none, for an import). */
export async function addKeywords(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  brandId: string,
  rawTexts: unknown,
  generate: boolean,
): Promise<Keyword[]> {
  return deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    const brand = await findOwned({ db: tx, workspaceId }, 'Brand', brandId, findBrand);
    const texts = parseInput(KeywordTextsSchema, rawTexts, ['texts']);
    const current = await listKeywordsOfBrands(tx, workspaceId, [brandId]);
    const have = new Set(current.map((k) => normalizeName(k.text)));
    const fresh = texts.filter((t) => !have.has(normalizeName(t)));
    if (current.length + fresh.length > BRAND_LIMITS.maxKeywords) {
      throw fieldError(
        'texts',
        `A brand has at most ${BRAND_LIMITS.maxKeywords} keywords; it has ${current.length}.`,
      );
    }
    const names = (await listCompetitorsOfBrands(tx, workspaceId, [brandId])).map((c) => c.name);
    const generated = fresh.map((text) => ({
      text,
      prompts: generate ? promptsForKeyword(brand, names, text) : [],
    }));
    const adding = generated.reduce((n, g) => n + g.prompts.length, 0);
    const perBrand = (await countPromptsOfBrands(tx, workspaceId, [brandId])).get(brandId) ?? 0;
    assertPromptCap(perBrand, adding);
    const plan = await findWorkspacePlan(tx, workspaceId);
    assertQuota(plan, { prompts: (await countActivePrompts(tx, workspaceId)) + adding }, deps.env);
    const inserted = await insertKeywords(
      tx,
      workspaceId,
      brandId,
      generated.map((g) => g.text),
    );
    for (const keyword of inserted) {
      const prompts = generated.find((g) => g.text === keyword.text)?.prompts ?? [];
      await insertPrompts(tx, workspaceId, brandId, keyword.id, prompts);
    }
    // A prompt-set change marks the brand's trend (docs/metrics.md, "Annotations").
    await recordPromptSetChange(tx, workspaceId, brandId, {
      added: adding,
      keyword: inserted.length === 1 ? (inserted[0]?.text ?? null) : null,
    });
    const only = inserted.length === 1 ? inserted[0] : undefined;
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'keyword.added',
      message: only
        ? `Added keyword ${quoted(only.text)} to ${quoted(brand.name)}`
        : `Added ${inserted.length} keywords to ${quoted(brand.name)}`,
      subjectType: only ? 'keyword' : 'brand',
      subjectId: only ? only.id : brandId,
      brandId,
      data: { keywords: inserted.map((k) => k.text).slice(0, 20), prompts: adding },
    });
    return inserted;
  });
}

/** A person's prompts for a keyword: deduplicated against the brand's, kind and brand detected. */
export async function addPrompts(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  keywordId: string,
  rawTexts: unknown,
  source: Extract<PromptSource, 'MANUAL' | 'IMPORTED'>,
  /** The added prompts' own country and language; omitted or null = the brand's. */
  rawPlace: unknown = {},
): Promise<Prompt[]> {
  return deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    const { row: keyword, brand } = await findOwned(
      { db: tx, workspaceId },
      'Keyword',
      keywordId,
      withBrand(findKeyword),
    );
    const texts = parseInput(PromptTextsSchema, rawTexts, ['texts']);
    const place = parseInput(PromptPlaceSchema, rawPlace);
    const existing = await listPromptTexts(tx, workspaceId, brand.id);
    const { prompts } = dedupePrompts(
      texts.map((text) => ({ text, keyword: null })),
      existing,
    );
    assertPromptCap(existing.length, prompts.length);
    const plan = await findWorkspacePlan(tx, workspaceId);
    assertQuota(
      plan,
      { prompts: (await countActivePrompts(tx, workspaceId)) + prompts.length },
      deps.env,
    );
    const inserted = await insertPrompts(
      tx,
      workspaceId,
      brand.id,
      keyword.id,
      prompts.map((p) => ({
        ...describePrompt(brand, p.text, source),
        country: place.country ?? null,
        language: place.language ?? null,
      })),
    );
    await recordPromptSetChange(tx, workspaceId, brand.id, {
      added: inserted.length,
      keyword: keyword.text,
    });
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'prompt.added',
      message: `Added ${inserted.length} prompt${inserted.length === 1 ? '' : 's'} to ${quoted(keyword.text)}`,
      subjectType: 'keyword',
      subjectId: keyword.id,
      brandId: brand.id,
      data: { added: inserted.length, skipped: texts.length - inserted.length, source },
    });
    return inserted;
  });
}

export async function setPromptActive(
  deps: Deps,
  workspaceId: string,
  acting: Acting,
  id: string,
  active: boolean,
): Promise<Prompt> {
  return deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    const prompt = await findOwned({ db: tx, workspaceId }, 'Prompt', id, findPrompt);
    if (active && !prompt.active) {
      const plan = await findWorkspacePlan(tx, workspaceId);
      assertQuota(plan, { prompts: (await countActivePrompts(tx, workspaceId)) + 1 }, deps.env);
    }
    const updated = await setPromptActiveRow(tx, workspaceId, id, active);
    if (!updated) throw notFound('Prompt');
    await logActivity(tx, acting, {
      workspaceId,
      kind: active ? 'prompt.activated' : 'prompt.deactivated',
      message: `${active ? 'Activated' : 'Deactivated'} prompt ${quoted(prompt.text)}`,
      subjectType: 'prompt',
      subjectId: prompt.id,
      brandId: prompt.brandId,
      data: { active: { from: prompt.active, to: active } },
    });
    if (prompt.active !== active) {
      await recordPromptSetChange(tx, workspaceId, prompt.brandId, {
        [active ? 'activated' : 'deactivated']: 1,
        keyword: prompt.keywordId
          ? ((await findKeyword(tx, workspaceId, prompt.keywordId))?.text ?? null)
          : null,
      });
    }
    return updated;
  });
}
