import {
  APICallError,
  generateText,
  type JSONValue,
  type LanguageModel,
  RetryError,
  type ToolSet,
} from 'ai';
import {
  type Citation,
  ENGINE_TIMEOUT_MS,
  type EngineAnswer,
  EngineAuthError,
  EngineError,
  EngineRateLimitError,
  EngineRequestError,
  EngineTimeoutError,
  EngineTransientError,
  MAX_ANSWER_TEXT,
  MAX_OUTPUT_TOKENS,
} from '../engine';
import { citationsFromText, dedupeCitations } from './citations';

export interface GenerationInput {
  engine: string;
  model: LanguageModel;
  requestedModel: string;
  prompt: string;
  signal?: AbortSignal;
  tools?: ToolSet;
  /** Models without a search tool write their links in the text; keep those as citations. */
  citationsFromTextWhenNoSources?: boolean;
  /** Provider fields the SDK does not map (Perplexity's titles, OpenRouter's annotations). */
  enrichCitations?: (citations: Citation[], body: unknown) => Citation[];
  /** Priced searches a provider reports only in its body (xAI's sources used). */
  searchCallsFromBody?: (body: unknown) => number | undefined;
  timeoutMs?: number;
  /** Provider-specific request fields (Perplexity's user location). */
  providerOptions?: Record<string, Record<string, JSONValue>>;
}

/**
 * One call to a provider through the AI SDK, shaped into an EngineAnswer. Retries are left to
 * the worker (BullMQ backoff, per-provider limiter), so the SDK's own retries are off.
 */
export async function runGeneration(input: GenerationInput): Promise<EngineAnswer> {
  const timeoutMs = input.timeoutMs ?? ENGINE_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const started = performance.now();
  try {
    const result = await generateText({
      model: input.model,
      prompt: input.prompt,
      tools: input.tools,
      ...(input.providerOptions ? { providerOptions: input.providerOptions } : {}),
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: signal,
      // AI SDK 7 drops the raw body unless asked; citations titles and Gemini's served model
      // come from it.
      include: { responseBody: true },
    });
    const latencyMs = Math.round(performance.now() - started);
    let citations = dedupeCitations(
      result.sources.flatMap((source): Citation[] =>
        source.sourceType === 'url'
          ? [source.title ? { url: source.url, title: source.title } : { url: source.url }]
          : [],
      ),
    );
    if (input.enrichCitations) {
      citations = dedupeCitations(input.enrichCitations(citations, result.finalStep.response.body));
    }
    if (citations.length === 0 && input.citationsFromTextWhenNoSources) {
      citations = citationsFromText(result.text);
    }
    const usage = result.usage;
    const bodySearches = input.searchCallsFromBody?.(result.finalStep.response.body);
    return {
      text: capText(result.text),
      citations,
      requestedModel: input.requestedModel,
      servedModel: servedModel(result.finalStep.response) ?? input.requestedModel,
      latencyMs,
      usage: {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.totalTokens,
        ...(bodySearches === undefined ? searchCallsOf(result) : { searchCalls: bodySearches }),
      },
    };
  } catch (error) {
    if (input.signal?.aborted && !timeout.aborted) throw input.signal.reason;
    if (timeout.aborted) throw new EngineTimeoutError(input.engine, timeoutMs, error);
    throw toEngineError(input.engine, error);
  }
}

/**
 * Searches the provider ran while answering, for the price table's per-call fee: its own tools
 * (OpenAI's web_search, Anthropic's web_search server tool) come back as provider-executed tool
 * calls; Gemini's grounding is one grounded prompt when it searched at all. Absent when none.
 */
function searchCallsOf(result: {
  steps: readonly { content: readonly { type: string; providerExecuted?: boolean }[] }[];
  providerMetadata?: Record<string, Record<string, unknown> | undefined> | undefined;
}): { searchCalls?: number } {
  const calls = result.steps
    .flatMap((step) => step.content)
    .filter((part) => part.type === 'tool-call' && part.providerExecuted === true).length;
  if (calls > 0) return { searchCalls: calls };
  const grounding = result.providerMetadata?.google?.groundingMetadata as
    | { webSearchQueries?: unknown[] | null }
    | null
    | undefined;
  return (grounding?.webSearchQueries?.length ?? 0) > 0 ? { searchCalls: 1 } : {};
}

/** The text cut at MAX_ANSWER_TEXT, never inside a surrogate pair. */
export function capText(text: string): string {
  if (text.length <= MAX_ANSWER_TEXT) return text;
  const c = text.charCodeAt(MAX_ANSWER_TEXT - 1);
  return text.slice(0, c >= 0xd800 && c <= 0xdbff ? MAX_ANSWER_TEXT - 1 : MAX_ANSWER_TEXT);
}

/**
 * The model that really answered: Gemini reports it only as `modelVersion` in the body, which the
 * SDK does not map; the others come back as `response.modelId`.
 */
function servedModel(response: { modelId: string; body?: unknown }): string | undefined {
  const body = response.body;
  if (body && typeof body === 'object') {
    const version = (body as { modelVersion?: unknown }).modelVersion;
    if (typeof version === 'string' && version) return version;
  }
  return response.modelId || undefined;
}

export function toEngineError(engine: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const detail = providerMessage(cause) ?? `HTTP ${status ?? 'error'}`;
    if (status === 401 || status === 403) return new EngineAuthError(engine, detail, cause);
    // xAI answers a wrong key with 400 "Incorrect API key provided".
    if (status === 400 && /\b(incorrect|invalid) api key\b/i.test(detail)) {
      return new EngineAuthError(engine, detail, cause);
    }
    if (status === 429) {
      // OpenAI answers 429 for an exhausted billing quota too; waiting will not fix that.
      if (cause.responseBody?.includes('insufficient_quota')) {
        return new EngineRequestError(engine, detail, cause);
      }
      return new EngineRateLimitError(engine, retryAfterMs(cause.responseHeaders), cause);
    }
    if (status === undefined || status === 408 || status === 409 || status >= 500) {
      return new EngineTransientError(engine, detail, cause);
    }
    return new EngineRequestError(engine, detail, cause);
  }
  // Anything else is a network failure (refused, reset, DNS) or a malformed reply: both may pass.
  const message = cause instanceof Error ? cause.message : String(cause);
  return new EngineTransientError(engine, message, cause);
}

function providerMessage(error: APICallError): string | undefined {
  const said = messageIn(error.data) ?? messageIn(parseJson(error.responseBody));
  return said ?? (error.message || undefined);
}

/** `{ error: { message } }` (OpenAI and most), `{ error: "…" }` (xAI), `{ message }` (Mistral). */
function messageIn(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const nested = (data as { error?: unknown }).error;
  if (typeof nested === 'string' && nested) return nested;
  if (nested && typeof nested === 'object') {
    const message = (nested as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : undefined;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `retry-after-ms` (OpenAI), then `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number.parseFloat(lower['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = lower['retry-after'];
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
