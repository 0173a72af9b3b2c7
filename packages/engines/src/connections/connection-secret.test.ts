import { randomBytes } from 'node:crypto';
import { createSecretBox, SecretError } from '@lumen/config/secrets';
import { describe, expect, it } from 'vitest';
import { openConnectionKey, sealConnectionKey } from './connection-secret';

const box = createSecretBox(randomBytes(32));
const KEY = 'sk-canary-0123456789abcdef';
const binding = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'OPENAI' as const,
  baseUrl: null,
};

describe('connection keys at rest', () => {
  it('open for their own row, kind and origin', () => {
    const sealed = sealConnectionKey(box, binding, KEY);
    expect(sealed).not.toContain(KEY);
    expect(openConnectionKey(box, binding, sealed)).toBe(KEY);
    // The default base URL and the same URL written out share one origin.
    expect(
      openConnectionKey(box, { ...binding, baseUrl: 'https://api.openai.com/v1' }, sealed),
    ).toBe(KEY);
  });

  it('do not open for another row, kind or origin', () => {
    const sealed = sealConnectionKey(box, binding, KEY);
    for (const other of [
      { ...binding, id: '22222222-2222-4222-8222-222222222222' },
      { ...binding, kind: 'XAI' as const },
      { ...binding, baseUrl: 'https://evil.example/v1' },
    ]) {
      expect(() => openConnectionKey(box, other, sealed)).toThrow(SecretError);
    }
  });
});
