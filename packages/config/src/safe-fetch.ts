import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// The one way Lumen fetches a URL that a user influenced (WordPress sites, webhooks, crawls).
// See docs/security.md: only http(s) on ports 80/443, every address the name resolves to must be
// public (checked at connect time, so DNS cannot change its answer between check and use),
// redirects are re-checked, and the body and the whole exchange have caps.

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Operator setting ALLOW_PRIVATE_HOSTS=1: private addresses and any port are allowed. */
  allowPrivateHosts?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** DNS resolution; tests inject names that resolve to hostile addresses. */
  resolve?: Resolver;
  /** Where every checked connection really goes; tests point public names at a loopback server. */
  dial?: { host: string; port: number };
};

export type SafeResponse = {
  url: string;
  status: number;
  ok: boolean;
  headers: Headers;
  body: Buffer;
  /** Milliseconds from sending the (last hop's) request to its response headers: time to first byte. */
  headersMs: number;
  text(): string;
  json(): unknown;
};

export type SafeFetchErrorCode =
  | 'BLOCKED_URL'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'NETWORK';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
};

const defaultResolve: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

// The only IPv6 block assigned to the public internet. ipaddr.js calls everything it has no name
// for "unicast", including the deprecated IPv4-compatible ::/96 (::7f00:1 is 127.0.0.1 to some
// stacks), so IPv6 is allowed from this list rather than refused from one.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True for addresses on the public internet (IPv4-mapped IPv6 is judged as the IPv4 it wraps).
 * IPv6 must be global unicast (2000::/3) outside the special blocks ipaddr.js names inside it
 * (documentation, 6to4 and Teredo, which wrap IPv4 addresses that could be private).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST)) return false;
  return ip.range() === 'unicast';
}

/** Checks scheme, port and literal addresses; names are checked when they resolve. */
export function checkUrl(raw: string | URL, allowPrivateHosts = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('BLOCKED_URL', 'Not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('BLOCKED_URL', 'Only http and https URLs can be fetched.');
  }
  if (url.username || url.password) {
    throw new SafeFetchError('BLOCKED_URL', 'URLs with credentials cannot be fetched.');
  }
  if (allowPrivateHosts) return url;
  // The URL parser drops a port that is the scheme's default, so any port left is another one:
  // http on 443 or https on 80 is refused like any other port (the port belongs to the scheme).
  if (url.port !== '') {
    throw new SafeFetchError(
      'BLOCKED_URL',
      'Only port 80 for http and port 443 for https can be fetched.',
    );
  }
  // WHATWG URL parsing already turned decimal, octal and hex IPv4 forms into dotted quads.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new SafeFetchError('BLOCKED_URL', 'This address is not public.');
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new SafeFetchError('BLOCKED_URL', 'This address is not public.');
  }
  return url;
}

export async function safeFetch(
  input: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeResponse> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = checkUrl(input, options.allowPrivateHosts);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };
  for (let hop = 0; ; hop++) {
    const res = await once(url, { ...options, method, body, headers }, signal);
    const location = res.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(res.status) || !location) return res;
    if (hop >= maxRedirects) {
      throw new SafeFetchError('TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects.`);
    }
    const next = checkUrl(new URL(location, url), options.allowPrivateHosts);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    // Credentials meant for one origin never follow a redirect to another.
    if (next.origin !== url.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)),
      );
    }
    url = next;
  }
}

function once(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const resolve = options.resolve ?? defaultResolve;
  const allowPrivate = options.allowPrivateHosts ?? false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));

  const checkedLookup: LookupFunction = (name, lookupOptions, callback) => {
    resolve(name).then(
      (all) => {
        if (all.length === 0) return callback(new SafeFetchError('NETWORK', 'Host not found.'), '');
        if (!allowPrivate && all.some((a) => !isPublicAddress(a.address))) {
          return callback(
            new SafeFetchError('BLOCKED_URL', 'This host resolves to a private address.'),
            '',
          );
        }
        const picked: ResolvedAddress[] = options.dial
          ? [{ address: options.dial.host, family: options.dial.host.includes(':') ? 6 : 4 }]
          : all;
        if (lookupOptions.all) return callback(null, picked);
        const first = picked[0] as ResolvedAddress;
        return callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };

  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const literal = ipaddr.isValid(hostname);
  const requestOptions: RequestOptions & { servername?: string } = {
    protocol: url.protocol,
    host: options.dial && literal ? options.dial.host : hostname,
    port: options.dial?.port ?? port,
    path: `${url.pathname}${url.search}`,
    method: options.method ?? 'GET',
    headers: { 'accept-encoding': 'identity', ...options.headers, host: url.host },
    lookup: checkedLookup,
    signal,
    agent: false,
    ...(url.protocol === 'https:' && !literal ? { servername: hostname } : {}),
  };

  return new Promise<SafeResponse>((done, fail) => {
    const failWith = (error: unknown) => fail(toSafeError(error, signal, options.signal));
    const started = performance.now();
    const req = request(requestOptions, (res: IncomingMessage) => {
      const headersMs = Math.round(performance.now() - started);
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        return fail(
          new SafeFetchError('TOO_LARGE', `The response is larger than ${maxBytes} bytes.`),
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy(
            new SafeFetchError('TOO_LARGE', `The response is larger than ${maxBytes} bytes.`),
          );
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', failWith);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
        }
        const status = res.statusCode ?? 0;
        done({
          url: url.toString(),
          status,
          ok: status >= 200 && status < 300,
          headers,
          body: bytes,
          headersMs,
          text: () => bytes.toString('utf8'),
          json: () => JSON.parse(bytes.toString('utf8')),
        });
      });
    });
    req.on('error', failWith);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function toSafeError(error: unknown, signal: AbortSignal, caller?: AbortSignal): Error {
  if (error instanceof SafeFetchError) return error;
  if (signal.aborted && !caller?.aborted) {
    return new SafeFetchError('TIMEOUT', 'The site took too long to answer.');
  }
  if (caller?.aborted) return caller.reason instanceof Error ? caller.reason : new Error('Aborted');
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof SafeFetchError) return cause;
  return new SafeFetchError('NETWORK', error instanceof Error ? error.message : 'Network error.');
}
