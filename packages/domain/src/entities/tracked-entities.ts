import type { TrackedEntity } from './types';

type Named = { id: string; name: string; aliases: readonly string[]; domains: readonly string[] };

/**
 * A brand and its competitors as the analyzer and the gap finder take them: the one mapping the
 * brand runs, their gap analysis and a claimed quick check share, so an alias counts the same
 * everywhere (docs/analysis.md).
 */
export function trackedEntities(brand: Named, competitors: readonly Named[]): TrackedEntity[] {
  const entity = (e: Named, kind: TrackedEntity['kind']): TrackedEntity => ({
    id: e.id,
    kind,
    name: e.name,
    aliases: [...e.aliases],
    domains: [...e.domains],
  });
  return [entity(brand, 'brand'), ...competitors.map((c) => entity(c, 'competitor'))];
}
