import type { AnswerEngine } from '../engine';
import { createChatCompletionsEngine } from './chat-completions';
import type { ProviderConfig } from './provider-config';

export const DEEPSEEK_DEFAULT_MODEL = 'deepseek-chat';
export const DEEPSEEK_BASE_URL = 'https://api.deepseek.com';

/**
 * DeepSeek: OpenAI's chat-completions format at api.deepseek.com. Its API has no web search:
 * the answer comes from the model alone, and the links it writes are its citations
 * (docs/engines.md, "DeepSeek").
 */
export function createDeepSeekEngine(config: ProviderConfig): AnswerEngine {
  return createChatCompletionsEngine(
    {
      id: 'deepseek',
      label: 'DeepSeek',
      provider: 'deepseek',
      engineName: 'DeepSeek',
      defaultBaseURL: DEEPSEEK_BASE_URL,
      defaultModel: DEEPSEEK_DEFAULT_MODEL,
      citationsFromText: true,
    },
    config,
  );
}
