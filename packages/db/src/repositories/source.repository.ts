import type { SourceKind } from '@lumen/domain/sources/source-kinds';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { sourceCorrections } from '../schema/sources';
import { CITED_FROM, type CitedUrlFilter, citedWhere } from './cited-page.repository';

// A workspace's corrections of source kinds, and the prompts behind a brand's cited domains
// (docs/sources.md). Domains are in the classifier's canonical host form.

export type SourceCorrection = { domain: string; kind: SourceKind; setBy: string | null };

/** The workspace's corrections; only those of `domains` when given. */
export async function listSourceCorrections(
  db: Tx,
  workspaceId: string,
  domains?: readonly string[],
): Promise<SourceCorrection[]> {
  const rows = await db
    .select({
      domain: sourceCorrections.domain,
      kind: sourceCorrections.kind,
      setBy: sourceCorrections.setBy,
    })
    .from(sourceCorrections)
    .where(
      and(
        eq(sourceCorrections.workspaceId, workspaceId),
        domains ? inArray(sourceCorrections.domain, [...domains]) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, kind: r.kind as SourceKind }));
}

/** Sets the workspace's kind for a domain, or removes its correction when `kind` is null. */
export async function setSourceCorrection(
  db: Tx,
  workspaceId: string,
  domain: string,
  kind: SourceKind | null,
  setBy: string | null,
): Promise<void> {
  if (kind === null) {
    await db
      .delete(sourceCorrections)
      .where(
        and(eq(sourceCorrections.workspaceId, workspaceId), eq(sourceCorrections.domain, domain)),
      );
    return;
  }
  await db
    .insert(sourceCorrections)
    .values({ workspaceId, domain, kind, setBy })
    .onConflictDoUpdate({
      target: [sourceCorrections.workspaceId, sourceCorrections.domain],
      set: { kind, setBy, updatedAt: sql`now()` },
    });
}

export type SourcePromptRow = {
  domain: string;
  promptText: string;
  engine: string;
  citations: number;
};

/**
 * Which prompts, on which engines, cited each domain: the brand's completed runs of the local
 * days `from`–`to` (the days the rollups count them on), with the metrics filter's engines,
 * keywords, place and branded prompts. Only the given domains.
 */
export async function listSourcePrompts(
  db: Tx,
  input: CitedUrlFilter & { domains: readonly string[] },
): Promise<SourcePromptRow[]> {
  if (input.domains.length === 0) return [];
  return db.execute<SourcePromptRow>(sql`
    select c.domain, a.prompt_text as "promptText", a.engine, count(*)::int as citations
      ${CITED_FROM}
     where ${citedWhere(input)}
       and c.domain = any(${sql.param([...input.domains])}::text[])
     group by c.domain, a.prompt_text, a.engine
     order by c.domain, count(*) desc, a.prompt_text, a.engine`);
}
