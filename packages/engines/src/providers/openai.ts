import { createOpenAI } from '@ai-sdk/openai';
import type { AnswerEngine } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';
import { approximateLocation } from './user-location';

export const OPENAI_DEFAULT_MODEL = 'gpt-5-mini';

/** ChatGPT-like answers: the Responses API with the hosted web_search tool. */
export function createOpenAIEngine(config: ProviderConfig): AnswerEngine {
  const provider = createOpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    fetch: config.fetch,
  });
  const defaultModel = config.model ?? OPENAI_DEFAULT_MODEL;
  return {
    id: 'openai',
    label: 'ChatGPT',
    provider: 'openai',
    model: defaultModel,
    offline: false,
    answer: ({ prompt, model, signal, country }) => {
      const requestedModel = model ?? defaultModel;
      const userLocation = approximateLocation(country);
      return runGeneration({
        engine: 'ChatGPT',
        model: provider.responses(requestedModel),
        requestedModel,
        prompt,
        signal,
        tools: { web_search: provider.tools.webSearch(userLocation ? { userLocation } : {}) },
        timeoutMs: config.timeoutMs,
      });
    },
  };
}
