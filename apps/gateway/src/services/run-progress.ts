/** One engine's share of a run: answers stored, queries failed, and what it was asked. */
export type EngineProgress = {
  engine: string;
  label: string;
  done: number;
  failed: number;
  total: number;
  /** US dollars of its answers with a known cost. */
  costUsd: number;
  /** Its answers without a known cost. */
  unpriced: number;
};

/**
 * Per-engine progress of a run from its answers grouped by engine (docs/brands.md, "Runs").
 * An open run lists the brand's engines (those not answered yet at 0) and splits the total
 * evenly; a finished run lists the engines that answered, each with what it answered as total,
 * so a brand whose engines changed since still reads correctly.
 */
export function runEngineProgress(input: {
  open: boolean;
  total: number;
  brandEngines: readonly string[];
  counts: readonly {
    engine: string;
    done: number;
    failed: number;
    costUsd?: number;
    unpriced?: number;
  }[];
  label: (engine: string) => string;
}): EngineProgress[] {
  const counted = new Map(input.counts.map((c) => [c.engine, c]));
  const engines = input.open
    ? [...new Set([...input.brandEngines, ...counted.keys()])]
    : [...counted.keys()].sort(
        (a, b) => rank(input.brandEngines, a) - rank(input.brandEngines, b) || a.localeCompare(b),
      );
  const share = engines.length > 0 ? Math.floor(input.total / engines.length) : 0;
  return engines.map((engine) => {
    const c = counted.get(engine);
    const done = c?.done ?? 0;
    const failed = c?.failed ?? 0;
    return {
      engine,
      label: input.label(engine),
      done,
      failed,
      total: input.open ? Math.max(share, done + failed) : done + failed,
      costUsd: c?.costUsd ?? 0,
      unpriced: c?.unpriced ?? 0,
    };
  });
}

function rank(list: readonly string[], engine: string): number {
  const i = list.indexOf(engine);
  return i === -1 ? list.length : i;
}
