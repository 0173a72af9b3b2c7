import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import {
  EngineAuthError,
  EngineRateLimitError,
  EngineRequestError,
  MAX_OUTPUT_TOKENS,
} from '../engine';
import { DEFAULT_PRICE_TABLE, priceAnswer } from '../pricing/price-table';
import { getEngine } from '../registry';
import { createDeepSeekEngine } from './deepseek';
import { createMistralEngine } from './mistral';
import { createXaiEngine, XAI_MAX_SEARCH_RESULTS } from './xai';

// xAI, DeepSeek and Mistral on loopback servers speaking their chat-completions replies, shaped
// like the providers' documented responses (docs/engines.md, "Model APIs").

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** xAI with Live Search: bare URLs in `citations`, sources billed in `usage`. */
const grokReply = {
  id: 'a3d1c0b2-7e8f-4c1d-9a0b-5e6f7a8b9c0d',
  object: 'chat.completion',
  created: 1_763_700_000,
  model: 'grok-4-0709',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content:
          'For a five-person startup, **Northwind CRM** is the usual pick [[1]](https://www.reddit.com/r/startups/comments/abc/crm), ' +
          'with Relaymark as the cheaper option.',
        refusal: null,
      },
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 2104,
    completion_tokens: 312,
    total_tokens: 2416,
    prompt_tokens_details: {
      text_tokens: 2104,
      audio_tokens: 0,
      image_tokens: 0,
      cached_tokens: 0,
    },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    num_sources_used: 3,
  },
  system_fingerprint: 'fp_0d5d8c8c6b',
  citations: [
    'https://www.reddit.com/r/startups/comments/abc/crm',
    'https://relaymark.example/pricing',
    'https://x.com/northwindcrm/status/1850000000000000000',
  ],
};

const deepseekReply = {
  id: '930c60df-bf64-41c9-a88e-3ec75f81e00e',
  object: 'chat.completion',
  created: 1_763_700_000,
  model: 'deepseek-chat',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Popular choices are Northwind CRM (https://northwind.example) and Relaymark.',
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 14,
    completion_tokens: 120,
    total_tokens: 134,
    prompt_tokens_details: { cached_tokens: 0 },
    prompt_cache_hit_tokens: 0,
    prompt_cache_miss_tokens: 14,
  },
  system_fingerprint: 'fp_ffc7281d48_prod0820_fp8_kvcache',
};

const mistralReply = {
  id: 'cmpl-e5cc70bb28c444948073e77776eb30ef',
  object: 'chat.completion',
  created: 1_763_700_000,
  model: 'mistral-medium-2505',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Northwind CRM and [Relaymark](https://relaymark.example/) suit small teams.',
        tool_calls: null,
        prefix: false,
      },
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 96, total_tokens: 108 },
};

describe('xAI engine (Grok with Live Search)', () => {
  it('asks with Live Search on and returns its citations and the served model', async () => {
    server = await startLoopback(() => ({ body: grokReply }));
    const engine = createXaiEngine({ apiKey: 'xai-test-key', baseURL: server.url });

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer xai-test-key');
    expect(request?.body).toMatchObject({
      model: 'grok-4',
      max_tokens: MAX_OUTPUT_TOKENS,
      search_parameters: {
        mode: 'auto',
        return_citations: true,
        max_search_results: XAI_MAX_SEARCH_RESULTS,
      },
    });
    expect(answer.citations).toEqual([
      { url: 'https://www.reddit.com/r/startups/comments/abc/crm' },
      { url: 'https://relaymark.example/pricing' },
      { url: 'https://x.com/northwindcrm/status/1850000000000000000' },
    ]);
    expect(answer.requestedModel).toBe('grok-4');
    expect(answer.servedModel).toBe('grok-4-0709');
    expect(answer.usage).toEqual({
      inputTokens: 2104,
      outputTokens: 312,
      totalTokens: 2416,
      searchCalls: 3,
    });
    // grok-4 ($3 / $15 per M) and 3 sources at $25 per 1 000:
    // 2104 × 3 / 1e6 + 312 × 15 / 1e6 + 3 × 0.025 = 0.006312 + 0.00468 + 0.075.
    expect(priceAnswer(DEFAULT_PRICE_TABLE, 'xai', answer)).toBeCloseTo(0.085992, 8);
  });

  it('a refused key is an authentication error with xAI’s reason', async () => {
    server = await startLoopback(() => ({
      status: 400,
      body: {
        code: 'Client specified an invalid argument',
        error:
          'Incorrect API key provided: xa***ey. You can obtain an API key from https://console.x.ai.',
      },
    }));
    const bad = createXaiEngine({ apiKey: 'xai-bad-key', baseURL: server.url });
    // xAI answers a wrong key with 400 (still an authentication failure); a revoked one with 401.
    const wrong = await bad.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(EngineAuthError);
    expect((wrong as Error).message).toContain('Incorrect API key provided');

    await server.close();
    server = await startLoopback(() => ({
      status: 401,
      body: { error: { message: 'Invalid API key', type: 'invalid_request_error' } },
    }));
    const revoked = createXaiEngine({ apiKey: 'xai-revoked', baseURL: server.url });
    const error = await revoked.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineAuthError);
    expect((error as Error).message).toContain('Invalid API key');
  });

  it('any other 400 is a refused request, not a key problem', async () => {
    server = await startLoopback(() => ({
      status: 400,
      body: {
        code: 'Client specified an invalid argument',
        error: 'Model not found: grok-9',
      },
    }));
    const engine = createXaiEngine({ apiKey: 'xai-test-key', baseURL: server.url });
    await expect(engine.answer({ prompt: 'q', model: 'grok-9' })).rejects.toBeInstanceOf(
      EngineRequestError,
    );
  });

  it('a 429 is a rate limit with the wait xAI asked for', async () => {
    server = await startLoopback(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { code: 'Too many requests', error: 'Rate limit exceeded for grok-4.' },
    }));
    const engine = createXaiEngine({ apiKey: 'xai-test-key', baseURL: server.url });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRateLimitError);
    expect((error as EngineRateLimitError).retryAfterMs).toBe(7_000);
  });
});

describe('DeepSeek engine (no web search)', () => {
  it('answers from the model; the links it wrote are the citations', async () => {
    server = await startLoopback(() => ({ body: deepseekReply }));
    const engine = createDeepSeekEngine({ apiKey: 'sk-deepseek-test', baseURL: server.url });

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-deepseek-test');
    expect(request?.body).toMatchObject({ model: 'deepseek-chat' });
    expect(request?.body).not.toHaveProperty('search_parameters');
    expect(answer.servedModel).toBe('deepseek-chat');
    expect(answer.citations).toEqual([{ url: 'https://northwind.example' }]);
    expect(answer.usage).toEqual({ inputTokens: 14, outputTokens: 120, totalTokens: 134 });
    // 14 × 0.28 / 1e6 + 120 × 0.42 / 1e6
    expect(priceAnswer(DEFAULT_PRICE_TABLE, 'deepseek', answer)).toBeCloseTo(0.00005432, 8);
  });

  it('401 is authentication with DeepSeek’s reason; 429 a rate limit', async () => {
    server = await startLoopback(() => ({
      status: 401,
      body: {
        error: {
          message: 'Authentication Fails, Your api key: ****test is invalid',
          type: 'authentication_error',
          param: null,
          code: 'invalid_request_error',
        },
      },
    }));
    const engine = createDeepSeekEngine({ apiKey: 'sk-deepseek-test', baseURL: server.url });
    const auth = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(EngineAuthError);
    expect((auth as Error).message).toContain('Authentication Fails');

    await server.close();
    server = await startLoopback(() => ({
      status: 429,
      body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
    }));
    const limited = createDeepSeekEngine({ apiKey: 'sk-deepseek-test', baseURL: server.url });
    await expect(limited.answer({ prompt: 'q' })).rejects.toBeInstanceOf(EngineRateLimitError);
  });
});

describe('Mistral engine (no web search in the chat API)', () => {
  it('posts to /v1/chat/completions and returns the served model and written links', async () => {
    server = await startLoopback(() => ({ body: mistralReply }));
    const engine = createMistralEngine({ apiKey: 'mistral-test-key', baseURL: `${server.url}/v1` });

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer mistral-test-key');
    expect(request?.body).toMatchObject({ model: 'mistral-medium-latest' });
    expect(answer.servedModel).toBe('mistral-medium-2505');
    expect(answer.citations).toEqual([{ url: 'https://relaymark.example/', title: 'Relaymark' }]);
    // mistral-medium-2505 takes mistral-medium's row: 12 × 0.4 / 1e6 + 96 × 2 / 1e6
    expect(priceAnswer(DEFAULT_PRICE_TABLE, 'mistral', answer)).toBeCloseTo(0.0001968, 8);
  });

  it('401 is authentication with Mistral’s reason; 429 a rate limit with its wait', async () => {
    server = await startLoopback(() => ({
      status: 401,
      body: { message: 'Unauthorized', request_id: '5c8b0d7e2f3a4b1c9d8e7f6a5b4c3d2e' },
    }));
    const engine = createMistralEngine({ apiKey: 'mistral-bad-key', baseURL: server.url });
    const auth = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(EngineAuthError);
    expect((auth as Error).message).toContain('Unauthorized');

    await server.close();
    server = await startLoopback(() => ({
      status: 429,
      headers: { 'retry-after': '2' },
      body: {
        object: 'error',
        message: 'Requests rate limit exceeded',
        type: 'rate_limited',
        param: null,
        code: '1300',
      },
    }));
    const limited = createMistralEngine({ apiKey: 'mistral-key', baseURL: server.url });
    const error = await limited.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRateLimitError);
    expect((error as EngineRateLimitError).retryAfterMs).toBe(2_000);
  });
});

describe('the registry', () => {
  it('configures xAI, DeepSeek and Mistral from their server keys', () => {
    const env = { XAI_API_KEY: 'xai-1', DEEPSEEK_API_KEY: 'sk-2', MISTRAL_API_KEY: 'm-3' };
    expect(getEngine('xai', { env })).toMatchObject({ label: 'Grok', model: 'grok-4' });
    expect(getEngine('deepseek', { env })).toMatchObject({ model: 'deepseek-chat' });
    expect(getEngine('mistral', { env })).toMatchObject({ model: 'mistral-medium-latest' });
    expect(() => getEngine('xai', { env: {} })).toThrow('set XAI_API_KEY');
  });
});
