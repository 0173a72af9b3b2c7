import { createPerplexity } from '@ai-sdk/perplexity';
import type { AnswerEngine, Citation } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';
import { approximateLocation } from './user-location';

export const PERPLEXITY_DEFAULT_MODEL = 'sonar';

/** Perplexity Sonar searches on its own; the SDK turns its `citations` into sources. */
export function createPerplexityEngine(config: ProviderConfig): AnswerEngine {
  const provider = createPerplexity({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    fetch: config.fetch,
  });
  const defaultModel = config.model ?? PERPLEXITY_DEFAULT_MODEL;
  return {
    id: 'perplexity',
    label: 'Perplexity',
    provider: 'perplexity',
    model: defaultModel,
    offline: false,
    answer: ({ prompt, model, signal, country }) => {
      const requestedModel = model ?? defaultModel;
      const location = approximateLocation(country);
      return runGeneration({
        engine: 'Perplexity',
        model: provider(requestedModel),
        requestedModel,
        prompt,
        signal,
        enrichCitations: withSearchResultTitles,
        timeoutMs: config.timeoutMs,
        ...(location
          ? {
              providerOptions: {
                perplexity: {
                  web_search_options: { user_location: { country: location.country } },
                },
              },
            }
          : {}),
      });
    },
  };
}

/** Sonar's `citations` are bare URLs; its `search_results` carry the page titles. */
export function withSearchResultTitles(citations: Citation[], body: unknown): Citation[] {
  const results = (body as { search_results?: unknown } | undefined)?.search_results;
  if (!Array.isArray(results)) return citations;
  const titles = new Map<string, string>();
  for (const r of results) {
    const { url, title } = (r ?? {}) as { url?: unknown; title?: unknown };
    if (typeof url === 'string' && typeof title === 'string' && title) titles.set(url, title);
  }
  return citations.map((c) => {
    const title = c.title ?? titles.get(c.url);
    return title ? { url: c.url, title } : c;
  });
}
