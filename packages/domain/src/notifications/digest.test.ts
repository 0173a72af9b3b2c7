import { describe, expect, it } from 'vitest';
import {
  buildDigest,
  type DigestInput,
  type DigestRun,
  digestEmail,
  digestSections,
} from './digest';

const numbers = (answers: number, score: number, low: number, value: number, high: number) => ({
  answers,
  score,
  mentionRate: { low, value, high },
});
const runOf = (id: string, m: ReturnType<typeof numbers>, trigger = 'SCHEDULED'): DigestRun => ({
  id,
  trigger,
  metrics: m,
});

const FROM = new Date('2026-11-23T08:00:00Z');
const TO = new Date('2026-11-30T08:00:00Z');
const before = runOf('r1', numbers(40, 20, 0.1, 0.2, 0.35));
const up = runOf('r2', numbers(40, 70, 0.55, 0.7, 0.82));
const noise = runOf('r3', numbers(40, 24, 0.13, 0.24, 0.39));

const brand = (
  over: Partial<DigestInput['brands'][number]> = {},
): DigestInput['brands'][number] => ({
  id: 'b1',
  name: 'Acme',
  latest: up,
  baseline: before,
  opportunities: [],
  published: [],
  ...over,
});

const input = (over: Partial<DigestInput> = {}): DigestInput => ({
  frequency: 'WEEKLY',
  from: FROM,
  to: TO,
  workspaceName: 'Team',
  brands: [brand()],
  usage: { runs: 3, answers: 240, costUsd: 0.8412 },
  failures: [],
  ...over,
});

describe('buildDigest', () => {
  it.each<[string, Partial<DigestInput['brands'][number]>, number]>([
    ['a real move up', {}, 1],
    ['a change within noise', { latest: noise }, 0],
    ['no baseline (first run)', { baseline: null }, 0],
    ['the same run on both sides', { baseline: up }, 0],
    [
      'a targeted re-measure is never compared',
      { latest: runOf('r4', up.metrics!, 'TARGETED') },
      0,
    ],
    ['no run in the period', { latest: null }, 0],
  ])('%s → %i move(s)', (_name, over, n) => {
    expect(buildDigest(input({ brands: [brand(over)] })).brands[0]!.moves).toHaveLength(n);
  });

  it('says what moved with both intervals and the score', () => {
    const d = buildDigest(input());
    expect(d.brands[0]!.moves[0]).toMatchObject({
      engine: null,
      direction: 'UP',
      mentionRate: { previous: { value: 0.2 }, current: { value: 0.7 } },
      score: { previous: 20, current: 70 },
    });
    expect(digestSections(d)[0]!.lines[0]).toBe(
      'Mention rate across engines moved up: 20 % (10 %–35 %) → 70 % (55 %–82 %) (95 % intervals); score 20 → 70',
    );
  });

  it('keeps the three open opportunities with most impact', () => {
    const opportunities = [20, 90, 60, 75].map((impact, i) => ({
      id: `o${i}`,
      title: `Gap ${i}`,
      impact,
    }));
    const d = buildDigest(input({ brands: [brand({ opportunities })] }));
    expect(d.brands[0]!.opportunities.map((o) => o.impact)).toEqual([90, 75, 60]);
  });

  it('judges a published page by the closed loop’s evidence rule', () => {
    const at = (iso: string, mentioned: boolean) => ({ runAt: new Date(iso), mentioned });
    const published = [
      {
        title: 'Best CRM tools',
        url: 'https://acme.test/best-crm/',
        publishedAt: new Date('2026-11-25T10:00:00Z'),
        ingestedAt: new Date('2026-11-25T11:00:00Z'),
        answers: [
          ...Array.from({ length: 4 }, () => at('2026-11-20T10:00:00Z', false)),
          ...Array.from({ length: 4 }, () => at('2026-11-26T10:00:00Z', true)),
        ],
      },
    ];
    const d = buildDigest(input({ brands: [brand({ latest: noise, published })] }));
    expect(d.quiet).toBe(false);
    expect(d.brands[0]!.published[0]).toMatchObject({ verdict: 'IMPROVED' });
    expect(d.brands[0]!.published[0]!.evidence).toContain('before publishing 0 of 4 answers');
  });

  it.each<[string, Partial<DigestInput>, boolean, string]>([
    [
      'nothing real this week',
      { brands: [brand({ latest: noise })] },
      true,
      'Nothing moved beyond noise this week: 3 runs, 240 answers, $0.84.',
    ],
    [
      'nothing real today, one run',
      {
        frequency: 'DAILY',
        brands: [brand({ latest: noise })],
        usage: { runs: 1, answers: 1, costUsd: 0 },
      },
      true,
      'Nothing moved beyond noise today: 1 run, 1 answer, $0.00.',
    ],
    [
      'a workspace without brands',
      { brands: [], usage: { runs: 0, answers: 0, costUsd: 0 } },
      true,
      'Nothing moved beyond noise this week: 0 runs, 0 answers, $0.00.',
    ],
    [
      'a move',
      {},
      false,
      'This week: 1 move beyond noise, 0 pages published, 0 failed jobs; 3 runs, 240 answers, $0.84.',
    ],
    [
      'only a failure',
      {
        brands: [brand({ latest: noise })],
        failures: [
          { kind: 'run', brandName: 'Acme', title: null, error: 'No engine answered.', at: FROM },
        ],
      },
      false,
      'This week: 0 moves beyond noise, 0 pages published, 1 failed job; 3 runs, 240 answers, $0.84.',
    ],
  ])('%s', (_name, over, quiet, summary) => {
    const d = buildDigest(input(over));
    expect(d.quiet).toBe(quiet);
    expect(d.summary).toBe(summary);
  });

  it('a quiet digest is one sentence, not an empty table', () => {
    const d = buildDigest(
      input({
        brands: [brand({ latest: noise, opportunities: [{ id: 'o', title: 'Gap', impact: 80 }] })],
      }),
    );
    expect(digestSections(d)).toEqual([]);
    const mail = digestEmail(d, { link: null, unsubscribeUrl: 'https://lumen.test/u?t=1' });
    expect(mail.subject).toBe('Team: nothing moved beyond noise');
    expect(mail.text).toContain(
      'Nothing moved beyond noise this week: 3 runs, 240 answers, $0.84.',
    );
    expect(mail.text).not.toContain('Gap');
    expect(mail.html).not.toContain('<ul');
  });

  it('renders every section in text and escaped HTML', () => {
    const d = buildDigest(
      input({
        brands: [
          brand({ name: 'A <&> B', opportunities: [{ id: 'o', title: 'Gap "x"', impact: 80 }] }),
        ],
        failures: [
          {
            kind: 'publish',
            brandName: 'A <&> B',
            title: 'Post',
            error: 'WordPress answered 500',
            at: FROM,
          },
        ],
      }),
    );
    const mail = digestEmail(d, {
      link: 'https://lumen.test/',
      unsubscribeUrl: 'https://lumen.test/u?t=1&x=2',
    });
    expect(mail.subject).toBe('Team: your weekly digest');
    expect(mail.text).toContain('A <&> B\n- Mention rate across engines moved up');
    expect(mail.text).toContain('- Opportunity 1: Gap "x" (impact 80)');
    expect(mail.text).toContain('Cost\n- 3 runs, 240 answers, $0.84 in this period.');
    expect(mail.text).toContain(
      'Failed jobs\n- Publishing failed (A <&> B · “Post”): WordPress answered 500',
    );
    expect(mail.text).toContain('Stop the digest by email: https://lumen.test/u?t=1&x=2');
    expect(mail.html).toContain('A &lt;&amp;&gt; B');
    expect(mail.html).toContain('Gap &quot;x&quot;');
    expect(mail.html).toContain('href="https://lumen.test/u?t=1&amp;x=2"');
  });
});
