import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ColumnsOf } from './columns';

// These assertions are checked by `npm run typecheck` (the `@ts-expect-error` lines fail it when
// the type stops refusing); the runtime part only shows the shapes are plain objects.
const notes = pgTable('notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  // Nullable and defaulted columns are optional in Drizzle's insert type: the ones forgotten.
  body: text('body'),
  createdAt: timestamp('created_at').notNull().defaultNow(),
});

describe('ColumnsOf', () => {
  it('requires every insertable column not named as written elsewhere', () => {
    expectTypeOf<keyof ColumnsOf<typeof notes, 'id' | 'createdAt'>>().toEqualTypeOf<
      'title' | 'body'
    >();
    // @ts-expect-error `body` (nullable, so optional on insert) is forgotten
    const forgotten: ColumnsOf<typeof notes, 'id' | 'createdAt'> = { title: 'A note' };
    const written: ColumnsOf<typeof notes, 'id' | 'createdAt'> = { title: 'A note', body: null };
    expect(Object.keys(forgotten)).toEqual(['title']);
    expect(written).toEqual({ title: 'A note', body: null });
  });

  it('refuses a column the table does not have', () => {
    const extra: ColumnsOf<typeof notes, 'id' | 'createdAt' | 'body'> = {
      title: 'A note',
      // @ts-expect-error no such column
      subtitle: 'none',
    };
    expect(extra.title).toBe('A note');
  });
});
