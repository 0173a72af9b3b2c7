import type { IncomingMessage } from 'node:http';
import { ConfigError } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';

// Who is asking, for rate limits and guest budgets (see docs/security.md, "Behind a proxy").
// The socket address, unless TRUST_PROXY names the proxies whose X-Forwarded-For we believe
// (addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`). IPv6 clients are bucketed by
// their /64, which one subscriber usually holds whole, so that a prefix cannot rotate addresses.

export type ClientAddressResolver = (c: Context) => string;

export function parseTrustProxy(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (entry === '*' || entry === 'true') {
      throw new ConfigError(
        'TRUST_PROXY=* would believe any X-Forwarded-For, even from a client that reaches the ' +
          'gateway directly. Name your proxies: addresses, CIDR ranges, loopback or uniquelocal.',
      );
    }
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address, CIDR range or name.`);
    }
  }
  return list;
}

/** The rate-limit key of an address: IPv4 as is, IPv6 as its /64, IPv4-mapped as IPv4. */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return 'unknown';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

export function createClientAddress(options: {
  trustProxy: string | undefined;
  logger?: Logger;
  /** Whether the public URL is another host (then a lone loopback peer is a proxy too). */
  publicUrlIsRemote?: boolean;
}): ClientAddressResolver {
  const list = parseTrustProxy(options.trustProxy);
  const trust = list.length > 0 ? proxyAddr.compile(list) : null;
  const detector = options.logger
    ? createProxyDetector(options.logger, options.publicUrlIsRemote ?? false)
    : null;
  return (c) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const socket = incoming?.socket?.remoteAddress;
    if (!incoming || !socket) return 'unknown';
    if (!trust) {
      detector?.(socket, Boolean(c.req.header('x-forwarded-for')));
      return addressBucket(socket);
    }
    const chosen = proxyAddr(incoming, trust);
    // A trusted proxy that forwards garbage gets its own address counted, not the garbage.
    return addressBucket(ipaddr.isValid(chosen) ? chosen : socket);
  };
}

/**
 * TRUST_PROXY unset behind a proxy makes every visitor one address (and shares one limit).
 * That is detectable: the first requests all come from one private address with an
 * X-Forwarded-For header. Warns once.
 */
export function createProxyDetector(logger: Logger, publicUrlIsRemote: boolean, sample = 50) {
  let first: string | null = null;
  let seen = 0;
  let forwarded = 0;
  let done = false;
  return (socket: string, hasForwardedFor: boolean) => {
    if (done) return;
    first ??= socket;
    if (socket !== first) {
      done = true;
      return;
    }
    seen++;
    if (hasForwardedFor) forwarded++;
    if (seen < sample) return;
    done = true;
    const range = ipaddr.isValid(socket) ? ipaddr.process(socket).range() : 'unknown';
    const privateRange = range === 'private' || range === 'uniqueLocal' || range === 'linkLocal';
    const proxyLoopback = range === 'loopback' && (publicUrlIsRemote || forwarded > 0);
    if (privateRange || proxyLoopback) {
      logger.warn(
        { address: socket, requests: seen, forwardedFor: forwarded },
        'Every request comes from one private address: Lumen looks to be behind a proxy ' +
          'without TRUST_PROXY, so all visitors share one rate limit. Set TRUST_PROXY to the ' +
          "proxy's address (see docs/security.md).",
      );
    }
  };
}
