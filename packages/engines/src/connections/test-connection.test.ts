import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackReply, type LoopbackServer, startLoopback } from '../../test/loopback-server';
import { testConnection } from './test-connection';

// "Test connection" against a loopback server speaking each provider's real wire format
// (payloads shaped like the providers' documented answers).

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = 'sk-canary-0123456789abcdefWXYZ';
const allow = { allowPrivateHosts: true };

async function serve(reply: LoopbackReply) {
  server = await startLoopback(() => reply);
  return server;
}

describe('testConnection', () => {
  it('OpenAI: GET /v1/models with the bearer key lists the models', async () => {
    const s = await serve({
      body: {
        object: 'list',
        data: [
          { id: 'gpt-5-mini', object: 'model', created: 1_754_425_777, owned_by: 'system' },
          { id: 'gpt-4.1', object: 'model', created: 1_744_316_542, owned_by: 'system' },
        ],
      },
    });
    const result = await testConnection(
      { kind: 'OPENAI', baseUrl: `${s.url}/v1`, apiKey: KEY },
      allow,
    );
    expect(result).toEqual({ status: 'CONNECTED', models: ['gpt-4.1', 'gpt-5-mini'] });
    expect(s.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('OpenAI: a refused key is FAILING with the provider’s reason, the key masked', async () => {
    const s = await serve({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    });
    const result = await testConnection(
      { kind: 'OPENAI', baseUrl: `${s.url}/v1`, apiKey: KEY },
      allow,
    );
    expect(result.status).toBe('FAILING');
    const error = result.status === 'FAILING' ? result.error : '';
    expect(error).toMatch(/^HTTP 401: Incorrect API key provided: \[key\]/);
    expect(error).not.toContain(KEY.slice(0, 8));
  });

  it('Anthropic: GET /v1/models with x-api-key and anthropic-version', async () => {
    const s = await serve({
      body: {
        data: [
          {
            type: 'model',
            id: 'claude-sonnet-4-5-20250929',
            display_name: 'Claude Sonnet 4.5',
            created_at: '2025-09-29T00:00:00Z',
          },
          {
            type: 'model',
            id: 'claude-haiku-4-5-20251001',
            display_name: 'Claude Haiku 4.5',
            created_at: '2025-10-01T00:00:00Z',
          },
        ],
        has_more: false,
        first_id: 'claude-sonnet-4-5-20250929',
        last_id: 'claude-haiku-4-5-20251001',
      },
    });
    const result = await testConnection(
      { kind: 'ANTHROPIC', baseUrl: `${s.url}/v1`, apiKey: KEY },
      allow,
    );
    expect(result).toEqual({
      status: 'CONNECTED',
      models: ['claude-haiku-4-5-20251001', 'claude-sonnet-4-5-20250929'],
    });
    expect(s.requests[0]?.path).toBe('/v1/models?limit=100');
    expect(s.requests[0]?.headers['x-api-key']).toBe(KEY);
    expect(s.requests[0]?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it('Anthropic: an authentication_error is FAILING with its message', async () => {
    const s = await serve({
      status: 401,
      body: {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
        request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy',
      },
    });
    expect(
      await testConnection({ kind: 'ANTHROPIC', baseUrl: `${s.url}/v1`, apiKey: KEY }, allow),
    ).toEqual({ status: 'FAILING', error: 'HTTP 401: invalid x-api-key' });
  });

  it('Gemini: GET /v1beta/models keeps the models that generate content', async () => {
    const s = await serve({
      body: {
        models: [
          {
            name: 'models/gemini-2.5-flash',
            displayName: 'Gemini 2.5 Flash',
            supportedGenerationMethods: ['generateContent', 'countTokens'],
          },
          {
            name: 'models/text-embedding-004',
            displayName: 'Text Embedding 004',
            supportedGenerationMethods: ['embedContent'],
          },
        ],
      },
    });
    const result = await testConnection(
      { kind: 'GOOGLE', baseUrl: `${s.url}/v1beta`, apiKey: KEY },
      allow,
    );
    expect(result).toEqual({ status: 'CONNECTED', models: ['gemini-2.5-flash'] });
    expect(s.requests[0]?.headers['x-goog-api-key']).toBe(KEY);
    expect(s.requests[0]?.path).not.toContain(KEY);
  });

  it('Perplexity: a one-token chat completion, then its Sonar models', async () => {
    const s = await serve({
      body: {
        id: 'b7c2e9f0-1234',
        model: 'sonar',
        created: 1_763_700_000,
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        citations: [],
        search_results: [],
        object: 'chat.completion',
        choices: [
          { index: 0, finish_reason: 'length', message: { role: 'assistant', content: 'OK' } },
        ],
      },
    });
    const result = await testConnection({ kind: 'PERPLEXITY', baseUrl: s.url, apiKey: KEY }, allow);
    expect(result.status).toBe('CONNECTED');
    expect(result.status === 'CONNECTED' && result.models).toContain('sonar-pro');
    expect(s.requests[0]).toMatchObject({ method: 'POST', path: '/chat/completions' });
    expect(s.requests[0]?.body).toMatchObject({ model: 'sonar', max_tokens: 1 });
  });

  it('Mistral, xAI and DeepSeek speak OpenAI’s list format', async () => {
    const s = await serve({
      body: {
        object: 'list',
        data: [
          {
            id: 'mistral-small-latest',
            object: 'model',
            created: 1_763_700_000,
            owned_by: 'mistralai',
          },
        ],
      },
    });
    for (const kind of ['MISTRAL', 'XAI', 'DEEPSEEK'] as const) {
      expect(await testConnection({ kind, baseUrl: `${s.url}/v1`, apiKey: KEY }, allow)).toEqual({
        status: 'CONNECTED',
        models: ['mistral-small-latest'],
      });
    }
  });

  it('xAI, DeepSeek and Mistral: a refused key is FAILING with each provider’s own reason', async () => {
    const refusals = {
      // xAI answers a wrong key with 400 and a string `error`, the key masked by xAI itself.
      XAI: {
        status: 400,
        body: {
          code: 'Client specified an invalid argument',
          error:
            'Incorrect API key provided: sk***YZ. You can obtain an API key from https://console.x.ai.',
        },
        reason:
          'HTTP 400: Incorrect API key provided: sk***YZ. You can obtain an API key from https://console.x.ai.',
      },
      DEEPSEEK: {
        status: 401,
        body: {
          error: {
            message: 'Authentication Fails, Your api key: ****WXYZ is invalid',
            type: 'authentication_error',
            param: null,
            code: 'invalid_request_error',
          },
        },
        reason: 'HTTP 401: Authentication Fails, Your api key: ****WXYZ is invalid',
      },
      MISTRAL: {
        status: 401,
        body: { message: 'Unauthorized', request_id: '5c8b0d7e2f3a4b1c9d8e7f6a5b4c3d2e' },
        reason: 'HTTP 401: Unauthorized',
      },
    } as const;
    for (const [kind, refusal] of Object.entries(refusals)) {
      const s = await serve({ status: refusal.status, body: refusal.body });
      const result = await testConnection(
        { kind: kind as keyof typeof refusals, baseUrl: s.url, apiKey: KEY },
        allow,
      );
      expect(result).toEqual({ status: 'FAILING', error: refusal.reason });
      expect(s.requests[0]).toMatchObject({ method: 'GET', path: '/models' });
      expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
      await s.close();
      server = undefined;
    }
  });

  it('xAI lists its Grok models for the model picker', async () => {
    const s = await serve({
      body: {
        data: [
          { id: 'grok-4-0709', created: 1_752_019_200, object: 'model', owned_by: 'xai' },
          { id: 'grok-3-mini', created: 1_743_724_800, object: 'model', owned_by: 'xai' },
          {
            id: 'grok-4-fast-non-reasoning',
            created: 1_758_240_000,
            object: 'model',
            owned_by: 'xai',
          },
        ],
        object: 'list',
      },
    });
    expect(
      await testConnection({ kind: 'XAI', baseUrl: `${s.url}/v1`, apiKey: KEY }, allow),
    ).toEqual({
      status: 'CONNECTED',
      models: ['grok-3-mini', 'grok-4-0709', 'grok-4-fast-non-reasoning'],
    });
    expect(s.requests[0]?.path).toBe('/v1/models');
  });

  it('SerpApi (AI Overviews, AI Mode): its free account endpoint; a bad key says why', async () => {
    const s = await serve({
      status: 401,
      body: {
        error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
      },
    });
    const result = await testConnection(
      { kind: 'AI_OVERVIEW', baseUrl: s.url, apiKey: KEY },
      allow,
    );
    expect(result).toEqual({
      status: 'FAILING',
      error:
        'HTTP 401: Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
    });
    expect(s.requests[0]?.path).toMatch(/^\/account\.json\?api_key=/);
  });

  it('a private address is refused before anything is sent, unless ALLOW_PRIVATE_HOSTS', async () => {
    const s = await serve({ body: { object: 'list', data: [] } });
    const result = await testConnection(
      { kind: 'OPENAI_COMPATIBLE', baseUrl: `${s.url}/v1`, apiKey: null },
      { allowPrivateHosts: false },
    );
    expect(result.status).toBe('FAILING');
    expect(s.requests).toHaveLength(0);
  });

  it('an address that is not an API is FAILING, not an error', async () => {
    const s = await serve({ body: '<html>not here</html>' });
    const result = await testConnection(
      { kind: 'OPENAI_COMPATIBLE', baseUrl: s.url, apiKey: null },
      allow,
    );
    expect(result).toMatchObject({ status: 'FAILING' });
  });
});
