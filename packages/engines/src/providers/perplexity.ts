import { createPerplexity } from '@ai-sdk/perplexity';
import type { AnswerEngine } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';

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
    answer: ({ prompt, model, signal }) => {
      const requestedModel = model ?? defaultModel;
      return runGeneration({
        engine: 'Perplexity',
        model: provider(requestedModel),
        requestedModel,
        prompt,
        signal,
        timeoutMs: config.timeoutMs,
      });
    },
  };
}
