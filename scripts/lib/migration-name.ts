// Migrations are named after what they change (`0008_brand_notes.sql`), never drizzle-kit's
// random pair of words (`0001_red_northstar.sql`): `npm run db:generate -- --name brand_notes`.

const NAME = /^[a-z][a-z0-9_]{2,59}$/;

export const MIGRATION_NAME_USAGE =
  'Name the migration after what it changes: npm run db:generate -- --name brand_notes (lower case, digits and _).';

/** The `--name` of the arguments, or an error message saying how to give one. */
export function migrationName(args: readonly string[]): { name: string } | { error: string } {
  const at = args.indexOf('--name');
  const name = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--name='))?.slice(7);
  if (!name) return { error: `No migration name. ${MIGRATION_NAME_USAGE}` };
  if (!NAME.test(name))
    return { error: `"${name}" is not a migration name. ${MIGRATION_NAME_USAGE}` };
  return { name };
}
