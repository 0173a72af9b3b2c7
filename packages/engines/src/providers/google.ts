import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { AnswerEngine, EngineAnswer } from '../engine';
import type { ProviderConfig } from './provider-config';
import { runGeneration } from './run-generation';

export const GOOGLE_DEFAULT_MODEL = 'gemini-2.5-flash';

/** Gemini grounded with Google Search; grounding chunks become the citations. */
export function createGoogleEngine(config: ProviderConfig): AnswerEngine {
  const provider = createGoogleGenerativeAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    fetch: config.fetch,
  });
  const defaultModel = config.model ?? GOOGLE_DEFAULT_MODEL;
  return {
    id: 'google',
    label: 'Gemini',
    provider: 'google',
    model: defaultModel,
    offline: false,
    answer: async ({ prompt, model, signal }) => {
      const requestedModel = model ?? defaultModel;
      const answer = await runGeneration({
        engine: 'Gemini',
        model: provider(requestedModel),
        requestedModel,
        prompt,
        signal,
        tools: { google_search: provider.tools.googleSearch({}) },
        timeoutMs: config.timeoutMs,
      });
      return withPublisherUrls(answer);
    },
  };
}

const GROUNDING_REDIRECT_HOST = 'vertexaisearch.cloud.google.com';
const HOSTNAME = /^(?=.{4,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i;

/**
 * Grounding chunks point at a Google redirect and carry the publisher's domain as their title.
 * Citation ownership is decided by host, so a redirect would hide every publisher: we cite the
 * publisher's site instead, and keep the redirect when the title is not a domain.
 */
export function withPublisherUrls(answer: EngineAnswer): EngineAnswer {
  const citations = answer.citations.map((citation) => {
    let host: string;
    try {
      host = new URL(citation.url).hostname;
    } catch {
      return citation;
    }
    const title = citation.title?.trim();
    if (host !== GROUNDING_REDIRECT_HOST || !title || !HOSTNAME.test(title)) return citation;
    return { url: `https://${title.toLowerCase()}/`, title };
  });
  return { ...answer, citations };
}
