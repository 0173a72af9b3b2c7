import type { Tx } from '@lumen/db/client';
import {
  type Brand,
  countBrands,
  findBrandByQuickScore,
  findWorkspacePlan,
  insertBrand,
  lockWorkspaceQuota,
} from '@lumen/db/repositories/brand.repository';
import {
  type CitationValues,
  type CopiedAnswer,
  findQuickScoreRunId,
  type MentionValues,
  recordQuickScoreRun,
  storeRunAnalysis,
} from '@lumen/db/repositories/brand-run.repository';
import { type Competitor, insertCompetitors } from '@lumen/db/repositories/competitor.repository';
import {
  countActivePrompts,
  insertKeywords,
  insertPrompts,
  type Prompt,
} from '@lumen/db/repositories/keyword.repository';
import { writeDailyRollups } from '@lumen/db/repositories/metric-snapshot.repository';
import { findQuickScore } from '@lumen/db/repositories/quick-score.repository';
import { quoted } from '@lumen/domain/activity/activity-entry';
import { analysisRows } from '@lumen/domain/analysis/analysis-rows';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { PLAN_LIMITS } from '@lumen/domain/brands/plan-limits';
import { trackedEntities } from '@lumen/domain/entities/tracked-entities';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { computeMetrics } from '@lumen/domain/metrics/compute-metrics';
import { effectivePlace, storedPlace } from '@lumen/domain/places/place';
import { classifyPrompt } from '@lumen/domain/prompts/prompt-kind';
import { QUICK_SCORE_PROMPT_LANGUAGE } from '@lumen/domain/quick-score/quick-score-input';
import type { QuickScoreResult } from '@lumen/domain/quick-score/quick-score-result';
import { enqueueGapAnalysis } from '@lumen/jobs/gap-analysis';
import type { Acting, GatewayDeps } from '../context';
import { LumenError } from '../errors';
import { findUnscopedOrNull } from '../workspace-scope';
import { logActivity } from './activity.service';
import { assertQuota } from './brand-rules';
import { afterCommit } from './brand-schedule.service';

type Deps = Pick<GatewayDeps, 'db' | 'env' | 'analytics' | 'queues' | 'logger'>;

/**
 * Turns a guest's finished quick check into a tracked brand: its name, domain, market and
 * competitors, its prompts as one keyword's, and its stored answers as the brand's first run
 * (analysed against the brand's own entities), so the brand has numbers at once. Claiming the
 * same check again in the workspace returns the same brand (docs/brands.md, "Claiming").
 * A first claim is a `brand_claimed` event for `userId` (docs/observability.md).
 */
export async function claimQuickScore(
  deps: Deps,
  workspaceId: string,
  requestId: string,
  userId: string,
  acting: Acting,
): Promise<Brand> {
  const unknown = () =>
    new LumenError('NOT_FOUND', 'This quick check does not exist. Run a new one.', {
      reason: 'UNKNOWN',
    });
  const check = await findUnscopedOrNull(deps.db, requestId, findQuickScore);
  if (!check) throw unknown();
  const claimed = await deps.db.transaction(async (tx) => {
    await lockWorkspaceQuota(tx, workspaceId);
    const existing = await findBrandByQuickScore(tx, workspaceId, requestId);
    if (existing) return { brand: existing, first: false };
    if (check.expiresAt.getTime() <= Date.now()) {
      throw new LumenError(
        'NOT_FOUND',
        'This quick check has expired (checks are kept for 30 days). Run a new one to track the brand.',
        { reason: 'EXPIRED' },
      );
    }
    const result = check.result as QuickScoreResult | null;
    if (check.status !== 'COMPLETED' || !result) {
      throw new LumenError(
        'CONFLICT',
        check.status === 'FAILED'
          ? 'This quick check failed, so there is nothing to track. Run a new one.'
          : 'This quick check is still running. Track it when it has finished.',
      );
    }
    const plan = await findWorkspacePlan(tx, workspaceId);
    const limits = PLAN_LIMITS[plan];
    assertQuota(
      plan,
      {
        brands: (await countBrands(tx, workspaceId)) + 1,
        prompts: (await countActivePrompts(tx, workspaceId)) + result.prompts.length,
      },
      deps.env,
    );
    const brand = await insertBrand(
      tx,
      workspaceId,
      {
        name: check.brandName,
        domains: [check.domain],
        aliases: [],
        description: null,
        industry: check.industry,
        country: check.country,
        language: 'en',
        // The engines that answered the check, as many as the plan allows.
        engines: result.engines.map((e) => e.engine).slice(0, limits.engines),
        schedule: {
          cadence: limits.cadences.includes('WEEKLY') ? 'WEEKLY' : 'MANUAL',
          hour: 6,
          weekday: 1,
          timezone: 'UTC',
        },
      },
      requestId,
    );
    const websites = new Map(
      check.competitors.map((c) => [c.name.toLowerCase(), c.website ?? null]),
    );
    const competitors = await insertCompetitors(
      tx,
      workspaceId,
      brand.id,
      result.competitors
        .filter((c) => !c.isBrand)
        .map((c) => {
          const website = websites.get(c.name.toLowerCase());
          return {
            name: c.name,
            aliases: [],
            domains: website ? [website] : [],
            source: c.discovered ? ('DISCOVERED' as const) : ('MANUAL' as const),
          };
        }),
    );
    const [keyword] = await insertKeywords(tx, workspaceId, brand.id, [check.industry]);
    const prompts = await insertPrompts(
      tx,
      workspaceId,
      brand.id,
      keyword?.id ?? null,
      result.prompts.map((text) => ({
        text,
        kind: classifyPrompt(text),
        branded: false,
        source: 'GENERATED' as const,
      })),
    );
    const runId = await findQuickScoreRunId(tx, requestId);
    const firstRunId = runId
      ? await recordFirstRun(tx, workspaceId, brand, competitors, prompts, {
          runId,
          startedAt: check.startedAt,
          finishedAt: check.completedAt,
        })
      : null;
    await logActivity(tx, acting, {
      workspaceId,
      kind: 'brand.claimed',
      message: `Tracked brand ${quoted(brand.name)} from a quick check`,
      subjectType: 'brand',
      subjectId: brand.id,
      brandId: brand.id,
      data: { competitors: competitors.length, prompts: prompts.length, firstRun: firstRunId },
    });
    return {
      brand,
      first: true,
      firstRunId,
      prompts: prompts.length,
      competitors: competitors.length,
    };
  });
  if (claimed.firstRunId) await analyzeFirstRunGaps(deps, claimed.firstRunId);
  if (claimed.first) {
    deps.analytics.capture(userId, 'brand_claimed', {
      workspace_id: workspaceId,
      prompts: claimed.prompts ?? 0,
      competitors: claimed.competitors ?? 0,
    });
  }
  return claimed.brand;
}

async function recordFirstRun(
  tx: Tx,
  workspaceId: string,
  brand: Brand,
  competitors: Competitor[],
  prompts: Prompt[],
  source: { runId: string; startedAt: Date | null; finishedAt: Date | null },
): Promise<string> {
  const { runId, answers } = await recordQuickScoreRun(tx, workspaceId, {
    brandId: brand.id,
    quickScoreRunId: source.runId,
    startedAt: source.startedAt,
    finishedAt: source.finishedAt,
    place: storedPlace(effectivePlace({ country: null, language: null }, brand)),
  });
  const entities = trackedEntities(brand, competitors);
  const branded = new Map(prompts.map((p) => [p.id, p.branded]));
  const analysed = analyseAnswers(entities, answers);
  const metrics = computeMetrics(
    analysed.items.map(({ answer, analysis }) => ({
      analysis,
      engine: answer.engine,
      promptId: answer.promptId ?? answer.promptText,
      branded: answer.promptId ? (branded.get(answer.promptId) ?? false) : false,
    })),
    { brandId: brand.id },
  );
  await storeRunAnalysis(tx, workspaceId, runId, {
    mentions: analysed.mentions,
    citations: analysed.citations,
    total: answers.length,
    done: analysed.items.length,
    score: metrics.score,
    metrics: metrics as unknown as Record<string, unknown>,
  });
  // The first day of the brand's charts (docs/metrics.md, "Daily rollups").
  await writeDailyRollups(tx, runId);
  return runId;
}

/**
 * The first run's gaps become the brand's first opportunities, through the same `gap-analysis`
 * job as every run (docs/jobs.md, "After a run"). The brand is saved already, so Redis being
 * away is logged, not thrown: the opportunities then come with the brand's next run.
 */
async function analyzeFirstRunGaps(deps: Deps, runId: string): Promise<void> {
  await afterCommit(deps, 'gap analysis of a claimed check not queued', { runId }, () =>
    enqueueGapAnalysis(deps.queues, runId),
  );
}

function analyseAnswers(entities: TrackedEntity[], answers: CopiedAnswer[]) {
  // The same reading as the check itself: its questions were asked in English.
  const analyze = createAnalyzer(entities, { languageHint: QUICK_SCORE_PROMPT_LANGUAGE });
  const items: { answer: CopiedAnswer; analysis: ReturnType<typeof analyze> }[] = [];
  const mentions: MentionValues[] = [];
  const citations: CitationValues[] = [];
  for (const answer of answers) {
    if (answer.text === null || answer.error !== null) continue;
    const analysis = analyze({ text: answer.text, citations: answer.citations });
    items.push({ answer, analysis });
    const rows = analysisRows(answer.id, analysis, entities, answer.citations);
    mentions.push(...rows.mentions);
    citations.push(...rows.citations);
  }
  return { items, mentions, citations };
}
