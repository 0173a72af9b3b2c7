import { describe, expect, it } from 'vitest';
import { brandSummary, type SummaryInput } from './summary';

const base: SummaryInput = {
  brand: {
    id: 'b1',
    name: 'Acme CRM',
    domains: ['acme.com'],
    engines: ['local-gpt'],
    latestRun: { status: 'COMPLETED', score: 42, finishedAt: '2026-11-28T10:00:00.000Z' },
    metrics: {
      answers: 40,
      score: 42,
      shareOfVoice: 0.25,
      citationRate: 0.1,
      averageRank: 2.5,
      sentiment: 61.2,
      mentionRate: { value: 0.5, low: 0.35, high: 0.65 },
      change: { score: 3, verdict: 'WITHIN_NOISE' },
    },
  },
  opportunities: {
    totalCount: 2,
    edges: [{ node: { title: 'Be named in “best CRM”', impact: 80 } }],
  },
};

describe('brandSummary', () => {
  it('writes the numbers with their interval and verdict', () => {
    const text = brandSummary(base);
    expect(text).toContain('Acme CRM (acme.com), id b1');
    expect(text).toContain('visibility score 42/100 (+3, within noise)');
    expect(text).toContain('mention rate 50 % (95 % interval 35 %–65 %)');
    expect(text).toContain('share of voice 25 %, citation rate 10 %');
    expect(text).toContain('average rank 2.5, sentiment 61/100');
    expect(text).toContain('Open opportunities: 2\n- Be named in “best CRM” (impact 80)');
  });

  it('says when nothing is measured yet', () => {
    const text = brandSummary({
      ...base,
      brand: {
        ...base.brand!,
        latestRun: null,
        metrics: { ...base.brand!.metrics, answers: 0, change: null },
      },
    });
    expect(text).toContain('Latest run: none yet');
    expect(text).toContain('no answers measured yet');
  });

  it('is short for a missing brand', () => {
    expect(brandSummary({ ...base, brand: null })).toBe('Brand not found.');
  });
});
