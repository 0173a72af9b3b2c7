import type { Sql } from '../client';
import { BUILTIN_TEMPLATES } from './builtin-templates';

/** Idempotent seed of what every installation has: the built-in templates. */
export async function seedBuiltins(sql: Sql): Promise<{ templates: number }> {
  let inserted = 0;
  for (const t of BUILTIN_TEMPLATES) {
    const rows = await sql`
      insert into templates (workspace_id, name, kind, structure, instructions)
      select null, ${t.name}, ${t.kind}, ${sql.json(t.structure)}, ${t.instructions}
      where not exists (select 1 from templates where workspace_id is null and name = ${t.name})
      returning id`;
    inserted += rows.length;
  }
  return { templates: inserted };
}
