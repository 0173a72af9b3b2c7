import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * A variable the client sent with the wrong type, without a required field or with an unknown
 * one. graphql-js reports these before any resolver runs, with no path, and keeps the scalar's
 * own error as `originalError`; they are the client's mistake, not ours.
 */
export function asVariableError(error: unknown): GraphQLError | null {
  if (!(error instanceof GraphQLError) || error.path) return null;
  if (!error.message.startsWith('Variable "$')) return null;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

/**
 * A rate-limited reply says how long to wait in `extensions.retryAfterSeconds`; this also puts
 * it in a `Retry-After` header, which HTTP clients and proxies understand.
 */
export function useRetryAfterHeader(): Plugin {
  const waits = new WeakMap<Request, number>();
  return {
    onResultProcess({ request, result }) {
      for (const single of Array.isArray(result) ? result : [result]) {
        const errors = (single as { errors?: readonly { extensions?: Record<string, unknown> }[] })
          .errors;
        for (const error of errors ?? []) {
          const seconds = error.extensions?.retryAfterSeconds;
          if (typeof seconds === 'number' && seconds > 0)
            waits.set(request, Math.max(waits.get(request) ?? 0, Math.ceil(seconds)));
        }
      }
    },
    onResponse({ request, response }) {
      const seconds = waits.get(request);
      if (seconds !== undefined) response.headers.set('Retry-After', String(seconds));
    },
  };
}
