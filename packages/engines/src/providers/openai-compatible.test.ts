import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../../test/loopback-server';
import { EngineRequestError, MAX_OUTPUT_TOKENS } from '../engine';
import { createOpenAICompatibleEngine } from './openai-compatible';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function ollamaReply(model: string) {
  return {
    id: 'chatcmpl-412',
    object: 'chat.completion',
    created: 1_763_700_000,
    model,
    system_fingerprint: 'fp_ollama',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content:
            'Try **Northwind CRM** ([review](https://crmreviews.example/northwind)) or Relaymark, ' +
            'see https://relaymark.example/pricing.',
        },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 26, completion_tokens: 48, total_tokens: 74 },
  };
}

describe('OpenAI-compatible engine (Ollama, LM Studio, vLLM, OpenRouter)', () => {
  it('talks chat completions to any base URL and keeps the links it wrote as citations', async () => {
    server = await startLoopback((request) => {
      const model = (request.body as { model: string }).model;
      return { body: ollamaReply(`${model}-q4_K_M`) };
    });
    const engine = createOpenAICompatibleEngine({
      baseURL: `${server.url}/v1`,
      model: 'llama3.1:8b',
    });
    expect(engine.label).toBe(`llama3.1:8b (${server.url.replace('http://', '')})`);

    const answer = await engine.answer({ prompt: 'best CRM for startups' });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toMatchObject({ model: 'llama3.1:8b', max_tokens: MAX_OUTPUT_TOKENS });
    expect(answer.servedModel).toBe('llama3.1:8b-q4_K_M');
    expect(answer.citations).toEqual([
      { url: 'https://crmreviews.example/northwind', title: 'review' },
      { url: 'https://relaymark.example/pricing' },
    ]);
    expect(answer.usage).toEqual({ inputTokens: 26, outputTokens: 48, totalTokens: 74 });
  });

  it('reads url_citation annotations from OpenRouter web search before links in the text', async () => {
    server = await startLoopback(() => {
      const reply = ollamaReply('perplexity/sonar');
      const message = reply.choices[0]!.message as Record<string, unknown>;
      message.annotations = [
        {
          type: 'url_citation',
          url_citation: {
            url: 'https://softwarescout.example/best-crm',
            title: 'Best CRM 2025',
            start_index: 0,
            end_index: 10,
          },
        },
      ];
      return { body: reply };
    });
    const engine = createOpenAICompatibleEngine({
      baseURL: `${server.url}/api/v1`,
      model: 'perplexity/sonar:online',
      apiKey: 'sk-or-test',
    });
    const answer = await engine.answer({ prompt: 'best CRM' });
    expect(answer.citations).toEqual([
      { url: 'https://softwarescout.example/best-crm', title: 'Best CRM 2025' },
    ]);
  });

  it('sends the key when one is configured (OpenRouter) and reports an unknown model', async () => {
    server = await startLoopback(() => ({
      status: 404,
      body: { error: { message: 'model "nope" not found, try pulling it first' } },
    }));
    const engine = createOpenAICompatibleEngine({
      baseURL: `${server.url}/api/v1`,
      model: 'nope',
      apiKey: 'sk-or-test',
    });
    const error = await engine.answer({ prompt: 'q' }).catch((e: unknown) => e);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-or-test');
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as Error).message).toContain('not found');
  });
});
