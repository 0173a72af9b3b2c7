import { Gauge, type Registry } from 'prom-client';
import type { PoolStats } from './pool-stats';

/**
 * The Postgres pool's gauges, read on each scrape (docs/observability.md, "The database pool"):
 * the gateway and the worker each register their own process's pool.
 */
export function registerDbPoolGauges(registry: Registry, stats: PoolStats | undefined): void {
  if (!stats) return;
  new Gauge({
    name: 'lumen_db_pool_in_use',
    help: 'Postgres connections of this process serving a statement or a transaction.',
    registers: [registry],
    collect() {
      this.set(stats.inUse());
    },
  });
  new Gauge({
    name: 'lumen_db_pool_waiting',
    help: 'Statements and transactions of this process waiting for a Postgres connection.',
    registers: [registry],
    collect() {
      this.set(stats.waiting());
    },
  });
  new Gauge({
    name: 'lumen_db_pool_max',
    help: 'Postgres connections this process may open (DATABASE_POOL_MAX).',
    registers: [registry],
    collect() {
      this.set(stats.max);
    },
  });
}
