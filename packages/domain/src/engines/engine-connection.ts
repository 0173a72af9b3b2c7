import { z } from 'zod';

// Engine connections of a workspace (docs/engines.md): which providers a workspace has keys for,
// and where each kind's key, base URL and model go. Pure data and rules; the sealing, the test
// call and the storage live in packages/engines and packages/db.

export const ENGINE_KINDS = [
  'OPENAI',
  'ANTHROPIC',
  'GOOGLE',
  'PERPLEXITY',
  'XAI',
  'DEEPSEEK',
  'MISTRAL',
  'OPENAI_COMPATIBLE',
  'AI_OVERVIEW',
  'AI_MODE',
] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const CONNECTION_STATUSES = ['CONNECTED', 'FAILING', 'UNTESTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_SOURCES = ['WORKSPACE', 'SERVER'] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

export type EngineKindSpec = {
  label: string;
  /** The registry's engine id whose answers this connection supplies; null: not collected yet. */
  engineId: string | null;
  /** Where the provider's API lives when no base URL is given. */
  defaultBaseUrl: string | null;
  keyRequired: boolean;
  /** The server settings that configure this kind (packages/config/src/env.ts). */
  env: { key: string; baseUrl?: string; model?: string };
};

export const ENGINE_KIND_SPECS: Readonly<Record<EngineKind, EngineKindSpec>> = {
  OPENAI: {
    label: 'OpenAI',
    engineId: 'openai',
    defaultBaseUrl: 'https://api.openai.com/v1',
    keyRequired: true,
    env: { key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL', model: 'OPENAI_MODEL' },
  },
  ANTHROPIC: {
    label: 'Anthropic',
    engineId: 'anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    keyRequired: true,
    env: { key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL', model: 'ANTHROPIC_MODEL' },
  },
  GOOGLE: {
    label: 'Google Gemini',
    engineId: 'google',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    keyRequired: true,
    env: {
      key: 'GOOGLE_GENERATIVE_AI_API_KEY',
      baseUrl: 'GOOGLE_GENERATIVE_AI_BASE_URL',
      model: 'GOOGLE_MODEL',
    },
  },
  PERPLEXITY: {
    label: 'Perplexity',
    engineId: 'perplexity',
    defaultBaseUrl: 'https://api.perplexity.ai',
    keyRequired: true,
    env: { key: 'PERPLEXITY_API_KEY', baseUrl: 'PERPLEXITY_BASE_URL', model: 'PERPLEXITY_MODEL' },
  },
  XAI: {
    label: 'xAI (Grok)',
    engineId: 'xai',
    defaultBaseUrl: 'https://api.x.ai/v1',
    keyRequired: true,
    env: { key: 'XAI_API_KEY', baseUrl: 'XAI_BASE_URL', model: 'XAI_MODEL' },
  },
  DEEPSEEK: {
    label: 'DeepSeek',
    engineId: 'deepseek',
    defaultBaseUrl: 'https://api.deepseek.com',
    keyRequired: true,
    env: { key: 'DEEPSEEK_API_KEY', baseUrl: 'DEEPSEEK_BASE_URL', model: 'DEEPSEEK_MODEL' },
  },
  MISTRAL: {
    label: 'Mistral',
    engineId: 'mistral',
    defaultBaseUrl: 'https://api.mistral.ai/v1',
    keyRequired: true,
    env: { key: 'MISTRAL_API_KEY', baseUrl: 'MISTRAL_BASE_URL', model: 'MISTRAL_MODEL' },
  },
  OPENAI_COMPATIBLE: {
    label: 'OpenAI-compatible',
    engineId: 'openai-compatible',
    defaultBaseUrl: null,
    keyRequired: false,
    env: {
      key: 'OPENAI_COMPATIBLE_API_KEY',
      baseUrl: 'OPENAI_COMPATIBLE_BASE_URL',
      model: 'OPENAI_COMPATIBLE_MODEL',
    },
  },
  AI_OVERVIEW: {
    label: 'Google AI Overviews (SerpApi)',
    engineId: 'ai-overview',
    defaultBaseUrl: 'https://serpapi.com',
    keyRequired: true,
    env: { key: 'SERPAPI_API_KEY', baseUrl: 'SERPAPI_BASE_URL' },
  },
  AI_MODE: {
    label: 'Google AI Mode (SerpApi)',
    engineId: 'ai-mode',
    defaultBaseUrl: 'https://serpapi.com',
    keyRequired: true,
    env: { key: 'SERPAPI_API_KEY', baseUrl: 'SERPAPI_BASE_URL' },
  },
};

/** The last 4 characters of a key, all a page ever shows of it. */
export function keyHint(apiKey: string | null | undefined): string | null {
  const key = apiKey?.trim();
  return key && key.length >= 8 ? key.slice(-4) : null;
}

/** The base URL a connection calls: its own, or its provider's default. */
export function effectiveBaseUrl(kind: EngineKind, baseUrl: string | null): string | null {
  return baseUrl ?? ENGINE_KIND_SPECS[kind].defaultBaseUrl;
}

/** What a sealed key is bound to besides its row: the scheme, host and port it may be sent to. */
export function originOf(kind: EngineKind, baseUrl: string | null): string {
  const url = effectiveBaseUrl(kind, baseUrl);
  return url ? new URL(url).origin : 'none';
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** A base URL without a trailing slash, query or fragment: http(s) only. */
const BaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return undefined;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full address, like https://host/v1.' });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: 'Only http and https addresses are allowed.' });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'The address may not hold a user, password, query or fragment.',
      });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  });

export const EngineConnectionInputSchema = z.object({
  kind: z.enum(ENGINE_KINDS),
  apiKey: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 8, 'That key is too short to be an API key.'),
  label: optionalText(80),
  baseUrl: BaseUrlSchema,
  model: optionalText(200),
});
export type EngineConnectionInput = z.infer<typeof EngineConnectionInputSchema>;

/** A workspace's connection as the API shows it: never its key. */
export type EngineConnection = {
  id: string;
  workspaceId: string | null;
  kind: EngineKind;
  label: string;
  baseUrl: string | null;
  model: string | null;
  keyHint: string | null;
  status: ConnectionStatus;
  lastError: string | null;
  models: string[];
  source: ConnectionSource;
};

/** The instance-wide connections the server's environment configures ("from the server"). */
export function serverConnections(
  env: Readonly<Record<string, string | undefined>>,
): EngineConnection[] {
  const set = (name: string | undefined) => (name ? Boolean(env[name]?.trim()) : false);
  return ENGINE_KINDS.flatMap((kind): EngineConnection[] => {
    const spec = ENGINE_KIND_SPECS[kind];
    const configured =
      kind === 'OPENAI_COMPATIBLE'
        ? set(spec.env.baseUrl) && set(spec.env.model)
        : kind === 'GOOGLE'
          ? set(spec.env.key) || set('GEMINI_API_KEY')
          : set(spec.env.key);
    if (!configured) return [];
    return [
      {
        id: `server-${kind.toLowerCase()}`,
        workspaceId: null,
        kind,
        label: `${spec.label} (from the server)`,
        baseUrl: spec.env.baseUrl ? (env[spec.env.baseUrl]?.trim() ?? null) || null : null,
        model: spec.env.model ? (env[spec.env.model]?.trim() ?? null) || null : null,
        keyHint: null,
        status: 'UNTESTED',
        lastError: null,
        models: [],
        source: 'SERVER',
      },
    ];
  });
}
