import { createAnthropic } from '@ai-sdk/anthropic';
import type { AnswerEngine } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';
import { approximateLocation } from './user-location';

export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-5';

/** Claude with Anthropic's server-side web_search tool; its results become the citations. */
export function createAnthropicEngine(config: ProviderConfig): AnswerEngine {
  const provider = createAnthropic({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    fetch: config.fetch,
  });
  const defaultModel = config.model ?? ANTHROPIC_DEFAULT_MODEL;
  return {
    id: 'anthropic',
    label: 'Claude',
    provider: 'anthropic',
    model: defaultModel,
    offline: false,
    answer: ({ prompt, model, signal, country }) => {
      const requestedModel = model ?? defaultModel;
      const userLocation = approximateLocation(country);
      return runGeneration({
        engine: 'Claude',
        model: provider(requestedModel),
        requestedModel,
        prompt,
        signal,
        tools: {
          web_search: provider.tools.webSearch_20250305({
            maxUses: 5,
            ...(userLocation ? { userLocation } : {}),
          }),
        },
        timeoutMs: config.timeoutMs,
      });
    },
  };
}
