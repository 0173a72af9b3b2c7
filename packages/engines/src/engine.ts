export interface Citation {
  url: string;
  title?: string;
}

export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Searches or grounding calls the provider made for the answer (priced per call). */
  searchCalls?: number;
}

export interface AnswerRequest {
  prompt: string;
  engine: string;
  model?: string;
  signal?: AbortSignal;
  /**
   * Which of a run's samples this asking is (1 by default). Providers vary by themselves; the
   * offline engines read it so that their samples differ too, deterministically.
   */
  sample?: number;
  /**
   * Where the answer is for: the brand's country (an ISO code or an English name) and language.
   * Only the answer pages (SerpApi) take a location today (docs/engines.md, "Location").
   */
  country?: string | null;
  language?: string | null;
}

export interface EngineAnswer {
  text: string;
  citations: Citation[];
  requestedModel: string;
  servedModel: string;
  latencyMs: number;
  usage?: TokenUsage;
  /**
   * An answer page showed no AI answer for the query (no AI Overview on the results page):
   * `text` is empty, and the answer counts as one that mentions no one.
   */
  noOverview?: boolean;
}

export type EngineProvider =
  | 'openai'
  | 'anthropic'
  | 'google'
  | 'perplexity'
  | 'xai'
  | 'deepseek'
  | 'mistral'
  | 'openai-compatible'
  | 'serpapi'
  | 'local';

export interface EngineInfo {
  id: string;
  label: string;
  provider: EngineProvider;
  /** The model asked for when the caller names none. */
  model: string;
  /** True for engines that answer without network or keys. */
  offline: boolean;
}

export interface AnswerEngine extends EngineInfo {
  answer(request: Omit<AnswerRequest, 'engine'>): Promise<EngineAnswer>;
}

/**
 * Every provider call asks for at most this many output tokens (about 12 000 words): answers to
 * visibility prompts are a few hundred words, and a cap bounds cost and analysis work.
 */
export const MAX_OUTPUT_TOKENS = 4096;

/**
 * Answer text kept from a provider, in UTF-16 units, for a model that ignores the token cap.
 * The analyzer reads at most as much (MAX_ANSWER_LENGTH in @lumen/domain).
 */
export const MAX_ANSWER_TEXT = 100_000;

/** Every provider call is cut off after this long, whatever the caller's signal says. */
export const ENGINE_TIMEOUT_MS = 60_000;

export type EngineErrorCode =
  | 'ENGINE_AUTH'
  | 'ENGINE_RATE_LIMITED'
  | 'ENGINE_TRANSIENT'
  | 'ENGINE_TIMEOUT'
  | 'ENGINE_BAD_REQUEST'
  | 'ENGINE_UNAVAILABLE';

/**
 * One error family for every engine, so the worker can decide on retries without knowing which
 * SDK or HTTP status produced it. `message` is safe to show a user: it never contains a key.
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly retryable: boolean;
  readonly engine: string;

  constructor(
    code: EngineErrorCode,
    message: string,
    options: { engine: string; retryable: boolean; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.code = code;
    this.retryable = options.retryable;
    this.engine = options.engine;
  }
}

export class EngineAuthError extends EngineError {
  constructor(engine: string, detail?: string, cause?: unknown) {
    super(
      'ENGINE_AUTH',
      `Authentication failed for ${engine}${detail ? `: ${detail}` : ''}. Check the API key.`,
      { engine, retryable: false, cause },
    );
    this.name = 'EngineAuthError';
  }
}

export class EngineRateLimitError extends EngineError {
  /** How long the provider asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;

  constructor(engine: string, retryAfterMs: number | undefined, cause?: unknown) {
    const wait =
      retryAfterMs === undefined ? '' : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
    super('ENGINE_RATE_LIMITED', `${engine} rate limit reached.${wait}`, {
      engine,
      retryable: true,
      cause,
    });
    this.name = 'EngineRateLimitError';
    this.retryAfterMs = retryAfterMs;
  }
}

export class EngineTransientError extends EngineError {
  constructor(engine: string, detail: string, cause?: unknown) {
    super('ENGINE_TRANSIENT', `${engine} is temporarily unavailable: ${detail}`, {
      engine,
      retryable: true,
      cause,
    });
    this.name = 'EngineTransientError';
  }
}

export class EngineTimeoutError extends EngineError {
  readonly timeoutMs: number;

  constructor(engine: string, timeoutMs: number, cause?: unknown) {
    super('ENGINE_TIMEOUT', `${engine} did not answer within ${Math.round(timeoutMs / 1000)} s.`, {
      engine,
      retryable: true,
      cause,
    });
    this.name = 'EngineTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The provider refused the request itself (unknown model, invalid option): retrying won't help. */
export class EngineRequestError extends EngineError {
  constructor(engine: string, detail: string, cause?: unknown) {
    super('ENGINE_BAD_REQUEST', `${engine} rejected the request: ${detail}`, {
      engine,
      retryable: false,
      cause,
    });
    this.name = 'EngineRequestError';
  }
}

/** The engine is unknown or not configured (no key, no corpus connection). */
export class EngineUnavailableError extends EngineError {
  constructor(engine: string, detail: string) {
    super('ENGINE_UNAVAILABLE', detail, { engine, retryable: false });
    this.name = 'EngineUnavailableError';
  }
}
