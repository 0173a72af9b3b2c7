import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { standInAllowed } from './deps';

function from(socket: string | undefined, headers: Record<string, string> = {}): Context {
  return {
    env: socket ? { incoming: { socket: { remoteAddress: socket } } } : {},
    req: { header: (name: string) => headers[name.toLowerCase()] },
  } as unknown as Context;
}

describe('Google/Facebook stand-ins', () => {
  it.each([
    ['127.0.0.1', {}, true],
    ['::1', {}, true],
    ['::ffff:127.0.0.1', {}, true],
    // Anyone else on the network could pick the owner's email and take the account.
    ['192.168.1.23', {}, false],
    ['203.0.113.9', {}, false],
    ['fd00::4', {}, false],
    // A proxy on this machine: the socket is loopback, the person is not.
    ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, false],
    ['127.0.0.1', { forwarded: 'for=203.0.113.9' }, false],
    [undefined, {}, false],
  ])('socket %s with %o → %s', (socket, headers, allowed) => {
    expect(standInAllowed(from(socket, headers), { standInProviders: true })).toBe(allowed);
  });

  it('are off whatever the client when local auth runs in production', () => {
    expect(standInAllowed(from('127.0.0.1'), { standInProviders: false })).toBe(false);
  });
});
