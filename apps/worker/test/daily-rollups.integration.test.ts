import { closeDb, createDb, type Database } from '@lumen/db/client';
import {
  listMetricSnapshots,
  writeDailyRollups,
} from '@lumen/db/repositories/metric-snapshot.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { computeMetrics } from '@lumen/domain/metrics/compute-metrics';
import { ALL_ENGINES } from '@lumen/domain/metrics/rollups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSeededRuns,
  type SeedAnswer,
  type SeededBrand,
  seedBrand,
  seedRun,
  seedWorkspace,
} from './after-run-fixtures';

let db: Database;
let workspaceId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, { max: 4 });
  workspaceId = await seedWorkspace(db);
});
afterAll(async () => {
  await closeSeededRuns(db);
  await closeDb(db);
});

const list = (names: string[]) =>
  ['Here are the picks:', ...names.map((n, i) => `${i + 1}. **${n}** is a solid choice.`)].join(
    '\n',
  );

async function brandWithPrompts(timezone = 'UTC'): Promise<SeededBrand> {
  return seedBrand(db, workspaceId, {
    name: 'Quillbarrow',
    domains: ['quillbarrow.example'],
    engines: ['local-gpt', 'local-claude'],
    competitors: [{ name: 'Hivewise' }, { name: 'Combly' }],
    keywords: [
      {
        text: 'hive trackers',
        prompts: [{ text: 'best hive tracker' }, { text: 'is Quillbarrow good', branded: true }],
      },
      { text: 'apiary apps', prompts: [{ text: 'best apiary app' }] },
    ],
    schedule: { cadence: 'DAILY', hour: 6, weekday: null, timezone },
  });
}

function firstRunAnswers(s: SeededBrand): SeedAnswer[] {
  const [tracker, branded, apiary] = s.prompts as [
    SeededBrand['prompts'][0],
    SeededBrand['prompts'][0],
    SeededBrand['prompts'][0],
  ];
  return [
    { prompt: tracker, engine: 'local-gpt', text: list(['Hivewise', 'Quillbarrow', 'Combly']) },
    {
      prompt: tracker,
      engine: 'local-claude',
      text: list(['Combly', 'Hivewise']),
      citations: [{ url: 'https://quillbarrow.example/guide' }, { url: 'https://bees.example/x' }],
    },
    { prompt: apiary, engine: 'local-gpt', text: list(['Quillbarrow']) },
    // An engine that failed measures nothing.
    { prompt: apiary, engine: 'local-claude', text: null, error: 'timed out' },
    { prompt: branded, engine: 'local-gpt', text: 'Quillbarrow is good for small apiaries.' },
    { prompt: branded, engine: 'local-claude', text: 'Yes: Quillbarrow and Hivewise both are.' },
  ];
}

describe('daily rollups', () => {
  it('agree with the answers: the same metric functions, branded apart, per engine and keyword', async () => {
    const s = await brandWithPrompts();
    const answers = firstRunAnswers(s);
    const runId = await seedRun(db, s, {
      status: 'RUNNING',
      startedAt: new Date('2026-03-10T09:00:00Z'),
      answers,
    });
    const scope = await db.transaction((tx) => writeDailyRollups(tx, runId));
    expect(scope).toEqual({ workspaceId, brandId: s.brand.id, day: '2026-03-10' });

    const rows = await listMetricSnapshots(db, workspaceId, s.brand.id, {
      from: '2026-03-10',
      to: '2026-03-10',
    });
    const headline = rows.find((r) => r.engine === ALL_ENGINES && !r.keywordId && !r.branded)!;
    // Non-branded answers with text: tracker × 2 engines, apiary × local-gpt.
    expect(headline.answers).toBe(3);
    expect(headline.mentioned).toBe(2);
    expect(headline.mentionRate).toBeCloseTo(2 / 3, 10);

    // The same numbers as computeMetrics over the same answers, analysed from their text.
    const analyze = createAnalyzer(s.entities);
    const measured = answers.filter((a) => a.text !== null);
    const expected = computeMetrics(
      measured.map((a) => ({
        analysis: analyze({ text: a.text!, citations: a.citations ?? [] }),
        engine: a.engine,
        promptId: a.prompt.id,
        branded: a.prompt.branded,
      })),
      { brandId: s.brand.id },
    );
    expect(headline.score).toBe(expected.score);
    expect(headline.shareOfVoice).toBeCloseTo(expected.shareOfVoice, 10);
    expect(headline.positionWeighted).toBeCloseTo(expected.positionWeighted, 10);
    expect(headline.citationRate).toBeCloseTo(expected.citationRate, 10);
    expect(headline.avgRank).toBeCloseTo(expected.averageRank!, 10);
    expect(headline.detail).toMatchObject({
      mentionRateLow: expected.mentionRate.low,
      mentionRateHigh: expected.mentionRate.high,
    });
    for (const engine of ['local-gpt', 'local-claude']) {
      const row = rows.find((r) => r.engine === engine && !r.keywordId && !r.branded)!;
      expect(row.score, engine).toBe(expected.byEngine[engine]!.score);
      expect(row.answers, engine).toBe(expected.byEngine[engine]!.answers);
    }

    // Per keyword: the apiary keyword has one answer, which mentions the brand first.
    const apiaryKeyword = s.prompts[2]!.keywordId;
    const apiary = rows.find((r) => r.engine === ALL_ENGINES && r.keywordId === apiaryKeyword)!;
    expect(apiary).toMatchObject({ answers: 1, mentioned: 1, mentionRate: 1, avgRank: 1 });

    // Branded prompts have their own rows and never move the headline.
    const branded = rows.find((r) => r.engine === ALL_ENGINES && !r.keywordId && r.branded)!;
    expect(branded).toMatchObject({ answers: 2, mentioned: 2, mentionRate: 1 });
    // Every engine and keyword row adds up to the all-engines row.
    const perEngine = rows.filter((r) => r.engine !== ALL_ENGINES && !r.keywordId && !r.branded);
    expect(perEngine.reduce((n, r) => n + r.answers, 0)).toBe(headline.answers);
    expect(perEngine.reduce((n, r) => n + r.mentioned, 0)).toBe(headline.mentioned);
  });

  it('covers every completed run of the day, and writing twice changes nothing', async () => {
    const s = await brandWithPrompts();
    const tracker = s.prompts[0]!;
    await seedRun(db, s, {
      status: 'COMPLETED',
      startedAt: new Date('2026-03-11T06:00:00Z'),
      answers: [{ prompt: tracker, engine: 'local-gpt', text: list(['Quillbarrow']) }],
    });
    // A failed run of the same day counts for nothing.
    await seedRun(db, s, {
      status: 'FAILED',
      startedAt: new Date('2026-03-11T07:00:00Z'),
      answers: [{ prompt: tracker, engine: 'local-gpt', text: list(['Hivewise']) }],
    });
    const second = await seedRun(db, s, {
      status: 'RUNNING',
      startedAt: new Date('2026-03-11T18:00:00Z'),
      answers: [{ prompt: tracker, engine: 'local-gpt', text: list(['Combly']) }],
    });
    await db.transaction((tx) => writeDailyRollups(tx, second));
    await db.transaction((tx) => writeDailyRollups(tx, second));
    const rows = await listMetricSnapshots(db, workspaceId, s.brand.id, {
      from: '2026-03-11',
      to: '2026-03-11',
    });
    const headline = rows.filter((r) => r.engine === ALL_ENGINES && !r.keywordId && !r.branded);
    expect(headline).toHaveLength(1);
    expect(headline[0]).toMatchObject({ answers: 2, mentioned: 1, mentionRate: 0.5 });
  });

  it("puts a run on the day it started in the brand's timezone", async () => {
    const s = await brandWithPrompts('Asia/Tokyo');
    const runId = await seedRun(db, s, {
      status: 'RUNNING',
      // 23:30 UTC on the 1st is 08:30 on the 2nd in Tokyo.
      startedAt: new Date('2026-03-01T23:30:00Z'),
      answers: [{ prompt: s.prompts[0]!, engine: 'local-gpt', text: list(['Quillbarrow']) }],
    });
    const scope = await db.transaction((tx) => writeDailyRollups(tx, runId));
    expect(scope?.day).toBe('2026-03-02');
    const rows = await listMetricSnapshots(db, workspaceId, s.brand.id, {
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set(['2026-03-02']));
  });
});
