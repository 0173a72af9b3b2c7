import type { Env } from '@lumen/config/env';

const ENGINE_SETTINGS = [
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_BASE_URL',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_MODEL',
  'GOOGLE_GENERATIVE_AI_BASE_URL',
  'PERPLEXITY_API_KEY',
  'PERPLEXITY_MODEL',
  'PERPLEXITY_BASE_URL',
  'XAI_API_KEY',
  'XAI_MODEL',
  'XAI_BASE_URL',
  'DEEPSEEK_API_KEY',
  'DEEPSEEK_MODEL',
  'DEEPSEEK_BASE_URL',
  'MISTRAL_API_KEY',
  'MISTRAL_MODEL',
  'MISTRAL_BASE_URL',
  'SERPAPI_API_KEY',
  'SERPAPI_BASE_URL',
  'OPENAI_COMPATIBLE_BASE_URL',
  'OPENAI_COMPATIBLE_API_KEY',
  'OPENAI_COMPATIBLE_MODEL',
] as const;

/** Only the provider settings reach the engines, never the rest of the environment. */
export function engineEnvOf(env: Env): Record<string, string | undefined> {
  return Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, env[key]]));
}
