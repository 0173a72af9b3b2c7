import type { EngineKind } from '@lumen/schema/generated/graphql';

// What the connect form says about each kind (docs/engines.md, "Connections"). The server holds
// the rules (default base URLs, required keys); this is wording only.

export type KindCopy = {
  name: string;
  body: string;
  keyPlaceholder: string;
  /** The base URL field is shown open (required) rather than as an override. */
  needsBaseUrl?: boolean;
  keyOptional?: boolean;
};

export const KIND_COPY: Record<EngineKind, KindCopy> = {
  OPENAI: { name: 'OpenAI', body: 'ChatGPT models with web search.', keyPlaceholder: 'sk-…' },
  ANTHROPIC: {
    name: 'Anthropic',
    body: 'Claude models with web search.',
    keyPlaceholder: 'sk-ant-…',
  },
  GOOGLE: {
    name: 'Google Gemini',
    body: 'Gemini with Google Search grounding.',
    keyPlaceholder: 'AIza…',
  },
  PERPLEXITY: {
    name: 'Perplexity',
    body: 'Sonar models with citations.',
    keyPlaceholder: 'pplx-…',
  },
  XAI: { name: 'xAI (Grok)', body: 'Grok models.', keyPlaceholder: 'xai-…' },
  DEEPSEEK: { name: 'DeepSeek', body: 'DeepSeek chat models.', keyPlaceholder: 'sk-…' },
  MISTRAL: { name: 'Mistral', body: 'Mistral chat models.', keyPlaceholder: 'Your Mistral key' },
  OPENAI_COMPATIBLE: {
    name: 'OpenAI-compatible',
    body: 'Ollama, LM Studio, vLLM or OpenRouter at any base URL.',
    keyPlaceholder: 'Leave empty if the server needs none',
    needsBaseUrl: true,
    keyOptional: true,
  },
  AI_OVERVIEW: {
    name: 'Google AI Overviews',
    body: 'Through SerpApi.',
    keyPlaceholder: 'Your SerpApi key',
  },
  AI_MODE: { name: 'Google AI Mode', body: 'Through SerpApi.', keyPlaceholder: 'Your SerpApi key' },
};

export const KIND_ORDER = Object.keys(KIND_COPY) as EngineKind[];

/** Owners and admins manage connections; everyone else sees them. */
export function canManageConnections(role: string | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}
