import { readFileSync } from 'node:fs';
import {
  answerCostUsd,
  type ModelPrice,
  typicalAnswerCostUsd,
} from '@lumen/domain/costs/answer-cost';
import { z } from 'zod';
import type { EngineProvider } from '../engine';

// The dated price table (docs/engines.md, "Costs"): what each model and surface costs per
// million tokens, per search or grounding call, per request. An operator's file replaces rows
// of the same provider and model and adds others (PRICE_TABLE_FILE, or PRICE_TABLE inline).

export const PRICED_PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'perplexity',
  'xai',
  'deepseek',
  'mistral',
  'openai-compatible',
  'serpapi',
] as const;
export type PricedProvider = (typeof PRICED_PROVIDERS)[number];

const dollars = z.number().finite().min(0, 'Prices are dollars, 0 or more.');

export const PriceEntrySchema = z.object({
  provider: z.enum(PRICED_PROVIDERS),
  /** A model id; also prices its dated snapshots ("gpt-5-mini-2025-08-07"). */
  model: z.string().trim().min(1).max(200),
  surface: z.enum(['MODEL_API', 'ANSWER_PAGE']).default('MODEL_API'),
  inputPerMTok: dollars,
  outputPerMTok: dollars,
  perSearchCall: dollars.optional(),
  perRequest: dollars.optional(),
  /** The day the figure was read from its source, YYYY-MM-DD. */
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'asOf is a day, YYYY-MM-DD.'),
  source: z.string().trim().min(1).max(500),
});
export type PriceEntry = z.infer<typeof PriceEntrySchema>;

/** An operator's file: `{ "prices": [...] }` or the bare list. */
export const PriceTableFileSchema = z.union([
  z.object({ prices: z.array(PriceEntrySchema) }),
  z.array(PriceEntrySchema).transform((prices) => ({ prices })),
]);

const OPENAI = 'https://openai.com/api/pricing/';
const ANTHROPIC = 'https://docs.claude.com/en/docs/about-claude/pricing';
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/pricing';
const PERPLEXITY = 'https://docs.perplexity.ai/getting-started/pricing';
const XAI = 'https://docs.x.ai/docs/models';
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing';
const MISTRAL = 'https://mistral.ai/pricing#api-pricing';
const SERPAPI = 'https://serpapi.com/pricing';
const READ_ON = '2025-10-01';

function row(
  provider: PricedProvider,
  model: string,
  inputPerMTok: number,
  outputPerMTok: number,
  extra: Partial<Pick<PriceEntry, 'perSearchCall' | 'perRequest' | 'surface'>>,
  source: string,
): PriceEntry {
  return {
    provider,
    model,
    surface: extra.surface ?? 'MODEL_API',
    inputPerMTok,
    outputPerMTok,
    ...(extra.perSearchCall === undefined ? {} : { perSearchCall: extra.perSearchCall }),
    ...(extra.perRequest === undefined ? {} : { perRequest: extra.perRequest }),
    asOf: READ_ON,
    source,
  };
}

/**
 * The built-in figures, each with the page it was read from. OpenAI's web-search tool is $10 per
 * 1 000 calls for the GPT-5 family and $25 for GPT-4o/4.1 (search content included there);
 * Anthropic's web search $10 per 1 000; Gemini's Google Search grounding $35 per 1 000 grounded
 * prompts past the free daily allowance (counted as paid: Lumen cannot see the allowance);
 * Perplexity's request fee at its low search context; SerpApi's Developer plan ($75 for 5 000
 * searches) per SerpApi request (`searchCalls`).
 */
export const DEFAULT_PRICE_TABLE: readonly PriceEntry[] = [
  row('openai', 'gpt-5', 1.25, 10, { perSearchCall: 0.01 }, OPENAI),
  row('openai', 'gpt-5-mini', 0.25, 2, { perSearchCall: 0.01 }, OPENAI),
  row('openai', 'gpt-5-nano', 0.05, 0.4, { perSearchCall: 0.01 }, OPENAI),
  row('openai', 'gpt-4.1', 2, 8, { perSearchCall: 0.025 }, OPENAI),
  row('openai', 'gpt-4.1-mini', 0.4, 1.6, { perSearchCall: 0.025 }, OPENAI),
  row('openai', 'gpt-4o', 2.5, 10, { perSearchCall: 0.025 }, OPENAI),
  row('openai', 'gpt-4o-mini', 0.15, 0.6, { perSearchCall: 0.025 }, OPENAI),
  row('anthropic', 'claude-sonnet-4-5', 3, 15, { perSearchCall: 0.01 }, ANTHROPIC),
  row('anthropic', 'claude-sonnet-4', 3, 15, { perSearchCall: 0.01 }, ANTHROPIC),
  row('anthropic', 'claude-haiku-4-5', 1, 5, { perSearchCall: 0.01 }, ANTHROPIC),
  row('anthropic', 'claude-opus-4-1', 15, 75, { perSearchCall: 0.01 }, ANTHROPIC),
  row('anthropic', 'claude-3-5-haiku', 0.8, 4, { perSearchCall: 0.01 }, ANTHROPIC),
  row('google', 'gemini-2.5-flash', 0.3, 2.5, { perSearchCall: 0.035 }, GOOGLE),
  row('google', 'gemini-2.5-flash-lite', 0.1, 0.4, { perSearchCall: 0.035 }, GOOGLE),
  row('google', 'gemini-2.5-pro', 1.25, 10, { perSearchCall: 0.035 }, GOOGLE),
  row('perplexity', 'sonar', 1, 1, { perRequest: 0.005 }, PERPLEXITY),
  row('perplexity', 'sonar-pro', 3, 15, { perRequest: 0.006 }, PERPLEXITY),
  row('perplexity', 'sonar-reasoning', 1, 5, { perRequest: 0.005 }, PERPLEXITY),
  row('perplexity', 'sonar-reasoning-pro', 2, 8, { perRequest: 0.006 }, PERPLEXITY),
  // xAI: Live Search is $25 per 1 000 sources used (`usage.num_sources_used`).
  row('xai', 'grok-4', 3, 15, { perSearchCall: 0.025 }, XAI),
  row('xai', 'grok-4-fast-reasoning', 0.2, 0.5, { perSearchCall: 0.025 }, XAI),
  row('xai', 'grok-4-fast-non-reasoning', 0.2, 0.5, { perSearchCall: 0.025 }, XAI),
  row('xai', 'grok-3', 3, 15, { perSearchCall: 0.025 }, XAI),
  row('xai', 'grok-3-mini', 0.3, 0.5, { perSearchCall: 0.025 }, XAI),
  // DeepSeek V3.2-Exp: input at the cache-miss rate (an upper bound; cache hits are $0.028).
  row('deepseek', 'deepseek-chat', 0.28, 0.42, {}, DEEPSEEK),
  row('deepseek', 'deepseek-reasoner', 0.28, 0.42, {}, DEEPSEEK),
  row('mistral', 'mistral-medium', 0.4, 2, {}, MISTRAL),
  row('mistral', 'mistral-large', 2, 6, {}, MISTRAL),
  row('mistral', 'mistral-small', 0.1, 0.3, {}, MISTRAL),
  row('mistral', 'magistral-medium', 2, 5, {}, MISTRAL),
  row('mistral', 'magistral-small', 0.5, 1.5, {}, MISTRAL),
  // One SerpApi search per request; an AI Overview loaded by page_token is a second request.
  row(
    'serpapi',
    'google_ai_overview',
    0,
    0,
    { perSearchCall: 0.015, surface: 'ANSWER_PAGE' },
    SERPAPI,
  ),
  row('serpapi', 'google_ai_mode', 0, 0, { perSearchCall: 0.015, surface: 'ANSWER_PAGE' }, SERPAPI),
];

export type PriceTable = readonly PriceEntry[];

export class PriceTableError extends Error {
  readonly code = 'PRICE_TABLE_INVALID';
}

/** The operator's rows over the built-in ones (same provider and model: the operator's wins). */
export function mergePriceTables(base: PriceTable, overrides: PriceTable): PriceTable {
  const key = (e: PriceEntry) => `${e.provider}\u0000${e.model.toLowerCase()}`;
  const replaced = new Set(overrides.map(key));
  return [...overrides, ...base.filter((e) => !replaced.has(key(e)))];
}

/** Parses an operator's price table; a bad one names the row and field that is wrong. */
export function parsePriceTable(json: string, origin: string): PriceTable {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new PriceTableError(`${origin} is not JSON.`);
  }
  const parsed = PriceTableFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the table';
    throw new PriceTableError(`${origin}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.prices;
}

const loaded = new Map<string, PriceTable>();

/**
 * The price table for this process: the built-in figures with `PRICE_TABLE_FILE` (a JSON file)
 * and then `PRICE_TABLE` (inline JSON) laid over them. Read once per setting.
 */
export function loadPriceTable(env: {
  readonly PRICE_TABLE_FILE?: string | undefined;
  readonly PRICE_TABLE?: string | undefined;
}): PriceTable {
  const file = env.PRICE_TABLE_FILE?.trim() || '';
  const inline = env.PRICE_TABLE?.trim() || '';
  const cacheKey = `${file}\u0000${inline}`;
  const cached = loaded.get(cacheKey);
  if (cached) return cached;
  let table: PriceTable = DEFAULT_PRICE_TABLE;
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new PriceTableError(
        `PRICE_TABLE_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
      );
    }
    table = mergePriceTables(table, parsePriceTable(text, `PRICE_TABLE_FILE ${file}`));
  }
  if (inline) table = mergePriceTables(table, parsePriceTable(inline, 'PRICE_TABLE'));
  loaded.set(cacheKey, table);
  return table;
}

// A dated snapshot of a priced model: "-2025-08-07", "-20250929", "-001", "-latest", and
// xAI's and Mistral's four digits ("grok-4-0709", "mistral-medium-2505").
const SNAPSHOT = /^(\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|\d{3}|latest)$/;

/**
 * The price of a provider's model: its own row, else the row of the model it is a dated
 * snapshot of. Null when the table has neither: the cost is then unknown.
 */
export function findPrice(
  table: PriceTable,
  provider: string,
  model: string | null | undefined,
): PriceEntry | null {
  if (!model) return null;
  const wanted = model.trim().toLowerCase();
  let best: PriceEntry | null = null;
  for (const entry of table) {
    if (entry.provider !== provider) continue;
    const name = entry.model.toLowerCase();
    if (name === wanted) return entry;
    if (
      wanted.startsWith(`${name}-`) &&
      SNAPSHOT.test(wanted.slice(name.length + 1)) &&
      (!best || name.length > best.model.length)
    ) {
      best = entry;
    }
  }
  return best;
}

const FREE: ModelPrice = { inputPerMTok: 0, outputPerMTok: 0 };

/**
 * The price that applies to an engine's answer: 0 for the local (offline) engines, the served
 * model's row, else the requested model's; null when neither is in the table.
 */
export function priceFor(
  table: PriceTable,
  provider: EngineProvider,
  models: { servedModel?: string | null; requestedModel?: string | null },
): ModelPrice | null {
  if (provider === 'local') return FREE;
  return (
    findPrice(table, provider, models.servedModel) ??
    findPrice(table, provider, models.requestedModel)
  );
}

/** What one answer cost, or null when unknown (docs/engines.md, "Costs"). */
export function priceAnswer(
  table: PriceTable,
  provider: EngineProvider,
  answer: {
    servedModel?: string | null;
    requestedModel?: string | null;
    usage?: { inputTokens?: number; outputTokens?: number; searchCalls?: number } | null;
  },
): number | null {
  return answerCostUsd(answer.usage, priceFor(table, provider, answer));
}

/** A typical answer of this engine's model (estimates, budget holds); null when unknown. */
export function typicalCost(
  table: PriceTable,
  provider: EngineProvider,
  model: string,
): number | null {
  return typicalAnswerCostUsd(priceFor(table, provider, { requestedModel: model }));
}
