import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopback } from '../test/loopback-server';
import { askJudge, createJudge, type JudgeFailure } from './judge';
import { createOpenAICompatibleEngine } from './providers/openai-compatible';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function completion(content: string) {
  return {
    id: 'chatcmpl-judge',
    object: 'chat.completion',
    created: 1_763_700_000,
    model: 'judge-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 40, completion_tokens: 5, total_tokens: 45 },
  };
}

const question = {
  brand: 'Harvest',
  description: 'time tracking and invoicing software',
  sentence: 'We tried harvest for a week.',
};

async function judgeWith(reply: (n: number) => { status?: number; body: unknown }) {
  let n = 0;
  server = await startLoopback(() => reply(n++));
  const engine = createOpenAICompatibleEngine({
    baseURL: `${server.url}/v1`,
    model: 'judge-model',
  });
  return askJudge(engine, question);
}

describe('the judge over chat completions', () => {
  it('sends the brand, its description and the sentence, and reads a strict verdict', async () => {
    expect(await judgeWith(() => ({ body: completion('{"brand": true}') }))).toBe(true);
    const request = server!.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    const body = request.body as { model: string; messages: { content: unknown }[] };
    expect(body.model).toBe('judge-model');
    const sent = JSON.stringify(body.messages);
    expect(sent).toContain('Harvest');
    expect(sent).toContain('time tracking and invoicing software');
    expect(sent).toContain('We tried harvest for a week.');
    expect(server!.requests).toHaveLength(1);
  });

  it('reads a "no" as false', async () => {
    expect(await judgeWith(() => ({ body: completion('{"brand": false}') }))).toBe(false);
  });

  it('gives no verdict for a reply not of the strict form', async () => {
    expect(await judgeWith(() => ({ body: completion('Yes, that is the brand.') }))).toBeNull();
  });

  it('gives no verdict when the provider fails', async () => {
    expect(
      await judgeWith(() => ({ status: 400, body: { error: { message: 'bad model' } } })),
    ).toBeNull();
  });
});

describe('the judge the settings give', () => {
  const yes = () => ({ body: completion('{"brand": true}') });

  it('is none when off, or when the chosen provider is not configured', () => {
    const configured = {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1',
      OPENAI_COMPATIBLE_MODEL: 'm',
    };
    expect(createJudge(configured, 'off')).toBeNull();
    expect(createJudge({}, 'on')).toBeNull();
    expect(createJudge({ OPENAI_COMPATIBLE_MODEL: 'm' }, 'on')).toBeNull();
    expect(createJudge({ OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1' }, 'on')).toBeNull();
    expect(
      createJudge(
        { OPENAI_COMPATIBLE_BASE_URL: 'http://x/v1', OPENAI_COMPATIBLE_MODEL: 'm' },
        'openai',
      ),
    ).toBeNull();
    expect(createJudge({ OPENAI_API_KEY: 'sk-test' }, 'openai-compatible')).toBeNull();
  });

  it('"on" picks OpenAI with a key, else the OpenAI-compatible server; the model is in its name', () => {
    const compatible = {
      OPENAI_COMPATIBLE_BASE_URL: 'http://x/v1',
      OPENAI_COMPATIBLE_MODEL: 'llama',
    };
    expect(createJudge({ ...compatible, OPENAI_API_KEY: 'sk-test' }, 'on')?.model).toBe(
      'openai/gpt-5-mini',
    );
    expect(createJudge(compatible, 'on')?.model).toBe('openai-compatible/llama');
    expect(createJudge(compatible, 'on', 'judge-model')?.model).toBe(
      'openai-compatible/judge-model',
    );
    expect(createJudge({ OPENAI_API_KEY: 'sk-test' }, 'openai', 'gpt-4.1-nano')?.model).toBe(
      'openai/gpt-4.1-nano',
    );
  });

  it('asks OpenAI over chat completions (no web search) with its key, at OPENAI_BASE_URL', async () => {
    server = await startLoopback(yes);
    const judge = createJudge(
      { OPENAI_API_KEY: 'sk-judge', OPENAI_BASE_URL: `${server.url}/v1` },
      'on',
      'judge-model',
    );
    expect(await judge!.ask({ brand: 'Harvest', sentence: 'We tried harvest.' })).toBe(true);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-judge');
    const body = request.body as { model: string; tools?: unknown; messages: unknown };
    expect(body.model).toBe('judge-model');
    expect(body.tools).toBeUndefined();
    // Only the brand's name and the sentence: no key, no other setting.
    expect(JSON.stringify(body.messages)).not.toContain('sk-judge');
    expect(JSON.stringify(body.messages)).toContain('We tried harvest.');
  });

  it.each([
    ['a 5xx', { status: 503, body: { error: { message: 'overloaded' } } }, 'ENGINE_TRANSIENT'],
    ['a reply out of form', { body: completion('Probably the brand.') }, 'unreadable-reply'],
    ['a body that is not JSON', { status: 200, body: 'not json' }, 'ENGINE_BAD_REQUEST'],
  ] as const)('gives no verdict on %s and says why', async (_, reply, reason) => {
    server = await startLoopback(() => reply);
    const judge = createJudge(
      { OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`, OPENAI_COMPATIBLE_MODEL: 'm' },
      'on',
    );
    const reasons: JudgeFailure[] = [];
    expect(await judge!.ask(question, (r) => reasons.push(r))).toBeNull();
    expect(reasons).toEqual([reason]);
  });

  it('gives no verdict when the judge does not answer in time', async () => {
    server = await startLoopback(() => ({ hang: true }));
    const judge = createJudge(
      { OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`, OPENAI_COMPATIBLE_MODEL: 'm' },
      'on',
      undefined,
      100,
    );
    const reasons: JudgeFailure[] = [];
    expect(await judge!.ask(question, (r) => reasons.push(r))).toBeNull();
    expect(reasons).toEqual(['ENGINE_TIMEOUT']);
  });
});
