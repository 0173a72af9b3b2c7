import type { Database } from '@lumen/db/client';
import { type Brand, insertBrand } from '@lumen/db/repositories/brand.repository';
import {
  type CitationValues,
  type MentionValues,
  storeRunAnalysis,
} from '@lumen/db/repositories/brand-run.repository';
import { type Competitor, insertCompetitors } from '@lumen/db/repositories/competitor.repository';
import {
  insertKeywords,
  insertPrompts,
  type Prompt,
} from '@lumen/db/repositories/keyword.repository';
import { answers, runs } from '@lumen/db/schema/runs';
import { workspaces } from '@lumen/db/schema/tenancy';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import type { Cadence } from '@lumen/domain/brands/brand-input';
import type { Citation, TrackedEntity } from '@lumen/domain/entities/types';
import { and, inArray } from 'drizzle-orm';

// Seeds what a brand run leaves behind (answers with their stored analysis), so the steps after
// a run are tested on their own. Analysis uses the same analyzer the runs use.

const seededWorkspaces = new Set<string>();

export async function seedWorkspace(
  db: Database,
  plan: 'free' | 'pro' | 'business' = 'pro',
): Promise<string> {
  const [row] = await db
    .insert(workspaces)
    .values({ name: `runb test ${Math.random().toString(36).slice(2)}`, plan })
    .returning({ id: workspaces.id });
  seededWorkspaces.add(row!.id);
  return row!.id;
}

/**
 * Ends the open runs this file seeded (afterAll): left QUEUED or RUNNING, a later file's
 * reconciler would pick them up and run them in the middle of its own test.
 */
export async function closeSeededRuns(db: Database): Promise<void> {
  if (seededWorkspaces.size === 0) return;
  await db
    .update(runs)
    .set({ status: 'FAILED', error: 'test finished', finishedAt: new Date() })
    .where(
      and(
        inArray(runs.workspaceId, [...seededWorkspaces]),
        inArray(runs.status, ['QUEUED', 'RUNNING']),
      ),
    );
}

export type SeededBrand = {
  brand: Brand;
  competitors: Competitor[];
  prompts: Prompt[];
  entities: TrackedEntity[];
};

export async function seedBrand(
  db: Database,
  workspaceId: string,
  input: {
    name: string;
    domains?: string[];
    engines: string[];
    competitors: { name: string; domains?: string[] }[];
    keywords: { text: string; prompts: { text: string; branded?: boolean }[] }[];
    schedule?: { cadence: Cadence; hour: number; weekday: number | null; timezone: string };
  },
): Promise<SeededBrand> {
  const brand = await insertBrand(db, workspaceId, {
    name: input.name,
    domains: input.domains ?? [],
    aliases: [],
    description: null,
    industry: null,
    country: null,
    language: 'en',
    engines: input.engines,
    schedule: input.schedule ?? { cadence: 'DAILY', hour: 6, weekday: null, timezone: 'UTC' },
  });
  const competitors = await insertCompetitors(
    db,
    workspaceId,
    brand.id,
    input.competitors.map((c) => ({ name: c.name, domains: c.domains ?? [], aliases: [] })),
  );
  const prompts: Prompt[] = [];
  const keywords = await insertKeywords(
    db,
    workspaceId,
    brand.id,
    input.keywords.map((k) => k.text),
  );
  for (const k of input.keywords) {
    const keyword = keywords.find((x) => x.text === k.text)!;
    prompts.push(
      ...(await insertPrompts(
        db,
        workspaceId,
        brand.id,
        keyword.id,
        k.prompts.map((p) => ({
          text: p.text,
          kind: 'best',
          branded: p.branded ?? false,
          source: 'MANUAL',
        })),
      )),
    );
  }
  const entities: TrackedEntity[] = [
    { id: brand.id, kind: 'brand', name: brand.name, aliases: [], domains: brand.domains },
    ...competitors.map((c) => ({
      id: c.id,
      kind: 'competitor' as const,
      name: c.name,
      aliases: c.aliases,
      domains: c.domains,
    })),
  ];
  return { brand, competitors, prompts, entities };
}

export type SeedAnswer = {
  prompt: Prompt;
  engine: string;
  text: string | null;
  citations?: Citation[];
  error?: string;
};

/** A run of the brand with its answers, mentions and citations stored. */
export async function seedRun(
  db: Database,
  seeded: SeededBrand,
  input: {
    status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
    startedAt?: Date;
    answers: SeedAnswer[];
  },
): Promise<string> {
  const { brand, entities } = seeded;
  const [run] = await db
    .insert(runs)
    .values({
      workspaceId: brand.workspaceId,
      brandId: brand.id,
      trigger: 'manual',
      status: input.status,
      total: input.answers.length,
      startedAt: input.startedAt ?? new Date(),
      createdAt: input.startedAt ?? new Date(),
    })
    .returning({ id: runs.id });
  const runId = run!.id;
  const analyze = createAnalyzer(entities);
  const mentions: MentionValues[] = [];
  const citations: CitationValues[] = [];
  for (const a of input.answers) {
    const [row] = await db
      .insert(answers)
      .values({
        workspaceId: brand.workspaceId,
        runId,
        promptId: a.prompt.id,
        promptText: a.prompt.text,
        engine: a.engine,
        text: a.text,
        citations: a.citations ?? [],
        error: a.error ?? null,
        createdAt: input.startedAt ?? new Date(),
      })
      .returning({ id: answers.id });
    if (a.text === null) continue;
    const analysis = analyze({ text: a.text, citations: a.citations ?? [] });
    for (const m of analysis.mentions) {
      const entity = entities.find((e) => e.id === m.entityId)!;
      mentions.push({
        answerId: row!.id,
        entity: entity.kind,
        entityId: m.entityId,
        name: entity.name,
        rank: m.rank,
        firstOffset: m.firstOffset,
        count: m.count,
        sentiment: m.sentiment,
        snippet: m.snippet,
        spans: m.spans,
      });
    }
    for (const c of analysis.citations) {
      citations.push({
        answerId: row!.id,
        url: c.url,
        domain: c.domain,
        title: null,
        position: c.position,
        owner: c.owner,
        entityId: c.entityId ?? null,
      });
    }
  }
  await storeRunAnalysis(db, brand.workspaceId, runId, {
    mentions,
    citations,
    total: input.answers.length,
    done: input.answers.length,
    score: 0,
    metrics: {},
  });
  return runId;
}
