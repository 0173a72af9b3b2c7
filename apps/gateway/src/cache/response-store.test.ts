import { describe, expect, it } from 'vitest';
import { createResponseStore } from './response-store';

const result = (n: number) => ({ data: { n } });

function store(limits: { maxEntries?: number; maxBytes?: number; maxEntryBytes?: number } = {}) {
  return createResponseStore({
    ttlMs: 60_000,
    maxEntries: limits.maxEntries ?? 100,
    maxBytes: limits.maxBytes ?? 1_000,
    maxEntryBytes: limits.maxEntryBytes ?? 500,
  });
}

describe('response store', () => {
  it('keeps at most maxEntries, the least recently used leaving first', () => {
    const s = store({ maxEntries: 2 });
    s.set('a', 'w', 0, result(1), 10);
    s.set('b', 'w', 0, result(2), 10);
    expect(s.get('a', 'w')).toEqual(result(1)); // a is now the most recent
    s.set('c', 'w', 0, result(3), 10);
    expect(s.get('b', 'w')).toBeUndefined();
    expect(s.get('a', 'w')).toEqual(result(1));
    expect(s.get('c', 'w')).toEqual(result(3));
    expect(s.size).toBe(2);
  });

  it('keeps at most maxBytes of JSON and never an entry larger than maxEntryBytes', () => {
    const s = store({ maxBytes: 1_000, maxEntryBytes: 500 });
    expect(s.set('huge', 'w', 0, result(0), 501)).toBe(false);
    expect(s.get('huge', 'w')).toBeUndefined();
    s.set('a', 'w', 0, result(1), 400);
    s.set('b', 'w', 0, result(2), 400);
    expect(s.bytes).toBe(800);
    s.set('c', 'w', 0, result(3), 400);
    expect(s.get('a', 'w')).toBeUndefined();
    expect(s.bytes).toBe(800);
    s.set('b', 'w', 0, result(4), 100); // replacing an entry gives its bytes back
    expect(s.bytes).toBe(500);
    s.invalidateAll();
    expect(s.bytes).toBe(0);
    expect(s.size).toBe(0);
  });

  it('files entries by workspace: another workspace or an old generation finds nothing', () => {
    const s = store();
    const seen = s.generation('w1');
    s.set('k', 'w1', seen, result(1), 10);
    expect(s.get('k', 'w2')).toBeUndefined();
    s.set('k', 'w1', seen, result(1), 10);
    s.invalidate('w1');
    expect(s.get('k', 'w1')).toBeUndefined();
    // A read that began before the invalidation cannot store.
    expect(s.set('k', 'w1', seen, result(1), 10)).toBe(false);
    expect(s.set('k', 'w1', s.generation('w1'), result(2), 10)).toBe(true);
    expect(s.get('k', 'w1')).toEqual(result(2));
  });
});
