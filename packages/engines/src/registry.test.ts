import { describe, expect, it } from 'vitest';
import { EngineUnavailableError } from './engine';
import { defaultEngineIds, getEngine, listEngines } from './registry';

const LOCAL_IDS = ['local', 'local-gpt', 'local-claude', 'local-gemini', 'local-perplexity'];

describe('engine registry', () => {
  it('lists only the local engines when no provider is configured', () => {
    const engines = listEngines({});
    expect(engines.map((e) => e.id)).toEqual(LOCAL_IDS);
    expect(engines[0]).toEqual({
      id: 'local',
      label: 'Local (offline)',
      provider: 'local',
      model: 'local-gpt',
      offline: true,
    });
    expect(defaultEngineIds({})).toEqual(LOCAL_IDS.slice(1));
  });

  it('lists each configured provider with its label and model', () => {
    const env = {
      OPENAI_API_KEY: 'sk-1',
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
      GEMINI_API_KEY: 'AIza',
      PERPLEXITY_API_KEY: ' ',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
    };
    const providers = listEngines(env).filter((e) => !e.offline);
    expect(providers).toEqual([
      { id: 'openai', label: 'ChatGPT', provider: 'openai', model: 'gpt-5-mini', offline: false },
      {
        id: 'anthropic',
        label: 'Claude',
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        offline: false,
      },
      {
        id: 'google',
        label: 'Gemini',
        provider: 'google',
        model: 'gemini-2.5-flash',
        offline: false,
      },
      {
        id: 'openai-compatible',
        label: 'llama3.1:8b (127.0.0.1:11434)',
        provider: 'openai-compatible',
        model: 'llama3.1:8b',
        offline: false,
      },
    ]);
    expect(defaultEngineIds(env)).toEqual(['openai', 'anthropic', 'google', 'openai-compatible']);
    expect(getEngine('openai', { env }).label).toBe('ChatGPT');
  });

  it('refuses unknown, unconfigured and corpus-less engines with a clear reason', () => {
    expect(() => getEngine('bing', { env: {} })).toThrow(
      /Unknown engine "bing"\. Available: local/,
    );
    expect(() => getEngine('perplexity', { env: {} })).toThrow(
      'The perplexity engine is not configured: set PERPLEXITY_API_KEY.',
    );
    expect(() => getEngine('openai-compatible', { env: {} })).toThrow(
      /set OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL/,
    );
    expect(() => getEngine('local-claude', { env: {} })).toThrow(EngineUnavailableError);
  });
});
