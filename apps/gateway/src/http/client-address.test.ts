import type { Logger } from '@lumen/config/logger';
import type { Context } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import {
  addressBucket,
  createClientAddress,
  createProxyDetector,
  parseTrustProxy,
} from './client-address';

// What @hono/node-server hands a handler: the Node request in c.env.incoming.
function contextFrom(socket: string, forwardedFor?: string): Context {
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  return {
    env: {
      incoming: {
        socket: { remoteAddress: socket },
        connection: { remoteAddress: socket },
        headers,
      },
    },
    req: { header: (name: string) => headers[name.toLowerCase()] },
  } as unknown as Context;
}

describe('client address', () => {
  it('believes nobody without TRUST_PROXY', () => {
    const resolve = createClientAddress({ trustProxy: undefined });
    expect(resolve(contextFrom('198.51.100.7', '1.2.3.4'))).toBe('198.51.100.7');
  });

  it('refuses TRUST_PROXY=* and entries it cannot parse', () => {
    expect(() => parseTrustProxy('*')).toThrow(/Name your proxies/);
    expect(() => parseTrustProxy('10.0.0.0/8, not-an-address')).toThrow(/not-an-address/);
    expect(parseTrustProxy('loopback, 10.0.0.0/8, uniquelocal')).toHaveLength(3);
  });

  it.each([
    // [TRUST_PROXY, socket, X-Forwarded-For, expected]
    ['10.0.0.0/8', '10.1.2.3', '203.0.113.9', '203.0.113.9'],
    ['10.0.0.0/8', '198.51.100.7', '203.0.113.9', '198.51.100.7'], // direct client: header ignored
    ['loopback', '127.0.0.1', '203.0.113.9, 127.0.0.1', '203.0.113.9'],
    ['loopback', '::ffff:127.0.0.1', '203.0.113.9', '203.0.113.9'],
    ['uniquelocal', 'fd00::5', '203.0.113.9', '203.0.113.9'],
    // A forged left-most entry does not help: the nearest untrusted hop wins.
    ['10.0.0.0/8', '10.1.2.3', '6.6.6.6, 203.0.113.9', '203.0.113.9'],
    // Garbage from a trusted proxy counts as the proxy itself.
    ['10.0.0.0/8', '10.1.2.3', 'not-an-ip', '10.1.2.3'],
    // IPv6 clients share their /64.
    ['10.0.0.0/8', '10.1.2.3', '2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
  ])('TRUST_PROXY=%s, socket %s, X-Forwarded-For %s → %s', (trust, socket, xff, expected) => {
    expect(createClientAddress({ trustProxy: trust })(contextFrom(socket, xff))).toBe(expected);
  });

  it('buckets IPv6 by /64 and unwraps IPv4-mapped addresses', () => {
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe(addressBucket('2001:db8:1:2:ffff::9'));
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('junk')).toBe('unknown');
  });

  it('warns once when every request comes from one private address', () => {
    const warn = vi.fn();
    const detect = createProxyDetector({ warn } as unknown as Logger, false, 5);
    for (let i = 0; i < 10; i++) detect('172.17.0.1', true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/TRUST_PROXY/);

    const quiet = vi.fn();
    const local = createProxyDetector({ warn: quiet } as unknown as Logger, false, 5);
    for (let i = 0; i < 10; i++) local('127.0.0.1', false); // npm start on a laptop
    const mixed = createProxyDetector({ warn: quiet } as unknown as Logger, false, 5);
    mixed('172.17.0.1', true);
    for (let i = 0; i < 10; i++) mixed('203.0.113.5', false);
    expect(quiet).not.toHaveBeenCalled();
  });
});
