import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GoTrueError } from './gotrue-error';
import { parsePkceParams, verifierMatches } from './pkce';

const verifier = `${'a'.repeat(20)}-._~${'Z9'.repeat(12)}`;
const s256 = createHash('sha256').update(verifier).digest('base64url');

describe('verifierMatches', () => {
  it.each([
    { name: 's256 with the right verifier', v: verifier, c: s256, m: 's256', ok: true },
    { name: 'plain with the right verifier', v: verifier, c: verifier, m: 'plain', ok: true },
    { name: 's256 with another verifier', v: `${verifier}x`, c: s256, m: 's256', ok: false },
    { name: 'plain given the s256 challenge', v: verifier, c: s256, m: 'plain', ok: false },
    { name: 'a verifier that is too short', v: 'short', c: 'short', m: 'plain', ok: false },
    {
      name: 'a verifier with forbidden characters',
      v: `${verifier}!`,
      c: `${verifier}!`,
      m: 'plain',
      ok: false,
    },
  ])('$name → $ok', ({ v, c, m, ok }) => {
    expect(verifierMatches(v, c, m)).toBe(ok);
  });
});

describe('parsePkceParams', () => {
  it('is null for the implicit flow', () => {
    expect(parsePkceParams(undefined, undefined)).toBeNull();
  });
  it('accepts s256 in any case', () => {
    expect(parsePkceParams(s256, 'S256')).toEqual({ challenge: s256, method: 's256' });
  });
  it.each([
    [s256, undefined],
    [undefined, 's256'],
    [s256, 'sha1'],
    ['tiny', 's256'],
  ])('refuses challenge %s with method %s', (challenge, method) => {
    expect(() => parsePkceParams(challenge, method)).toThrow(GoTrueError);
  });
});
