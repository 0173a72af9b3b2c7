import type { Table } from 'drizzle-orm';

/**
 * What a repository's `toColumns` returns: every column of the table's insert type, each
 * required, except those the caller names as written elsewhere (ids, the tenant, timestamps,
 * columns with their own setter). A column added to the table is then a compile error in
 * `toColumns` until it is either written there or named here on purpose; Drizzle's own insert
 * type makes every defaulted or nullable column optional, so without this a forgotten column is
 * silently never written.
 */
export type ColumnsOf<
  T extends Table,
  WrittenElsewhere extends keyof T['$inferInsert'] = never,
> = Required<Omit<T['$inferInsert'], WrittenElsewhere>>;
