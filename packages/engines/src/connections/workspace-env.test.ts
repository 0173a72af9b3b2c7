import { describe, expect, it } from 'vitest';
import { kindOfEngine, withWorkspaceConnections } from './workspace-env';

describe('a workspace’s connections over the server’s settings', () => {
  it('replace every setting of their kind, so a server key never goes to a workspace address', () => {
    const env = withWorkspaceConnections(
      {
        OPENAI_API_KEY: 'server-key',
        OPENAI_BASE_URL: 'https://proxy.internal/v1',
        OPENAI_MODEL: 'gpt-4.1',
        GEMINI_API_KEY: 'server-gemini',
        ANTHROPIC_API_KEY: 'server-anthropic',
      },
      [
        { kind: 'OPENAI', baseUrl: null, model: null, apiKey: 'workspace-key' },
        { kind: 'GOOGLE', baseUrl: null, model: 'gemini-2.5-flash', apiKey: 'workspace-gemini' },
        { kind: 'AI_OVERVIEW', baseUrl: null, model: null, apiKey: 'workspace-serp' },
      ],
    );
    expect(env).toMatchObject({
      OPENAI_API_KEY: 'workspace-key',
      OPENAI_BASE_URL: undefined,
      OPENAI_MODEL: undefined,
      GOOGLE_GENERATIVE_AI_API_KEY: 'workspace-gemini',
      GEMINI_API_KEY: undefined,
      GOOGLE_MODEL: 'gemini-2.5-flash',
      ANTHROPIC_API_KEY: 'server-anthropic',
    });
    // SerpApi's one server key serves both answer pages; a workspace's goes under its kind.
    expect(env).toMatchObject({ AI_OVERVIEW_API_KEY: 'workspace-serp', AI_OVERVIEW_BASE_URL: '' });
    expect(env.SERPAPI_API_KEY).toBeUndefined();
  });

  it('an unreadable key leaves the engine unconfigured rather than falling back', () => {
    const env = withWorkspaceConnections({ PERPLEXITY_API_KEY: 'server' }, [
      { kind: 'PERPLEXITY', baseUrl: null, model: null, apiKey: null },
    ]);
    expect(env.PERPLEXITY_API_KEY).toBeUndefined();
  });

  it.each([
    ['openai', 'OPENAI'],
    ['openai-compatible', 'OPENAI_COMPATIBLE'],
    ['local-gpt', undefined],
  ])('kindOfEngine(%s) = %s', (engine, kind) => {
    expect(kindOfEngine(engine)).toBe(kind);
  });
});
