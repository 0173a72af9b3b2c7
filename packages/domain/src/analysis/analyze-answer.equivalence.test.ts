import { describe, expect, it } from 'vitest';
import {
  BENCH_ANSWER,
  BENCH_CITATIONS,
  BENCH_ENTITIES,
  SHORT_BENCH_ANSWER,
  SHORT_BENCH_ENTITIES,
} from '../../bench/fixtures';
import type { AnalyzedCitation, Citation, TrackedEntity } from '../entities/types';
import { createAnalyzer } from './analyze-answer';
import { citationKey } from './citations';
import { HOST_FIXTURES } from './fixtures/hosts.fixtures';
import { OVERLAP_FIXTURES } from './fixtures/overlap.fixtures';
import { attachMarkers, numberedSources } from './source-markers';

// The analyzer skips work that cannot change its result (docs/analysis.md, "Speed"): the sources
// list and citation keys when the answer has no "[n]" marker. Over a broad sample (the
// benchmark's answers and the fixtures, as written and with markers and sources lists added),
// its citations must be what the straightforward steps give, run on every answer.
type Sample = { entities: TrackedEntity[]; text: string; citations: Citation[] };

function samples(): Sample[] {
  const out: Sample[] = [];
  const add = (entities: TrackedEntity[], text: string, citations: Citation[]) => {
    out.push({ entities, text, citations });
    let n = 0;
    const marked = text.replace(/\. /g, () => `. [${(n++ % 4) + 1}] `);
    out.push({ entities, text: marked, citations });
    out.push({
      entities,
      text: `${marked}\n\n[1] https://www.acme.com/pricing?utm_source=x\n2. https://m.g2.com/crm/amp\n[3]: https://hubspot.com/`,
      citations,
    });
  };
  for (let i = 0; i < 8; i++) {
    add(BENCH_ENTITIES, `${BENCH_ANSWER}\n\n_Updated answer ${i}._`, BENCH_CITATIONS);
    add(SHORT_BENCH_ENTITIES, `${SHORT_BENCH_ANSWER}\n\nUpdate ${i}.`, []);
  }
  for (const f of [...HOST_FIXTURES, ...OVERLAP_FIXTURES])
    add(f.entities, f.text, f.citations ?? []);
  return out;
}

/** The citations with markers attached by the straightforward steps, on every answer. */
function straightforward(text: string, listed: Citation[], citations: AnalyzedCitation[]) {
  const copy = citations.map(({ markers: _, ...c }): AnalyzedCitation => ({ ...c }));
  attachMarkers(text, numberedSources(text, listed), copy, citationKey);
  return copy;
}

describe('the analyzer against the straightforward steps', () => {
  it('attaches the same markers and ranks by first offset', () => {
    let withMarkers = 0;
    for (const s of samples()) {
      const result = createAnalyzer(s.entities)({ text: s.text, citations: s.citations });
      expect(result.citations).toEqual(straightforward(s.text, s.citations, result.citations));
      if (result.citations.some((c) => c.markers)) withMarkers++;
      for (const m of result.mentions) {
        const earlier = result.mentions.filter((o) => o.firstOffset < m.firstOffset).length;
        expect(m.rank).toBe(earlier + 1);
      }
    }
    // The sample exercises both paths.
    expect(withMarkers).toBeGreaterThan(10);
  });
});
