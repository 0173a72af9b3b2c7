import type { Context } from '../context';
import { LumenError } from '../errors';

// Every open subscription holds a Redis channel and a socket. Bounded three ways (see
// docs/security.md, "What is limited"): ids are UUIDs (no arbitrary channel names), each address
// may hold a few streams at once (per gateway process), and no stream outlives its lifetime.
// Resolvers also end a stream as soon as its row is final.

export const STREAM_LIMITS = { perAddress: 10, defaultLifetimeSeconds: 15 * 60 };

const open = new Map<string, number>();

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}

/** Refuses a malformed id before any Redis channel is touched. */
export function requireUuid(value: string, what: string): string {
  if (!isUuid(value)) {
    throw new LumenError('BAD_USER_INPUT', `${what} id must be a UUID.`);
  }
  return value;
}

/**
 * Runs `source` as a bounded stream: counted against the caller's address while open, and
 * ended (its signal aborted) when the client leaves or the lifetime is over.
 */
export async function* boundedStream<T>(
  options: { address: string; signal: AbortSignal; lifetimeSeconds?: number },
  source: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const count = open.get(options.address) ?? 0;
  if (count >= STREAM_LIMITS.perAddress) {
    throw new LumenError(
      'RATE_LIMITED',
      `At most ${STREAM_LIMITS.perAddress} live updates can be open at once; close another page.`,
    );
  }
  open.set(options.address, count + 1);
  const lifetime = (options.lifetimeSeconds ?? STREAM_LIMITS.defaultLifetimeSeconds) * 1000;
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(lifetime)]);
  try {
    yield* source(signal);
  } finally {
    const left = (open.get(options.address) ?? 1) - 1;
    if (left <= 0) open.delete(options.address);
    else open.set(options.address, left);
  }
}

/** `boundedStream` for a GraphQL subscription: the request's address, signal and lifetime. */
export function requestStream<T>(
  ctx: Pick<Context, 'clientAddress' | 'request' | 'deps'>,
  source: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  return boundedStream(
    {
      address: ctx.clientAddress,
      signal: ctx.request.signal,
      lifetimeSeconds: ctx.deps.env.SUBSCRIPTION_MAX_SECONDS,
    },
    source,
  );
}

/** Open streams per address, for tests and the operators' view. */
export function openStreams(address: string): number {
  return open.get(address) ?? 0;
}
