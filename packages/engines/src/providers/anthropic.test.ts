import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import {
  EngineAuthError,
  EngineRateLimitError,
  EngineTransientError,
  MAX_OUTPUT_TOKENS,
} from '../engine';
import { createAnthropicEngine } from './anthropic';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const messagesReply = {
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [
    { type: 'text', text: "I'll search for current CRM reviews." },
    {
      type: 'server_tool_use',
      id: 'srvtoolu_01',
      name: 'web_search',
      input: { query: 'best CRM for startups 2025' },
    },
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_01',
      content: [
        {
          type: 'web_search_result',
          url: 'https://www.capterra.com/customer-relationship-management-software/',
          title: 'Best CRM Software 2025 | Capterra',
          encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y',
          page_age: 'October 2, 2025',
        },
        {
          type: 'web_search_result',
          url: 'https://forum.startups.example/t/which-crm',
          title: 'Which CRM did you pick?',
          encrypted_content: 'Eo8BCioIARgBIiRkYjQ3',
          page_age: null,
        },
      ],
    },
    {
      type: 'text',
      text: 'Northwind CRM is the most recommended option for early-stage teams.',
      citations: [
        {
          type: 'web_search_result_location',
          url: 'https://www.capterra.com/customer-relationship-management-software/',
          title: 'Best CRM Software 2025 | Capterra',
          encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lM2M2',
          cited_text: 'Northwind CRM ranks first for startups...',
        },
      ],
    },
  ],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: {
    input_tokens: 6039,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 931,
    server_tool_use: { web_search_requests: 1 },
  },
};

describe('Anthropic engine (Messages API with the web_search server tool)', () => {
  it("sends the brand's country as the web search's approximate user location", async () => {
    server = await startLoopback(() => ({ body: messagesReply }));
    const engine = createAnthropicEngine({ apiKey: 'sk-ant-test', baseURL: `${server.url}/v1` });
    await engine.answer({ prompt: 'q', country: 'fr' });
    expect(server.requests[0]?.body).toMatchObject({
      tools: [
        {
          type: 'web_search_20250305',
          user_location: { type: 'approximate', country: 'FR' },
        },
      ],
    });
  });

  it('returns the text, the search results as citations, the served model and usage', async () => {
    server = await startLoopback(() => ({ body: messagesReply }));
    const engine = createAnthropicEngine({ apiKey: 'sk-ant-test', baseURL: `${server.url}/v1` });

    const answer = await engine.answer({ prompt: 'What is the best CRM for startups?' });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.headers['anthropic-version']).toBeTruthy();
    expect(request?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
      max_tokens: MAX_OUTPUT_TOKENS,
    });
    expect(answer.text).toContain('Northwind CRM is the most recommended option');
    expect(answer.citations).toEqual([
      {
        url: 'https://www.capterra.com/customer-relationship-management-software/',
        title: 'Best CRM Software 2025 | Capterra',
      },
      { url: 'https://forum.startups.example/t/which-crm', title: 'Which CRM did you pick?' },
    ]);
    expect(answer.servedModel).toBe('claude-sonnet-4-5-20250929');
    expect(answer.usage).toMatchObject({ inputTokens: 6039, outputTokens: 931, searchCalls: 1 });
  });

  it('maps authentication, rate-limit and overload errors', async () => {
    let reply: { status: number; headers?: Record<string, string>; type: string } = {
      status: 401,
      type: 'authentication_error',
    };
    server = await startLoopback(() => ({
      status: reply.status,
      headers: reply.headers,
      body: { type: 'error', error: { type: reply.type, message: `${reply.type} happened` } },
    }));
    const engine = createAnthropicEngine({ apiKey: 'sk-ant-bad', baseURL: `${server.url}/v1` });

    const auth = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(EngineAuthError);
    expect((auth as Error).message).toContain('authentication_error happened');

    reply = { status: 429, headers: { 'retry-after': '30' }, type: 'rate_limit_error' };
    const limited = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(EngineRateLimitError);
    expect(limited).toMatchObject({ retryAfterMs: 30_000 });

    reply = { status: 529, type: 'overloaded_error' };
    const overloaded = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(EngineTransientError);
  });
});
