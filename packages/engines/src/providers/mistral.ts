import type { AnswerEngine } from '../engine';
import { createChatCompletionsEngine } from './chat-completions';
import type { ProviderConfig } from './provider-config';

export const MISTRAL_DEFAULT_MODEL = 'mistral-medium-latest';
export const MISTRAL_BASE_URL = 'https://api.mistral.ai/v1';

/**
 * Mistral: `POST /v1/chat/completions`, OpenAI's format. The plain chat API has no web search
 * (Le Chat's search lives in Mistral's separate agents API): the answer comes from the model
 * alone, and the links it writes are its citations (docs/engines.md, "Mistral").
 */
export function createMistralEngine(config: ProviderConfig): AnswerEngine {
  return createChatCompletionsEngine(
    {
      id: 'mistral',
      label: 'Mistral',
      provider: 'mistral',
      engineName: 'Mistral',
      defaultBaseURL: MISTRAL_BASE_URL,
      defaultModel: MISTRAL_DEFAULT_MODEL,
      citationsFromText: true,
    },
    config,
  );
}
