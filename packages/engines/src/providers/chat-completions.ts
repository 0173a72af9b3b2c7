import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AnswerEngine, Citation, EngineProvider } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';

// xAI, DeepSeek and Mistral speak OpenAI's chat-completions format at their own addresses
// (docs/engines.md, "Model APIs"). One adapter, told each provider's differences.

export type ChatProviderSpec = {
  id: string;
  label: string;
  provider: EngineProvider;
  /** The provider's name in error messages. */
  engineName: string;
  defaultBaseURL: string;
  defaultModel: string;
  /** Fields added to every request body (xAI's search_parameters). */
  extraBody?: Record<string, unknown>;
  /** Citations the provider returns outside the SDK's sources (xAI's `citations`). */
  enrichCitations?: (citations: Citation[], body: unknown) => Citation[];
  /** Priced searches or sources the body reports (xAI's `usage.num_sources_used`). */
  searchCallsFromBody?: (body: unknown) => number | undefined;
  /** Without a search tool the links a model writes are its citations. */
  citationsFromText: boolean;
};

export function createChatCompletionsEngine(
  spec: ChatProviderSpec,
  config: ProviderConfig,
): AnswerEngine {
  const extra = spec.extraBody;
  const provider = createOpenAICompatible({
    name: spec.id,
    baseURL: config.baseURL ?? spec.defaultBaseURL,
    apiKey: config.apiKey,
    fetch: config.fetch,
    includeUsage: true,
    transformRequestBody: extra ? (args) => ({ ...args, ...extra }) : undefined,
  });
  const defaultModel = config.model ?? spec.defaultModel;
  return {
    id: spec.id,
    label: spec.label,
    provider: spec.provider,
    model: defaultModel,
    offline: false,
    answer: ({ prompt, model, signal }) => {
      const requestedModel = model ?? defaultModel;
      return runGeneration({
        engine: spec.engineName,
        model: provider.chatModel(requestedModel),
        requestedModel,
        prompt,
        signal,
        citationsFromTextWhenNoSources: spec.citationsFromText,
        enrichCitations: spec.enrichCitations,
        searchCallsFromBody: spec.searchCallsFromBody,
        timeoutMs: config.timeoutMs,
      });
    },
  };
}
