import type { Template, TemplateSection } from '@lumen/domain/publishing/template';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { templates } from '../schema/publishing';
import type { ColumnsOf } from './columns';

// Content templates a workspace can use: the built-in ones (workspace_id null, shared by every
// workspace and read-only) and its own (docs/publishing.md, "Templates").

const columns = {
  id: templates.id,
  workspaceId: templates.workspaceId,
  name: templates.name,
  kind: templates.kind,
  structure: templates.structure,
  instructions: templates.instructions,
  createdAt: templates.createdAt,
};

const visibleTo = (workspaceId: string) =>
  or(isNull(templates.workspaceId), eq(templates.workspaceId, workspaceId));

/** Built-in templates first (by kind, in the enum's order), then the workspace's own by name. */
export async function listTemplates(db: Tx, workspaceId: string): Promise<Template[]> {
  return db
    .select(columns)
    .from(templates)
    .where(visibleTo(workspaceId))
    .orderBy(
      sql`${templates.workspaceId} is not null`,
      asc(templates.kind),
      asc(templates.name),
      asc(templates.createdAt),
    );
}

/** A built-in template or one of the workspace's own; null for another workspace's. */
export async function findTemplate(
  db: Tx,
  workspaceId: string,
  id: string,
): Promise<Template | null> {
  const [row] = await db
    .select(columns)
    .from(templates)
    .where(and(visibleTo(workspaceId), eq(templates.id, id)));
  return row ?? null;
}

export type TemplateValues = {
  name: string;
  kind: Template['kind'];
  instructions: string;
  sections: TemplateSection[];
};

/** Everything the template form sets. */
function toColumns(
  values: TemplateValues,
): ColumnsOf<typeof templates, 'id' | 'workspaceId' | 'createdAt'> {
  return {
    name: values.name,
    kind: values.kind,
    instructions: values.instructions,
    structure: { sections: values.sections },
  };
}

export async function insertTemplate(
  db: Tx,
  workspaceId: string,
  values: TemplateValues,
): Promise<Template> {
  const [row] = await db
    .insert(templates)
    .values({ workspaceId, ...toColumns(values) })
    .returning(columns);
  return row!;
}

/** Changes one of the workspace's own templates; built-in rows never match. */
export async function updateTemplate(
  db: Tx,
  workspaceId: string,
  id: string,
  values: TemplateValues,
): Promise<Template | null> {
  const [row] = await db
    .update(templates)
    .set(toColumns(values))
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)))
    .returning(columns);
  return row ?? null;
}

/** Deletes one of the workspace's own templates (orders keep their row, template set null). */
export async function deleteTemplate(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length > 0;
}
