import { TOPIC } from '@lumen/jobs/events';
import type { Context } from '../context';
import { LumenError, notFound } from '../errors';

// Every open subscription holds a Redis channel and a socket. Bounded three ways (see
// docs/security.md, "What is limited"): ids are UUIDs checked by `workspace-scope.ts` (no arbitrary channel names), each address
// may hold a few streams at once (per gateway process), and no stream outlives its lifetime.
// Resolvers also end a stream as soon as its row is final.

export const STREAM_LIMITS = { perAddress: 10, defaultLifetimeSeconds: 15 * 60 };

const open = new Map<string, number>();

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

/**
 * `boundedStream` for a GraphQL subscription: the request's address, signal and lifetime. A
 * signed-in stream checks its caller again before every frame after the first (the token's
 * session, then the workspace membership), so a sign-out or a removed member ends it.
 */
export function requestStream<T>(
  ctx: Context,
  source: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  return boundedStream(
    {
      address: ctx.clientAddress,
      signal: ctx.request.signal,
      lifetimeSeconds: ctx.deps.env.SUBSCRIPTION_MAX_SECONDS,
    },
    (signal) => (ctx.user ? whileAllowed(ctx, signal, source) : source(signal)),
  );
}

/**
 * The caller is checked again before every frame after the first, and whenever the workspace's
 * members change (`members:<id>`, published by team.service.ts): a removed member's stream ends
 * at once with NOT_FOUND, not at its next frame.
 */
async function* whileAllowed<T>(
  ctx: Context,
  signal: AbortSignal,
  source: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const subscribedIn = (await ctx.workspace()).id;
  const revoked = new AbortController();
  const both = AbortSignal.any([signal, revoked.signal]);
  let refusal: unknown = null;
  const changes = ctx.deps.events.subscribe(TOPIC.members(subscribedIn), both);
  void (async () => {
    for await (const _change of changes) {
      try {
        await checkStillAllowed(ctx, subscribedIn);
      } catch (error) {
        refusal = error;
        revoked.abort();
        return;
      }
    }
  })().catch(() => {});
  let first = true;
  try {
    for await (const frame of source(both)) {
      if (!first) await checkStillAllowed(ctx, subscribedIn);
      first = false;
      if (refusal) throw refusal;
      yield frame;
    }
    if (refusal) throw refusal;
  } finally {
    revoked.abort();
  }
}

/** The same checks a new request gets, read fresh (the session check has a short cache). */
async function checkStillAllowed(ctx: Context, workspaceId: string): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(ctx.request.headers.get('authorization') ?? '')?.[1];
  if (!token || !ctx.user)
    throw new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.');
  const user = await ctx.deps.verifyToken(token);
  const access = await ctx.deps.resolveWorkspace(user, ctx.request.headers.get('x-workspace-id'));
  if (access.id !== workspaceId) throw notFound('Workspace');
}

/** Open streams per address, for tests and the operators' view. */
export function openStreams(address: string): number {
  return open.get(address) ?? 0;
}
