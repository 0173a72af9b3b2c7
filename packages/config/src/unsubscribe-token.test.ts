import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const key = randomBytes(32);
const target = {
  workspaceId: '5b1e0c4a-0000-4000-8000-000000000001',
  userId: '0d7c0c4a-0000-4000-8000-000000000002',
  kind: 'run.failed',
};

describe('unsubscribe tokens', () => {
  it('round-trips the workspace, person and kind', () => {
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, target))).toEqual(target);
  });

  const token = signUnsubscribeToken(key, target);
  const [body, sig] = token.split('.') as [string, string];
  const other = Buffer.from(`${target.workspaceId}|${target.userId}|score.moved`, 'utf8').toString(
    'base64url',
  );
  it.each([
    ['another key', signUnsubscribeToken(randomBytes(32), target)],
    ['another kind with this signature', `${other}.${sig}`],
    ['a truncated signature', `${body}.${sig.slice(0, 10)}`],
    ['no signature', body],
    ['an extra part', `${token}.x`],
    ['nothing', ''],
    ['garbage', 'not-a-token'],
  ])('refuses %s', (_what, bad) => {
    expect(verifyUnsubscribeToken(key, bad)).toBeNull();
  });
});
