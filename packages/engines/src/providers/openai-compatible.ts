import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AnswerEngine } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';

export interface OpenAICompatibleConfig extends Omit<ProviderConfig, 'apiKey'> {
  baseURL: string;
  model: string;
  /** Ollama and LM Studio need none; OpenRouter and hosted vLLM do. */
  apiKey?: string;
}

/**
 * Any server that speaks the OpenAI chat-completions protocol (Ollama, LM Studio, vLLM,
 * OpenRouter). Such models have no search tool of their own: the links they write are the
 * citations.
 */
export function createOpenAICompatibleEngine(config: OpenAICompatibleConfig): AnswerEngine {
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: config.baseURL,
    apiKey: config.apiKey || undefined,
    fetch: config.fetch,
    includeUsage: true,
  });
  const host = safeHost(config.baseURL);
  return {
    id: 'openai-compatible',
    label: `${config.model}${host ? ` (${host})` : ''}`,
    provider: 'openai-compatible',
    model: config.model,
    offline: false,
    answer: ({ prompt, model, signal }) => {
      const requestedModel = model ?? config.model;
      return runGeneration({
        engine: `OpenAI-compatible server at ${host ?? config.baseURL}`,
        model: provider.chatModel(requestedModel),
        requestedModel,
        prompt,
        signal,
        citationsFromTextWhenNoSources: true,
        timeoutMs: config.timeoutMs,
      });
    },
  };
}

function safeHost(baseURL: string): string | undefined {
  try {
    return new URL(baseURL).host;
  } catch {
    return undefined;
  }
}
