import type { ExecutionResult } from 'graphql';

/**
 * The response cache's memory (docs/architecture.md, "Response cache"): results of authenticated
 * queries, each filed under its workspace. Every workspace has a generation; invalidating a
 * workspace bumps it, which makes all of its entries unreachable at once. A request notes the
 * generation before it executes and stores its result only if the generation is unchanged when
 * it finishes, so a read that raced a mutation or a worker event never plants the old numbers.
 */
export type ResponseStore = {
  /** The workspace's current generation; pass it back to `set` after executing. */
  generation(workspaceId: string): number;
  get(key: string, workspaceId: string): ExecutionResult | undefined;
  /**
   * Stores unless the workspace was invalidated since `generation` was read, or the result is
   * larger than one entry may be (`size`: its JSON length).
   */
  set(
    key: string,
    workspaceId: string,
    generation: number,
    result: ExecutionResult,
    size: number,
  ): boolean;
  /** Every entry of the workspace becomes unreachable, in this process, at once. */
  invalidate(workspaceId: string): void;
  /** Every entry of every workspace becomes unreachable. */
  invalidateAll(): void;
  readonly size: number;
  /** The JSON length of every entry held. */
  readonly bytes: number;
};

type Entry = {
  workspaceId: string;
  generation: number;
  expiresAt: number;
  result: ExecutionResult;
  size: number;
};

export type ResponseStoreOptions = {
  /** Safety net: an entry is never served older than this, whatever the events say. */
  ttlMs: number;
  /** The least recently used entries go first beyond this many… */
  maxEntries: number;
  /** …or beyond this much JSON in all. */
  maxBytes: number;
  /** A larger answer (a long page of answers' texts) is not kept at all. */
  maxEntryBytes: number;
  now?: () => number;
};

/** Workspaces remembered with a generation before the whole store starts over (stays bounded). */
const MAX_GENERATIONS = 100_000;

export function createResponseStore(options: ResponseStoreOptions): ResponseStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  // Generations only grow, across workspaces too, so a cleared map cannot bring an old one back.
  let counter = 0;
  // What a workspace without its own generation has; raised when the map starts over, so a
  // request that began before then cannot store.
  let floor = 0;

  const generation = (workspaceId: string) => generations.get(workspaceId) ?? floor;
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  return {
    generation,
    get(key, workspaceId) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (
        entry.workspaceId !== workspaceId ||
        entry.generation !== generation(workspaceId) ||
        now() >= entry.expiresAt
      ) {
        remove(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order, so the first key is the oldest.
      entries.delete(key);
      entries.set(key, entry);
      return entry.result;
    },
    set(key, workspaceId, seen, result, size) {
      if (seen !== generation(workspaceId) || size > options.maxEntryBytes) return false;
      remove(key);
      while (entries.size >= options.maxEntries || bytes + size > options.maxBytes) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
      entries.set(key, {
        workspaceId,
        generation: seen,
        expiresAt: now() + options.ttlMs,
        result,
        size,
      });
      bytes += size;
      return true;
    },
    invalidate(workspaceId) {
      if (generations.size >= MAX_GENERATIONS) {
        // Forgetting generations would revive old entries; forget the entries with them.
        generations.clear();
        clear();
        floor = ++counter;
      }
      generations.set(workspaceId, ++counter);
    },
    invalidateAll() {
      generations.clear();
      clear();
      floor = ++counter;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
