import { redactKey } from '../connections/test-connection';
import {
  type AnswerEngine,
  type AnswerRequest,
  ENGINE_TIMEOUT_MS,
  type EngineAnswer,
  EngineAuthError,
  EngineError,
  EngineRateLimitError,
  EngineRequestError,
  EngineTimeoutError,
  EngineTransientError,
} from '../engine';
import { retryAfterMs } from '../providers/run-generation';
import { serpLocation } from './serp-location';
import { overviewText } from './text-blocks';

// Google AI Overviews and AI Mode, read from Google's results page through SerpApi
// (docs/engines.md, "Answer pages"). Not a model API: Lumen asks Google Search the prompt, as a
// person would, and keeps the AI answer the page shows.

export const SERPAPI_BASE_URL = 'https://serpapi.com';

export type SerpSurface = 'ai-overview' | 'ai-mode';

/** The price table's model names for the two surfaces (one SerpApi request each). */
export const SERP_MODEL: Record<SerpSurface, string> = {
  'ai-overview': 'google_ai_overview',
  'ai-mode': 'google_ai_mode',
};

export type SerpApiConfig = {
  apiKey: string;
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
};

/** SerpApi's 200-with-error for a query Google shows nothing for: no AI answer, not a failure. */
const NO_RESULTS = /hasn't returned any results|no results/i;

type SerpBody = {
  error?: unknown;
  search_metadata?: { status?: unknown };
  ai_overview?: {
    text_blocks?: unknown;
    references?: unknown;
    page_token?: unknown;
    error?: unknown;
  };
  text_blocks?: unknown;
  references?: unknown;
  reconstructed_markdown?: unknown;
};

export function createSerpApiEngine(surface: SerpSurface, config: SerpApiConfig): AnswerEngine {
  const base = (config.baseURL ?? SERPAPI_BASE_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? globalThis.fetch;
  const name = surface === 'ai-overview' ? 'Google AI Overviews' : 'Google AI Mode';
  const model = SERP_MODEL[surface];

  async function get(params: Record<string, string | undefined>, signal: AbortSignal) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
    query.set('api_key', config.apiKey);
    let res: Response;
    try {
      res = await doFetch(`${base}/search.json?${query}`, {
        headers: { accept: 'application/json' },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new EngineTransientError(name, redactKey(message, config.apiKey), error);
    }
    const raw = await res.text();
    let body: SerpBody | undefined;
    try {
      body = JSON.parse(raw) as SerpBody;
    } catch {
      body = undefined;
    }
    const said = typeof body?.error === 'string' ? redactKey(body.error, config.apiKey) : '';
    if (!res.ok) throw httpError(name, res, said);
    if (!body) throw new EngineTransientError(name, `HTTP ${res.status}: the answer was not JSON`);
    return { body, said };
  }

  async function ask(request: Omit<AnswerRequest, 'engine'>): Promise<EngineAnswer> {
    const started = performance.now();
    const where = serpLocation(request.country, request.language);
    const timeoutMs = config.timeoutMs ?? ENGINE_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let requests = 0;
    const answer = (text: string, citations: EngineAnswer['citations'], noOverview: boolean) => ({
      text,
      citations,
      requestedModel: model,
      servedModel: model,
      latencyMs: Math.round(performance.now() - started),
      usage: { searchCalls: requests },
      ...(noOverview ? { noOverview: true } : {}),
    });
    try {
      const first = await get(
        {
          engine: surface === 'ai-overview' ? 'google' : 'google_ai_mode',
          q: request.prompt,
          ...where,
        },
        signal,
      );
      requests++;
      if (first.said) {
        if (NO_RESULTS.test(first.said)) return answer('', [], true);
        throw new EngineRequestError(name, first.said);
      }
      if (surface === 'ai-mode') {
        const { text, citations } = overviewText(first.body.text_blocks, first.body.references);
        const fallback =
          typeof first.body.reconstructed_markdown === 'string'
            ? first.body.reconstructed_markdown.trim()
            : '';
        const shown = text || fallback;
        return answer(shown, citations, shown === '');
      }
      let overview = first.body.ai_overview;
      if (!overview) return answer('', [], true);
      if (!overview.text_blocks && typeof overview.page_token === 'string') {
        // Google loads this overview separately: one more request, within a minute of the first.
        // A token that expired or was refused: asking again from the start gets a new one.
        const second = await get(
          { engine: 'google_ai_overview', page_token: overview.page_token },
          signal,
        ).catch((error: unknown) => {
          if (error instanceof EngineRequestError) {
            throw new EngineTransientError(name, `the AI Overview did not load: ${error.message}`);
          }
          throw error;
        });
        requests++;
        if (second.said) {
          if (NO_RESULTS.test(second.said)) return answer('', [], true);
          throw new EngineTransientError(name, `the AI Overview did not load: ${second.said}`);
        }
        overview = second.body.ai_overview;
        if (!overview) return answer('', [], true);
      }
      const { text, citations } = overviewText(overview.text_blocks, overview.references);
      return answer(text, citations, text === '');
    } catch (error) {
      if (request.signal?.aborted && !timeout.aborted) throw request.signal.reason;
      if (timeout.aborted) throw new EngineTimeoutError(name, timeoutMs, error);
      if (error instanceof EngineError) throw error;
      throw new EngineTransientError(
        name,
        redactKey(error instanceof Error ? error.message : String(error), config.apiKey),
        error,
      );
    }
  }

  return {
    id: surface,
    label: name,
    provider: 'serpapi',
    model,
    offline: false,
    answer: ask,
  };
}

function httpError(name: string, res: Response, said: string): EngineError {
  const detail = said ? said : `HTTP ${res.status}`;
  if (res.status === 401 || res.status === 403) return new EngineAuthError(name, detail);
  if (res.status === 429) {
    // An account out of searches answers 429 too; waiting an hour will not fix it.
    if (/run out of searches/i.test(said)) return new EngineRequestError(name, detail);
    return new EngineRateLimitError(name, retryAfterMs(Object.fromEntries(res.headers)));
  }
  if (res.status === 408 || res.status >= 500) return new EngineTransientError(name, detail);
  return new EngineRequestError(name, detail);
}
