import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackReply, type LoopbackServer, startLoopback } from '../../test/loopback-server';
import {
  EngineAuthError,
  EngineRateLimitError,
  EngineRequestError,
  EngineTimeoutError,
  EngineTransientError,
  MAX_OUTPUT_TOKENS,
} from '../engine';
import { createOpenAIEngine } from './openai';

const TEXT =
  'The best CRM for startups in 2025 is **Northwind CRM**, followed by **Relaymark** ' +
  '([g2.com](https://www.g2.com/crm)).';

function responsesApiReply(): LoopbackReply {
  return {
    headers: { 'x-request-id': 'req_123' },
    body: {
      id: 'resp_68af0c',
      object: 'response',
      created_at: 1_763_700_000,
      status: 'completed',
      model: 'gpt-5-mini-2025-08-07',
      output: [
        {
          type: 'web_search_call',
          id: 'ws_1',
          status: 'completed',
          action: { type: 'search', query: 'best CRM for startups' },
        },
        {
          type: 'message',
          id: 'msg_1',
          status: 'completed',
          role: 'assistant',
          content: [
            {
              type: 'output_text',
              text: TEXT,
              annotations: [
                {
                  type: 'url_citation',
                  start_index: 90,
                  end_index: 125,
                  url: 'https://www.g2.com/crm',
                  title: 'Best CRM Software 2025',
                },
                {
                  type: 'url_citation',
                  start_index: 10,
                  end_index: 20,
                  url: 'https://crmreviews.example/startups',
                  title: 'CRM for startups',
                },
                {
                  type: 'url_citation',
                  start_index: 30,
                  end_index: 40,
                  url: 'https://www.g2.com/crm/',
                  title: 'Best CRM Software 2025 (again)',
                },
              ],
            },
          ],
        },
      ],
      usage: {
        input_tokens: 812,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 230,
        output_tokens_details: { reasoning_tokens: 64 },
        total_tokens: 1042,
      },
    },
  };
}

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAI engine (Responses API with web search)', () => {
  it('sends the prompt with the web_search tool and returns text, citations, model and usage', async () => {
    server = await startLoopback(() => responsesApiReply());
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });

    const answer = await engine.answer({ prompt: 'What is the best CRM for startups?' });

    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/responses');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({
      model: 'gpt-5-mini',
      tools: [{ type: 'web_search' }],
      max_output_tokens: MAX_OUTPUT_TOKENS,
    });
    expect(JSON.stringify(request?.body)).toContain('What is the best CRM for startups?');

    expect(answer.text).toBe(TEXT);
    expect(answer.citations).toEqual([
      { url: 'https://www.g2.com/crm', title: 'Best CRM Software 2025' },
      { url: 'https://crmreviews.example/startups', title: 'CRM for startups' },
    ]);
    expect(answer.requestedModel).toBe('gpt-5-mini');
    expect(answer.servedModel).toBe('gpt-5-mini-2025-08-07');
    expect(answer.usage).toEqual({
      inputTokens: 812,
      outputTokens: 230,
      totalTokens: 1042,
      searchCalls: 1,
    });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("sends the brand's country as the search tool's approximate location, and none it cannot read", async () => {
    server = await startLoopback(() => responsesApiReply());
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    await engine.answer({ prompt: 'q', country: 'Germany' });
    await engine.answer({ prompt: 'q', country: 'Atlantis' });
    expect(server.requests[0]?.body).toMatchObject({
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'DE' } }],
    });
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain('user_location');
  });

  it('asks for the model the caller names', async () => {
    server = await startLoopback(() => responsesApiReply());
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const answer = await engine.answer({ prompt: 'q', model: 'gpt-4.1' });
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-4.1' });
    expect(answer.requestedModel).toBe('gpt-4.1');
  });

  it('reports a rejected key as a final authentication error', async () => {
    server = await startLoopback(() => ({
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key provided: sk-bad. You can find your API key at ...',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    }));
    const engine = createOpenAIEngine({ apiKey: 'sk-bad', baseURL: `${server.url}/v1` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineAuthError);
    expect(error).toMatchObject({ code: 'ENGINE_AUTH', retryable: false });
    expect((error as Error).message).toMatch(/^Authentication failed for ChatGPT/);
    // One call only: the SDK's own retries are off, retries belong to the worker.
    expect(server.requests).toHaveLength(1);
  });

  it('reports 429 as a rate limit with the wait the provider asked for', async () => {
    server = await startLoopback(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      },
    }));
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 7000, retryable: true });
  });

  it('treats an exhausted quota (429 insufficient_quota) as final, not as a rate limit', async () => {
    server = await startLoopback(() => ({
      status: 429,
      body: {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
    }));
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineRequestError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toContain('exceeded your current quota');
  });

  it('prefers retry-after-ms when the provider sends it', async () => {
    server = await startLoopback(() => ({
      status: 429,
      headers: { 'retry-after-ms': '1500', 'retry-after': '2' },
      body: { error: { message: 'Rate limit reached', type: 'requests', code: null } },
    }));
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryAfterMs: 1500 });
  });

  it('reports 5xx as transient and 400 as a final request error', async () => {
    let status = 503;
    server = await startLoopback(() => ({
      status,
      body: { error: { message: `status ${status}`, type: 'server_error', code: null } },
    }));
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const transient = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(transient).toBeInstanceOf(EngineTransientError);
    expect(transient).toMatchObject({ retryable: true });

    status = 400;
    const bad = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(EngineRequestError);
    expect(bad).toMatchObject({ retryable: false });
    expect((bad as Error).message).toContain('status 400');
  });

  it('reports a refused connection as transient', async () => {
    server = await startLoopback(() => responsesApiReply());
    const url = server.url;
    await server.close();
    server = undefined;
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${url}/v1` });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTransientError);
  });

  it('times out a provider that does not answer', async () => {
    server = await startLoopback(() => ({ hang: true }));
    const engine = createOpenAIEngine({
      apiKey: 'sk-test',
      baseURL: `${server.url}/v1`,
      timeoutMs: 150,
    });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ code: 'ENGINE_TIMEOUT', retryable: true, timeoutMs: 150 });
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    server = await startLoopback(() => ({ hang: true }));
    const engine = createOpenAIEngine({ apiKey: 'sk-test', baseURL: `${server.url}/v1` });
    const controller = new AbortController();
    const reason = new Error('run cancelled');
    setTimeout(() => controller.abort(reason), 50);
    const error = await engine
      .answer({ prompt: 'q', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
