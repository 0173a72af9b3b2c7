import { describe, expect, it } from 'vitest';
import {
  EngineConnectionInputSchema,
  keyHint,
  originOf,
  serverConnections,
} from './engine-connection';

describe('engine connections', () => {
  it.each([
    ['sk-proj-abcdefgh1234', '1234'],
    ['  sk-proj-abcdefgh9876  ', '9876'],
    ['short', null],
    [null, null],
  ])('keyHint(%j) = %j', (key, hint) => {
    expect(keyHint(key)).toBe(hint);
  });

  it.each([
    ['OPENAI', null, 'https://api.openai.com'],
    ['OPENAI', 'https://proxy.example:8443/openai/v1', 'https://proxy.example:8443'],
    ['OPENAI_COMPATIBLE', null, 'none'],
  ] as const)('originOf(%s, %j) = %s', (kind, baseUrl, origin) => {
    expect(originOf(kind, baseUrl)).toBe(origin);
  });

  it('normalises a base URL and refuses what may not be one', () => {
    const ok = EngineConnectionInputSchema.parse({
      kind: 'OPENAI',
      baseUrl: 'https://h.example/v1/',
    });
    expect(ok.baseUrl).toBe('https://h.example/v1');
    for (const baseUrl of [
      'ftp://h.example',
      'https://u:p@h.example',
      'https://h.example/?k=1',
      'nope',
    ]) {
      expect(EngineConnectionInputSchema.safeParse({ kind: 'OPENAI', baseUrl }).success).toBe(
        false,
      );
    }
    expect(EngineConnectionInputSchema.safeParse({ kind: 'OPENAI', apiKey: 'abc' }).success).toBe(
      false,
    );
  });

  it('lists the server’s configured kinds "from the server", never a key', () => {
    const listed = serverConnections({
      OPENAI_API_KEY: 'sk-server-secret-1234',
      OPENAI_MODEL: 'gpt-5-mini',
      GEMINI_API_KEY: 'g-secret-5678',
      OPENAI_COMPATIBLE_BASE_URL: 'http://llm.internal/v1',
      PERPLEXITY_API_KEY: '  ',
    });
    expect(listed.map((c) => [c.kind, c.label, c.source, c.model])).toEqual([
      ['OPENAI', 'OpenAI (from the server)', 'SERVER', 'gpt-5-mini'],
      ['GOOGLE', 'Google Gemini (from the server)', 'SERVER', null],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/secret/);
  });
});
