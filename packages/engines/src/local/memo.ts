/**
 * A bounded memo for pure per-document work (sentence splitting, brand candidates): the same
 * documents come back for every persona and for related prompts.
 */
export function memoize<V>(compute: (key: string) => V, capacity = 2000): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const value = compute(key);
    cache.set(key, value);
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
    return value;
  };
}
