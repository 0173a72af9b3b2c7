import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import { EngineAuthError, MAX_OUTPUT_TOKENS } from '../engine';
import { createPerplexityEngine } from './perplexity';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sonarReply = {
  id: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  model: 'sonar',
  created: 1_763_700_000,
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      finish_reason: 'stop',
      message: {
        role: 'assistant',
        content: 'Founders most often recommend **Northwind CRM** [1] and **Relaymark** [2].',
      },
    },
  ],
  citations: ['https://www.reddit.com/r/startups/comments/abc/crm', 'https://relaymark.example/'],
  search_results: [
    {
      title: 'Which CRM for a 5-person startup?',
      url: 'https://www.reddit.com/r/startups/comments/abc/crm',
      date: '2025-09-01',
    },
    { title: 'Relaymark', url: 'https://relaymark.example/', date: null },
  ],
  usage: {
    prompt_tokens: 9,
    completion_tokens: 57,
    total_tokens: 66,
    citation_tokens: 1800,
    num_search_queries: 1,
    search_context_size: 'low',
  },
};

describe('Perplexity engine (Sonar)', () => {
  it("sends the brand's country in web_search_options, and nothing without one", async () => {
    server = await startLoopback(() => ({ body: sonarReply }));
    const engine = createPerplexityEngine({ apiKey: 'pplx-test', baseURL: server.url });
    await engine.answer({ prompt: 'q', country: 'United Kingdom' });
    await engine.answer({ prompt: 'q' });
    expect(server.requests[0]?.body).toMatchObject({
      web_search_options: { user_location: { country: 'GB' } },
    });
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain('web_search_options');
  });

  it('returns the answer with the citations Sonar searched', async () => {
    server = await startLoopback(() => ({ body: sonarReply }));
    const engine = createPerplexityEngine({ apiKey: 'pplx-test', baseURL: server.url });

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer pplx-test');
    expect(request?.body).toMatchObject({ model: 'sonar', max_tokens: MAX_OUTPUT_TOKENS });
    expect(answer.text).toContain('**Northwind CRM** [1]');
    expect(answer.citations).toEqual([
      {
        url: 'https://www.reddit.com/r/startups/comments/abc/crm',
        title: 'Which CRM for a 5-person startup?',
      },
      { url: 'https://relaymark.example/', title: 'Relaymark' },
    ]);
    expect(answer.servedModel).toBe('sonar');
    expect(answer.usage).toMatchObject({ inputTokens: 9, outputTokens: 57 });
  });

  it('reports a bad key as authentication', async () => {
    server = await startLoopback(() => ({
      status: 401,
      body: { error: { message: 'Invalid API key', type: 'invalid_api_key', code: 401 } },
    }));
    const engine = createPerplexityEngine({ apiKey: 'pplx-bad', baseURL: server.url });
    await expect(engine.answer({ prompt: 'q' })).rejects.toBeInstanceOf(EngineAuthError);
  });
});
