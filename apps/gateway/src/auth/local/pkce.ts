import { createHash } from 'node:crypto';
import { GoTrueError } from './gotrue-error';
import { constantTimeEqual } from './tokens';

export type ChallengeMethod = 's256' | 'plain';

// RFC 7636 §4.1: 43–128 characters of the unreserved set.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Validates the code_challenge pair of /authorize and /recover; null means the implicit flow. */
export function parsePkceParams(
  challenge: string | undefined,
  method: string | undefined,
): { challenge: string; method: ChallengeMethod } | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw new GoTrueError(400, 'validation_failed', 'code challenge method not supported');
  }
  if (!VERIFIER.test(challenge)) {
    throw new GoTrueError(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    );
  }
  return { challenge, method: normalized };
}

export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return constantTimeEqual(computed, challenge);
}
