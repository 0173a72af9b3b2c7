import type { AnswerEngine, Citation } from '../engine';
import { createChatCompletionsEngine } from './chat-completions';
import type { ProviderConfig } from './provider-config';

export const XAI_DEFAULT_MODEL = 'grok-4';
export const XAI_BASE_URL = 'https://api.x.ai/v1';
/** Sources Live Search may read per answer; xAI bills each source used. */
export const XAI_MAX_SEARCH_RESULTS = 10;

/**
 * xAI (Grok): OpenAI's chat-completions format with Live Search. `search_parameters` lets the
 * model decide to search (`mode: auto`) and return the URLs it read as the response's
 * top-level `citations`; `usage.num_sources_used` is what xAI bills per source
 * (docs/engines.md, "xAI").
 */
export function createXaiEngine(config: ProviderConfig): AnswerEngine {
  return createChatCompletionsEngine(
    {
      id: 'xai',
      label: 'Grok',
      provider: 'xai',
      engineName: 'xAI',
      defaultBaseURL: XAI_BASE_URL,
      defaultModel: XAI_DEFAULT_MODEL,
      extraBody: {
        search_parameters: {
          mode: 'auto',
          return_citations: true,
          max_search_results: XAI_MAX_SEARCH_RESULTS,
        },
      },
      enrichCitations: withXaiCitations,
      searchCallsFromBody: xaiSourcesUsed,
      citationsFromText: true,
    },
    config,
  );
}

/** xAI's `citations`: the bare URLs Live Search read, in order. */
export function withXaiCitations(citations: Citation[], body: unknown): Citation[] {
  const urls = (body as { citations?: unknown } | undefined)?.citations;
  if (!Array.isArray(urls)) return citations;
  return [
    ...citations,
    ...urls.flatMap((u): Citation[] =>
      typeof u === 'string' && /^https?:\/\//.test(u) ? [{ url: u }] : [],
    ),
  ];
}

function xaiSourcesUsed(body: unknown): number | undefined {
  const used = (body as { usage?: { num_sources_used?: unknown } } | undefined)?.usage
    ?.num_sources_used;
  return typeof used === 'number' && used > 0 ? used : undefined;
}
