import type { Env } from '@lumen/config/env';
import type { Tx } from '@lumen/db/client';
import type { Brand } from '@lumen/db/repositories/brand.repository';
import { listConnections } from '@lumen/db/repositories/engine-connection.repository';
import type { PromptValues } from '@lumen/db/repositories/keyword.repository';
import { createAnalyzer } from '@lumen/domain/analysis/analyze-answer';
import { BRAND_LIMITS } from '@lumen/domain/brands/brand-input';
import { checkQuota, type Plan, type QuotaUsage } from '@lumen/domain/brands/plan-limits';
import { generatePrompts } from '@lumen/domain/prompts/generate-prompts';
import { classifyPrompt } from '@lumen/domain/prompts/prompt-kind';
import {
  type ListedEngine,
  workspaceEngineList,
} from '@lumen/engines/connections/workspace-engines';
import type { z } from 'zod';
import type { GatewayDeps } from '../context';
import { badInput, LumenError } from '../errors';

/** Parses with a shared `@lumen/domain` schema or throws BAD_USER_INPUT with field messages. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix: (string | number)[] = [],
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw badInput(parsed.error.issues.map((i) => ({ ...i, path: [...prefix, ...i.path] })));
  }
  return parsed.data;
}

/**
 * QUOTA_EXCEEDED with what the plan allows, or nothing when the change fits. The message names
 * the plan only where the instance sells plans (`PLANS`), as pages do (docs/brands.md).
 */
export function assertQuota(plan: Plan, usage: QuotaUsage, env: Pick<Env, 'PLANS'>): void {
  const violation = checkQuota(plan, usage, { named: Boolean(env.PLANS) });
  if (violation) {
    throw new LumenError('QUOTA_EXCEEDED', violation.message, {
      plan: plan.toUpperCase(),
      resource: violation.resource,
      limit: violation.limit,
    });
  }
}

export function fieldError(field: string, message: string): LumenError {
  return badInput([{ path: field.split('.'), message }]);
}

/**
 * The engines a workspace can ask: the server's, with the workspace's connections laid over them
 * as its runs lay them (docs/engines.md, "Which engines a workspace can ask").
 */
export async function workspaceEngines(
  db: Tx,
  deps: Pick<GatewayDeps, 'env'>,
  workspaceId: string,
): Promise<ListedEngine[]> {
  return workspaceEngineList(engineEnv(deps), await listConnections(db, workspaceId));
}

/** A brand's engines must be ones its workspace can ask; BAD_USER_INPUT names the first other. */
export async function assertEngines(
  db: Tx,
  deps: Pick<GatewayDeps, 'env'>,
  workspaceId: string,
  engines: readonly string[],
): Promise<void> {
  const known = new Set((await workspaceEngines(db, deps, workspaceId)).map((e) => e.id));
  const unknown = engines.findIndex((e) => !known.has(e));
  if (unknown !== -1) {
    throw fieldError(
      `engines.${unknown}`,
      `“${engines[unknown]}” is not an engine this workspace can ask: connect it on the integrations page.`,
    );
  }
}

export function engineEnv(deps: Pick<GatewayDeps, 'env'>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(deps.env).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function assertPromptCap(current: number, adding: number): void {
  if (current + adding > BRAND_LIMITS.maxPrompts) {
    throw fieldError(
      'texts',
      `A brand holds at most ${BRAND_LIMITS.maxPrompts} prompts; it has ${current}.`,
    );
  }
}

type BrandNames = Pick<Brand, 'name' | 'aliases' | 'domains' | 'industry'>;
type BrandForPrompts = BrandNames & { language?: string | null };

/**
 * A prompt typed or imported by a person: its kind from its wording, and branded when the
 * analyzer finds the brand in it (the same matcher the runs use), so it stays out of the
 * headline metrics by default.
 */
export function describePrompt(
  brand: BrandNames,
  text: string,
  source: PromptValues['source'],
): PromptValues {
  const analyze = createAnalyzer([
    {
      id: 'brand',
      kind: 'brand',
      name: brand.name,
      aliases: brand.aliases,
      domains: brand.domains,
    },
  ]);
  const branded = analyze({ text, citations: [] }).mentions.length > 0;
  return { text, kind: classifyPrompt(text), branded, source };
}

/** The brand-neutral prompts Lumen proposes for a new keyword. */
export function promptsForKeyword(
  brand: BrandForPrompts,
  competitorNames: readonly string[],
  keyword: string,
): PromptValues[] {
  return generatePrompts({
    keyword,
    industry: brand.industry ?? '',
    brandName: brand.name,
    competitors: [...competitorNames],
    language: brand.language ?? null,
    count: BRAND_LIMITS.promptsPerKeyword,
  }).map((p) => ({ text: p.text, kind: p.kind, branded: p.branded, source: 'GENERATED' }));
}
