import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AnswerEngine, Citation } from '../engine';
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
        enrichCitations: withUrlAnnotations,
        timeoutMs: config.timeoutMs,
      });
    },
  };
}

/** OpenRouter's web search (":online" models) returns OpenAI-style url_citation annotations. */
export function withUrlAnnotations(citations: Citation[], body: unknown): Citation[] {
  const choices = (body as { choices?: unknown } | undefined)?.choices;
  if (!Array.isArray(choices)) return citations;
  const found: Citation[] = [...citations];
  for (const choice of choices) {
    const annotations = (choice as { message?: { annotations?: unknown } })?.message?.annotations;
    if (!Array.isArray(annotations)) continue;
    for (const a of annotations) {
      const cited = (a as { type?: unknown; url_citation?: { url?: unknown; title?: unknown } })
        .url_citation;
      if ((a as { type?: unknown }).type !== 'url_citation' || typeof cited?.url !== 'string')
        continue;
      found.push(
        typeof cited.title === 'string' && cited.title
          ? { url: cited.url, title: cited.title }
          : { url: cited.url },
      );
    }
  }
  return found;
}

function safeHost(baseURL: string): string | undefined {
  try {
    return new URL(baseURL).host;
  } catch {
    return undefined;
  }
}
