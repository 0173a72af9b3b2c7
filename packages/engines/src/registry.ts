import { tracedFetch } from '@lumen/config/tracing';
import type { Tx } from '@lumen/db/client';
import {
  type AnswerEngine,
  type AnswerRequest,
  type EngineAnswer,
  type EngineInfo,
  EngineUnavailableError,
} from './engine';
import { createDefaultLocalEngine, createLocalEngine } from './local/local-engine';
import { DEFAULT_PERSONA_ID, PERSONAS } from './local/personas';
import { ANTHROPIC_DEFAULT_MODEL, createAnthropicEngine } from './providers/anthropic';
import { createDeepSeekEngine, DEEPSEEK_DEFAULT_MODEL } from './providers/deepseek';
import { createGoogleEngine, GOOGLE_DEFAULT_MODEL } from './providers/google';
import { createMistralEngine, MISTRAL_DEFAULT_MODEL } from './providers/mistral';
import { createOpenAIEngine, OPENAI_DEFAULT_MODEL } from './providers/openai';
import { createOpenAICompatibleEngine } from './providers/openai-compatible';
import { createPerplexityEngine, PERPLEXITY_DEFAULT_MODEL } from './providers/perplexity';
import { createXaiEngine, XAI_DEFAULT_MODEL } from './providers/xai';
import { createSerpApiEngine, SERP_MODEL, type SerpSurface } from './serp/serpapi';

/** process.env, or a workspace's decrypted integrations mapped onto the same names. */
export type EngineEnv = Readonly<Record<string, string | undefined>>;

export interface EngineContext {
  env: EngineEnv;
  /** The corpus connection; only the local engines need it. */
  db?: Tx;
  /**
   * The fetch a provider's calls go through: safeFetch's rules for a workspace's connection
   * (docs/engines.md, "Connections"); the SDK's own fetch for the server's settings.
   */
  fetch?: typeof globalThis.fetch;
}

interface ProviderEntry {
  info: (env: EngineEnv) => EngineInfo | undefined;
  create: (env: EngineEnv, fetch?: typeof globalThis.fetch) => AnswerEngine;
}

function value(env: EngineEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/**
 * A SerpApi setting of one surface: a workspace's connection of that kind sets
 * `AI_OVERVIEW_API_KEY` / `AI_MODE_API_KEY` (empty when its key cannot be opened), which then
 * stands for `SERPAPI_API_KEY`, so the server's key is never used in its place.
 */
function serpSetting(env: EngineEnv, surface: SerpSurface, setting: 'API_KEY' | 'BASE_URL') {
  const own = `${surface === 'ai-overview' ? 'AI_OVERVIEW' : 'AI_MODE'}_${setting}`;
  return own in env ? value(env, own) : value(env, `SERPAPI_${setting}`);
}

function serpEntry(surface: SerpSurface, label: string): ProviderEntry {
  return {
    info: (env) =>
      serpSetting(env, surface, 'API_KEY')
        ? info(surface, label, 'serpapi', SERP_MODEL[surface])
        : undefined,
    create: (env, fetch) =>
      createSerpApiEngine(surface, {
        fetch,
        apiKey: serpSetting(env, surface, 'API_KEY') ?? '',
        baseURL: serpSetting(env, surface, 'BASE_URL'),
      }),
  };
}

function googleKey(env: EngineEnv): string | undefined {
  return value(env, 'GOOGLE_GENERATIVE_AI_API_KEY') ?? value(env, 'GEMINI_API_KEY');
}

// Base URL overrides (OPENAI_BASE_URL, …) serve proxies and gateways, and let tests point the
// real adapters at a loopback server.
const PROVIDERS: Record<string, ProviderEntry> = {
  openai: {
    info: (env) =>
      value(env, 'OPENAI_API_KEY')
        ? info('openai', 'ChatGPT', 'openai', value(env, 'OPENAI_MODEL') ?? OPENAI_DEFAULT_MODEL)
        : undefined,
    create: (env, fetch) =>
      createOpenAIEngine({
        fetch,
        apiKey: value(env, 'OPENAI_API_KEY') ?? '',
        baseURL: value(env, 'OPENAI_BASE_URL'),
        model: value(env, 'OPENAI_MODEL'),
      }),
  },
  anthropic: {
    info: (env) =>
      value(env, 'ANTHROPIC_API_KEY')
        ? info(
            'anthropic',
            'Claude',
            'anthropic',
            value(env, 'ANTHROPIC_MODEL') ?? ANTHROPIC_DEFAULT_MODEL,
          )
        : undefined,
    create: (env, fetch) =>
      createAnthropicEngine({
        fetch,
        apiKey: value(env, 'ANTHROPIC_API_KEY') ?? '',
        baseURL: value(env, 'ANTHROPIC_BASE_URL'),
        model: value(env, 'ANTHROPIC_MODEL'),
      }),
  },
  google: {
    info: (env) =>
      googleKey(env)
        ? info('google', 'Gemini', 'google', value(env, 'GOOGLE_MODEL') ?? GOOGLE_DEFAULT_MODEL)
        : undefined,
    create: (env, fetch) =>
      createGoogleEngine({
        fetch,
        apiKey: googleKey(env) ?? '',
        baseURL: value(env, 'GOOGLE_GENERATIVE_AI_BASE_URL'),
        model: value(env, 'GOOGLE_MODEL'),
      }),
  },
  perplexity: {
    info: (env) =>
      value(env, 'PERPLEXITY_API_KEY')
        ? info(
            'perplexity',
            'Perplexity',
            'perplexity',
            value(env, 'PERPLEXITY_MODEL') ?? PERPLEXITY_DEFAULT_MODEL,
          )
        : undefined,
    create: (env, fetch) =>
      createPerplexityEngine({
        fetch,
        apiKey: value(env, 'PERPLEXITY_API_KEY') ?? '',
        baseURL: value(env, 'PERPLEXITY_BASE_URL'),
        model: value(env, 'PERPLEXITY_MODEL'),
      }),
  },
  xai: {
    info: (env) =>
      value(env, 'XAI_API_KEY')
        ? info('xai', 'Grok', 'xai', value(env, 'XAI_MODEL') ?? XAI_DEFAULT_MODEL)
        : undefined,
    create: (env, fetch) =>
      createXaiEngine({
        fetch,
        apiKey: value(env, 'XAI_API_KEY') ?? '',
        baseURL: value(env, 'XAI_BASE_URL'),
        model: value(env, 'XAI_MODEL'),
      }),
  },
  deepseek: {
    info: (env) =>
      value(env, 'DEEPSEEK_API_KEY')
        ? info(
            'deepseek',
            'DeepSeek',
            'deepseek',
            value(env, 'DEEPSEEK_MODEL') ?? DEEPSEEK_DEFAULT_MODEL,
          )
        : undefined,
    create: (env, fetch) =>
      createDeepSeekEngine({
        fetch,
        apiKey: value(env, 'DEEPSEEK_API_KEY') ?? '',
        baseURL: value(env, 'DEEPSEEK_BASE_URL'),
        model: value(env, 'DEEPSEEK_MODEL'),
      }),
  },
  mistral: {
    info: (env) =>
      value(env, 'MISTRAL_API_KEY')
        ? info(
            'mistral',
            'Mistral',
            'mistral',
            value(env, 'MISTRAL_MODEL') ?? MISTRAL_DEFAULT_MODEL,
          )
        : undefined,
    create: (env, fetch) =>
      createMistralEngine({
        fetch,
        apiKey: value(env, 'MISTRAL_API_KEY') ?? '',
        baseURL: value(env, 'MISTRAL_BASE_URL'),
        model: value(env, 'MISTRAL_MODEL'),
      }),
  },
  'ai-overview': serpEntry('ai-overview', 'Google AI Overviews'),
  'ai-mode': serpEntry('ai-mode', 'Google AI Mode'),
  'openai-compatible': {
    info: (env) => {
      const baseURL = value(env, 'OPENAI_COMPATIBLE_BASE_URL');
      const model = value(env, 'OPENAI_COMPATIBLE_MODEL');
      if (!baseURL || !model) return undefined;
      const { id, label, provider } = compatibleEngine(env, baseURL, model);
      return info(id, label, provider, model);
    },
    create: (env, fetch) =>
      compatibleEngine(
        env,
        value(env, 'OPENAI_COMPATIBLE_BASE_URL') ?? '',
        value(env, 'OPENAI_COMPATIBLE_MODEL') ?? '',
        fetch,
      ),
  },
};

function compatibleEngine(
  env: EngineEnv,
  baseURL: string,
  model: string,
  fetch?: typeof globalThis.fetch,
): AnswerEngine {
  return createOpenAICompatibleEngine({
    baseURL,
    model,
    fetch,
    apiKey: value(env, 'OPENAI_COMPATIBLE_API_KEY'),
  });
}

function info(
  id: string,
  label: string,
  provider: EngineInfo['provider'],
  model: string,
): EngineInfo {
  return { id, label, provider, model, offline: false };
}

const LOCAL_ENGINES: EngineInfo[] = [
  {
    id: 'local',
    label: 'Local (offline)',
    provider: 'local',
    model: DEFAULT_PERSONA_ID,
    offline: true,
  },
  ...PERSONAS.map((p) => ({
    id: p.id,
    label: p.label,
    provider: 'local' as const,
    model: p.id,
    offline: true,
  })),
];

/** Every engine usable with this configuration: the configured providers, then the local ones. */
export function listEngines(env: EngineEnv): EngineInfo[] {
  const providers = Object.values(PROVIDERS).flatMap((entry) => entry.info(env) ?? []);
  return [...providers, ...LOCAL_ENGINES];
}

/**
 * The engines a quick score or a new brand uses by default: every configured provider, or the
 * four local personas when no provider is configured.
 */
export function defaultEngineIds(env: EngineEnv): string[] {
  const providers = listEngines(env).filter((e) => !e.offline);
  return providers.length > 0 ? providers.map((e) => e.id) : PERSONAS.map((p) => p.id);
}

export function getEngine(id: string, context: EngineContext): AnswerEngine {
  const provider = PROVIDERS[id];
  if (provider) {
    if (!provider.info(context.env)) {
      throw new EngineUnavailableError(
        id,
        `The ${id} engine is not configured: ${missingSetting(id)}.`,
      );
    }
    // Each provider call is a client span of the job's trace (docs/observability.md, "Traces").
    return provider.create(
      context.env,
      tracedFetch(context.fetch, {
        'lumen.engine': id,
        'lumen.engine.provider': provider.info(context.env)?.provider,
      }),
    );
  }
  const local = LOCAL_ENGINES.find((e) => e.id === id);
  if (!local) {
    const known = listEngines(context.env)
      .map((e) => e.id)
      .join(', ');
    throw new EngineUnavailableError(id, `Unknown engine "${id}". Available: ${known}.`);
  }
  if (!context.db) {
    throw new EngineUnavailableError(id, `The ${id} engine needs the corpus database.`);
  }
  if (id === 'local') return createDefaultLocalEngine(context.db);
  const persona = PERSONAS.find((p) => p.id === id);
  if (!persona) throw new EngineUnavailableError(id, `Unknown engine "${id}".`);
  return createLocalEngine(context.db, persona);
}

function missingSetting(id: string): string {
  switch (id) {
    case 'openai':
      return 'set OPENAI_API_KEY';
    case 'anthropic':
      return 'set ANTHROPIC_API_KEY';
    case 'google':
      return 'set GOOGLE_GENERATIVE_AI_API_KEY';
    case 'perplexity':
      return 'set PERPLEXITY_API_KEY';
    case 'xai':
      return 'set XAI_API_KEY';
    case 'deepseek':
      return 'set DEEPSEEK_API_KEY';
    case 'mistral':
      return 'set MISTRAL_API_KEY';
    case 'ai-overview':
    case 'ai-mode':
      return 'set SERPAPI_API_KEY';
    default:
      return 'set OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL';
  }
}

/** The one entry point: `answer({ prompt, engine, model?, signal, sample? })`. */
export function answer(request: AnswerRequest, context: EngineContext): Promise<EngineAnswer> {
  const { engine: id, ...asked } = request;
  return getEngine(id, context).answer(asked);
}
