import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Database, dbPoolStats } from './client';
import { registerDbPoolGauges } from './pool-metrics';

// The pool gauges of /metrics (docs/observability.md, "The database pool") against the real
// Postgres: more requests than connections wait, and the gauges come back to 0 when they end.

const MAX = 3;
let db: Database;
const registry = new Registry();

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL as string, { max: MAX });
  registerDbPoolGauges(registry, dbPoolStats(db));
});

afterAll(async () => {
  await closeDb(db);
});

async function gauges(): Promise<Record<string, number>> {
  const metrics = await registry.getMetricsAsJSON();
  return Object.fromEntries(metrics.map((m) => [m.name, Number(m.values[0]?.value)]));
}

describe('Postgres pool gauges', () => {
  it('counts a burst beyond the pool as waiting, and returns to 0', async () => {
    expect(await gauges()).toEqual({
      lumen_db_pool_in_use: 0,
      lumen_db_pool_waiting: 0,
      lumen_db_pool_max: MAX,
    });

    // Every connection held by a transaction that waits for the test's word.
    let release = () => {};
    const gate = new Promise<void>((open) => {
      release = open;
    });
    const entered: Promise<void>[] = [];
    const held = Array.from({ length: MAX }, () => {
      let inside = () => {};
      entered.push(
        new Promise<void>((r) => {
          inside = r;
        }),
      );
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await gate;
      });
    });
    await Promise.all(entered);

    // A burst of statements and a transaction on top: none can have a connection.
    const settled: string[] = [];
    const burst = [
      ...Array.from({ length: 5 }, (_, i) =>
        db.execute(sql`select ${i}::int as n`).then(() => settled.push(`statement ${i}`)),
      ),
      db.$client`select 'tagged' as t`.then(() => settled.push('tagged')),
      db.transaction((tx) => tx.execute(sql`select 1`)).then(() => settled.push('transaction')),
    ];
    const during = await gauges();
    expect(during.lumen_db_pool_in_use).toBe(MAX);
    expect(during.lumen_db_pool_waiting).toBe(7);
    expect(settled).toEqual([]);

    release();
    await Promise.all([...held, ...burst]);
    expect(settled).toHaveLength(7);
    expect(await gauges()).toEqual({
      lumen_db_pool_in_use: 0,
      lumen_db_pool_waiting: 0,
      lumen_db_pool_max: MAX,
    });
  });

  it('counts failed statements as done', async () => {
    await expect(db.execute(sql`select 1/0`)).rejects.toThrow();
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.01)`)));
    const after = await gauges();
    expect(after.lumen_db_pool_in_use).toBe(0);
    expect(after.lumen_db_pool_waiting).toBe(0);
  });
});
