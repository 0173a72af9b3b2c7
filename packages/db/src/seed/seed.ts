import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { BUILTIN_TEMPLATES } from './builtin-templates';

/**
 * Idempotent seed of what every installation has: the built-in templates. Raw SQL because
 * "insert unless a shared template of that name exists" is one statement only in SQL (the
 * unique key cannot cover workspace_id null).
 */
export async function seedBuiltins(db: Tx): Promise<{ templates: number }> {
  let inserted = 0;
  for (const t of BUILTIN_TEMPLATES) {
    const rows = await db.execute(sql`
      insert into templates (workspace_id, name, kind, structure, instructions)
      select null, ${t.name}, ${t.kind}, ${JSON.stringify(t.structure)}::jsonb, ${t.instructions}
      where not exists (select 1 from templates where workspace_id is null and name = ${t.name})
      returning id`);
    inserted += rows.length;
  }
  return { templates: inserted };
}
