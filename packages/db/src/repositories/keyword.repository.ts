import type { PromptKind } from '@lumen/domain/prompts/prompt-kind';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { keywords, prompts } from '../schema/brands';

export type Keyword = { id: string; brandId: string; text: string; topic: string | null };

export type PromptSource = 'MANUAL' | 'GENERATED' | 'IMPORTED';

export type Prompt = {
  id: string;
  brandId: string;
  keywordId: string | null;
  text: string;
  kind: PromptKind;
  branded: boolean;
  source: PromptSource;
  active: boolean;
  /** Its own place (an ISO country code, a language tag); null = the brand's. */
  country: string | null;
  language: string | null;
};

export type PromptValues = {
  text: string;
  kind: PromptKind;
  branded: boolean;
  source: PromptSource;
  country?: string | null;
  language?: string | null;
};

type PromptRow = typeof prompts.$inferSelect;

function toPrompt(row: PromptRow): Prompt {
  return {
    id: row.id,
    brandId: row.brandId,
    keywordId: row.keywordId,
    text: row.text,
    kind: row.kind,
    branded: row.branded,
    source: row.source.toUpperCase() as PromptSource,
    active: row.active,
    country: row.country,
    language: row.language,
  };
}

/** Rows of one insert share now(); a millisecond apart, lists come back in the given order. */
export function inOrder(index: number, base = Date.now()): Date {
  return new Date(base + index);
}

const keywordColumns = {
  id: keywords.id,
  brandId: keywords.brandId,
  text: keywords.text,
  topic: keywords.topic,
};

export async function listKeywordsOfBrands(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<Keyword[]> {
  if (brandIds.length === 0) return [];
  return db
    .select(keywordColumns)
    .from(keywords)
    .where(and(eq(keywords.workspaceId, workspaceId), inArray(keywords.brandId, [...brandIds])))
    .orderBy(asc(keywords.createdAt), asc(keywords.id));
}

export async function findKeyword(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<Keyword | null> {
  const [row] = await db
    .select(keywordColumns)
    .from(keywords)
    .where(and(eq(keywords.workspaceId, workspaceId), eq(keywords.id, id)));
  return row ?? null;
}

/** Inserts the keywords a brand does not have yet; returns only the new ones. */
export async function insertKeywords(
  db: Tx,
  workspaceId: string,
  brandId: string,
  texts: readonly string[],
): Promise<Keyword[]> {
  if (texts.length === 0) return [];
  return db
    .insert(keywords)
    .values(texts.map((text, i) => ({ workspaceId, brandId, text, createdAt: inOrder(i) })))
    .onConflictDoNothing({ target: [keywords.brandId, keywords.text] })
    .returning(keywordColumns);
}

/** Deletes a keyword with its prompts (the prompts belong to it, they are not kept loose). */
export async function deleteKeyword(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  await db
    .delete(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.keywordId, id)));
  const rows = await db
    .delete(keywords)
    .where(and(eq(keywords.workspaceId, workspaceId), eq(keywords.id, id)))
    .returning({ id: keywords.id });
  return rows.length > 0;
}

export async function listPromptsOfKeywords(
  db: Tx,
  workspaceId: string,
  keywordIds: readonly string[],
): Promise<Prompt[]> {
  if (keywordIds.length === 0) return [];
  const rows = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), inArray(prompts.keywordId, [...keywordIds])))
    .orderBy(asc(prompts.createdAt), asc(prompts.id));
  return rows.map(toPrompt);
}

/** Every prompt text of a brand, for deduplication before an insert. */
export async function listPromptTexts(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<string[]> {
  const rows = await db
    .select({ text: prompts.text })
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.brandId, brandId)));
  return rows.map((r) => r.text);
}

export async function countPromptsOfBrands(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<Map<string, number>> {
  if (brandIds.length === 0) return new Map();
  const rows = await db
    .select({ brandId: prompts.brandId, n: count() })
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), inArray(prompts.brandId, [...brandIds])))
    .groupBy(prompts.brandId);
  return new Map(rows.map((r) => [r.brandId, r.n]));
}

/** A brand's active prompts: what a full run asks (its cost estimate). */
export async function countBrandActivePrompts(
  db: Tx,
  workspaceId: string,
  brandId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(prompts)
    .where(
      and(
        eq(prompts.workspaceId, workspaceId),
        eq(prompts.brandId, brandId),
        eq(prompts.active, true),
      ),
    );
  return row?.n ?? 0;
}

/** Active prompts across the workspace: what the plan's prompt limit counts. */
export async function countActivePrompts(db: Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.active, true)));
  return row?.n ?? 0;
}

/** Inserts prompts; a text the brand already has is skipped. Returns the inserted ones. */
export async function insertPrompts(
  db: Tx,
  workspaceId: string,
  brandId: string,
  keywordId: string | null,
  list: readonly PromptValues[],
): Promise<Prompt[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(prompts)
    .values(
      list.map((p, i) => ({
        workspaceId,
        brandId,
        keywordId,
        text: p.text,
        kind: p.kind,
        branded: p.branded,
        source: p.source.toLowerCase() as 'manual' | 'generated' | 'imported',
        country: p.country ?? null,
        language: p.language ?? null,
        createdAt: inOrder(i),
      })),
    )
    .onConflictDoNothing({ target: [prompts.brandId, prompts.text] })
    .returning();
  return rows.map(toPrompt);
}

export async function findPrompt(db: Tx, workspaceId: string, id: string): Promise<Prompt | null> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.id, id)));
  return row ? toPrompt(row) : null;
}

export async function setPromptActive(
  db: Tx,
  workspaceId: string,
  id: string,
  active: boolean,
): Promise<Prompt | null> {
  const [row] = await db
    .update(prompts)
    .set({ active })
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.id, id)))
    .returning();
  return row ? toPrompt(row) : null;
}

/**
 * A person's correction of a prompt's kind or branded flag, or a change of its place (null =
 * back to the brand's). An undefined field is left as it is.
 */
export async function updatePromptLabels(
  db: Tx,
  workspaceId: string,
  id: string,
  labels: {
    kind?: PromptKind;
    branded?: boolean;
    country?: string | null;
    language?: string | null;
  },
): Promise<Prompt | null> {
  if (Object.values(labels).every((v) => v === undefined)) {
    return findPrompt(db, workspaceId, id);
  }
  const [row] = await db
    .update(prompts)
    .set(labels)
    .where(and(eq(prompts.workspaceId, workspaceId), eq(prompts.id, id)))
    .returning();
  return row ? toPrompt(row) : null;
}

/** Prompts by id in one query (the answers list names the prompt of each answer). */
export async function findPromptsByIds(
  db: Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<Prompt[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.workspaceId, workspaceId), inArray(prompts.id, [...ids])));
  return rows.map(toPrompt);
}

/** The own places of a brand's active prompts (null = the brand's), distinct. */
export async function listPromptPlaces(
  db: Tx,
  workspaceId: string,
  brandIds: readonly string[],
): Promise<{ brandId: string; country: string | null; language: string | null }[]> {
  if (brandIds.length === 0) return [];
  return db
    .selectDistinct({
      brandId: prompts.brandId,
      country: prompts.country,
      language: prompts.language,
    })
    .from(prompts)
    .where(
      and(
        eq(prompts.workspaceId, workspaceId),
        inArray(prompts.brandId, [...brandIds]),
        eq(prompts.active, true),
      ),
    );
}
