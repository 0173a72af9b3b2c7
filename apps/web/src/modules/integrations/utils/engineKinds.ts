import { roleAllows } from '@lumen/domain/auth/workspace-roles';
import { ENGINE_KIND_SPECS } from '@lumen/domain/engines/engine-connection';
import { engineLocationNote } from '@lumen/domain/engines/engine-location';
import type { EngineKind } from '@lumen/schema/generated/graphql';
import { domainRole } from '../../team/utils/roles';

// What the connect form says about each kind (docs/engines.md, "Connections"). The server holds
// the rules (default base URLs, required keys); this is wording only.

export type KindCopy = {
  name: string;
  body: string;
  keyPlaceholder: string;
  /** The base URL field is shown open (required) rather than as an override. */
  needsBaseUrl?: boolean;
  keyOptional?: boolean;
  /** An answer page (SerpApi): there is no model to pick. */
  noModel?: boolean;
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
  XAI: {
    name: 'xAI (Grok)',
    body: 'Grok models with Live Search and its citations.',
    keyPlaceholder: 'xai-…',
  },
  DEEPSEEK: {
    name: 'DeepSeek',
    body: 'DeepSeek chat models. No web search: answers come from the model alone.',
    keyPlaceholder: 'sk-…',
  },
  MISTRAL: {
    name: 'Mistral',
    body: 'Mistral chat models. No web search in the plain API: answers come from the model alone.',
    keyPlaceholder: 'Your Mistral key',
  },
  OPENAI_COMPATIBLE: {
    name: 'OpenAI-compatible',
    body: 'OpenRouter, vLLM, or Ollama and LM Studio on a public address (a private one only where the operator allows private hosts).',
    keyPlaceholder: 'Leave empty if the server needs none',
    needsBaseUrl: true,
    keyOptional: true,
  },
  AI_OVERVIEW: {
    name: 'Google AI Overviews',
    body: 'The AI Overview on Google’s results page, through SerpApi, in the prompt’s country and language. A page without one counts as an answer naming no one.',
    keyPlaceholder: 'Your SerpApi key',
    noModel: true,
  },
  AI_MODE: {
    name: 'Google AI Mode',
    body: 'Google’s AI Mode answer with its sources, through SerpApi, in the prompt’s country and language.',
    keyPlaceholder: 'Your SerpApi key',
    noModel: true,
  },
};

/** Whether a kind's engine is asked for the prompt's place, and how or why not. */
export function kindLocationNote(kind: EngineKind): string {
  return engineLocationNote(ENGINE_KIND_SPECS[kind].engineId ?? '');
}

export const KIND_ORDER = Object.keys(KIND_COPY) as EngineKind[];

/** Owners and admins manage connections (the API's `owner` ability); everyone else sees them. */
export function canManageConnections(role: string | undefined): boolean {
  return role !== undefined && roleAllows(domainRole(role), 'owner');
}
