import type { Span } from '../entities/types';

export type Coverage = { overlaps(from: number, to: number): boolean };

/** Overlap queries against spans in O(log n): spans sorted by start, with running maximum ends. */
export function coverage(spans: readonly Span[]): Coverage {
  // A few spans (the usual answer): a plain scan beats sorting.
  if (spans.length <= 32) {
    return {
      overlaps(from: number, to: number): boolean {
        for (const span of spans) if (span[0] < to && span[1] > from) return true;
        return false;
      },
    };
  }
  const sorted = spans.length < 2 ? spans : [...spans].sort((a, b) => a[0] - b[0]);
  const maxEnd = new Int32Array(sorted.length);
  let m = -1;
  sorted.forEach((span, i) => {
    m = Math.max(m, span[1]);
    maxEnd[i] = m;
  });
  return {
    overlaps(from: number, to: number): boolean {
      // The last span starting before `to`; does any span up to it reach past `from`?
      let lo = 0;
      let hi = sorted.length - 1;
      let last = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]![0] < to) {
          last = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return last !== -1 && maxEnd[last]! > from;
    },
  };
}
