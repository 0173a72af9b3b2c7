import type { TrackedEntity } from './types';

type Named = {
  id: string;
  name: string;
  aliases: readonly string[];
  domains: readonly string[];
  commonWord?: boolean;
};

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
    ...(e.commonWord && { commonWord: true }),
  });
  return [entity(brand, 'brand'), ...competitors.map((c) => entity(c, 'competitor'))];
}

/**
 * An entity as the analyzer reads it: the order of aliases and domains does not matter, nor the
 * case of a domain; an alias's case does (short aliases compare with case).
 */
function readingOf(e: TrackedEntity): string {
  const set = (xs: readonly string[]) => [...new Set(xs)].sort();
  const domains = e.domains.map((d) => d.toLowerCase());
  return JSON.stringify([e.id, e.kind, e.name, set(e.aliases), set(domains), !!e.commonWord]);
}

/**
 * Whether stored answers would read differently with `after` than with `before`: an entity
 * added or removed, renamed, an alias or domain changed, the common-word flag switched. Such a
 * change re-analyses the brand's stored answers (docs/analysis.md, "Re-analysis"); a change of
 * description, engines or schedule does not.
 */
export function trackedNamesChanged(
  before: readonly TrackedEntity[],
  after: readonly TrackedEntity[],
): boolean {
  const key = (list: readonly TrackedEntity[]) => list.map(readingOf).sort().join('\n');
  return key(before) !== key(after);
}
