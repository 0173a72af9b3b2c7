import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { createResponseCache } from './cache/response-cache';
import { asVariableError, useRetryAfterHeader } from './client-errors';
import type { Acting, AuthUser, Context, GatewayDeps, WorkspaceAccess } from './context';
import { LumenError, unauthenticated } from './errors';
import { ownOrigins } from './http/admin-guard';
import { developmentConveniences } from './http/listen';
import type { GatewayMetrics } from './http/operator-metrics';
import { reportError } from './observability';
import { buildSchema } from './schema';
import { actingUser, useActivityNudge } from './services/activity.service';

type ServerContext = { clientAddress?: string };

let cachedSchema: GraphQLSchema | undefined;
export function getSchema(): GraphQLSchema {
  cachedSchema ??= buildSchema();
  return cachedSchema;
}

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * The yoga instance; tests call `yoga.fetch` without opening a port. With a Redis event bus
 * (a real gateway), authenticated reads go through the response cache.
 */
export function createGateway(
  deps: GatewayDeps,
  metrics?: Pick<GatewayMetrics, 'graphql' | 'cacheLookup'>,
): YogaServerInstance<ServerContext, Context> {
  // GraphiQL, introspection and field suggestions only for the person at this machine.
  const conveniences = developmentConveniences(deps.env);
  const responseCache =
    typeof deps.events?.onAnyEvent === 'function'
      ? createResponseCache(deps, {
          identify: (request) => identify(deps, request),
          ...(metrics ? { onLookup: metrics.cacheLookup } : {}),
        })
      : null;
  return createYoga<ServerContext, Context>({
    schema: getSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: conveniences,
    logging: false,
    // Only the SPA's own origin may call the API from a browser; nothing carries cookies.
    cors: (request) => ({ origin: ownOrigins(deps.env, request), credentials: false }),
    // No file uploads; form-encoded and multipart posts would dodge the CORS preflight.
    multipart: false,
    maskedErrors: {
      maskError(error, message) {
        const original = (error as { originalError?: unknown }).originalError;
        if (original instanceof LumenError) return original;
        if (error instanceof LumenError) return error;
        const variableError = asVariableError(error);
        if (variableError) return variableError;
        // GraphQL validation/parse errors carry no originalError and are safe to show.
        if (error instanceof Error && !original && 'extensions' in error) return error;
        reportError(original ?? error, deps.logger);
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    plugins: [
      // First: the operators' metrics time the whole operation, a cached answer included.
      ...(metrics ? [metrics.graphql] : []),
      EnvelopArmorPlugin({
        maxDepth: { n: 8 },
        maxAliases: { n: 15 },
        maxTokens: { n: 1000 },
        // A fragment costs what its fields cost: unflattened, armor charges a spread one level
        // deeper and 1.5× again, so the same selection written as a fragment was refused.
        costLimit: { maxCost: 5000, flattenFragments: true },
        blockFieldSuggestion: { enabled: !conveniences },
        maxDirectives: { n: 50 },
      }),
      // Requests a browser sends without a preflight (GET, form posts) need a custom header.
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf', 'apollo-require-preflight'] }),
      // Off for browsers in production, but an API key may introspect, so that codegen works
      // against a real instance (docs/api.md, "Schema").
      ...(conveniences
        ? []
        : [useDisableIntrospection({ isDisabled: (request) => notApiKey(deps, request) })]),
      useRetryAfterHeader(),
      useActivityNudge(deps),
      // Last: a cached answer skips parsing, validation and execution, never the checks above.
      ...(responseCache ? [responseCache.plugin] : []),
    ],
    context: async ({ request, clientAddress }) =>
      buildContext(deps, request, clientAddress ?? 'unknown'),
  });
}

// One token verification and one workspace resolution per request, shared by the response
// cache's key and the context (a refused token is not checked twice).
const perRequest = new WeakMap<
  Request,
  { user?: Promise<AuthUser>; workspace?: Promise<WorkspaceAccess> }
>();

function requestMemo(request: Request) {
  let memo = perRequest.get(request);
  if (!memo) {
    memo = {};
    perRequest.set(request, memo);
  }
  return memo;
}

/** The request's bearer, verified once per request (a user token or a workspace API key). */
export function verifiedUser(
  deps: GatewayDeps,
  request: Request,
  token: string,
): Promise<AuthUser> {
  const memo = requestMemo(request);
  memo.user ??= deps.verifyToken(token);
  return memo.user;
}

function requestWorkspace(
  deps: GatewayDeps,
  request: Request,
  user: AuthUser,
): Promise<WorkspaceAccess> {
  const memo = requestMemo(request);
  memo.workspace ??= deps.resolveWorkspace(user, request.headers.get('x-workspace-id'));
  return memo.workspace;
}

async function notApiKey(deps: GatewayDeps, request: Request): Promise<boolean> {
  const token = BEARER.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
  if (!token) return true;
  try {
    return !(await verifiedUser(deps, request, token)).apiKey;
  } catch {
    // The context refuses the token itself, with its own error.
    return true;
  }
}

/** Who a request speaks for, for the response cache's key; null when signed out. */
async function identify(deps: GatewayDeps, request: Request) {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const token = BEARER.exec(header.trim())?.[1];
  if (!token) return null;
  const user = await verifiedUser(deps, request, token);
  const workspace = await requestWorkspace(deps, request, user);
  return { userId: user.id, workspace };
}

export async function buildContext(
  deps: GatewayDeps,
  request: Request,
  clientAddress: string,
): Promise<Context> {
  const header = request.headers.get('authorization');
  let user: AuthUser | null = null;
  if (header) {
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) throw new LumenError('UNAUTHENTICATED', 'Malformed Authorization header.');
    try {
      user = await verifiedUser(deps, request, match[1]);
    } catch (error) {
      if (error instanceof LumenError) throw error;
      if (error instanceof Error && (error as { code?: string }).code === 'UNAUTHENTICATED') {
        throw new LumenError('UNAUTHENTICATED', error.message);
      }
      // Anything else (database down while creating the workspace, JWKS outage) is ours, not
      // the token's: masked and reported, so the client does not sign the person out.
      reportError(error, deps.logger);
      throw new GraphQLError('Unexpected error.', {
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
    }
  }
  let acting: Promise<Acting> | undefined;
  return {
    deps,
    request,
    clientAddress,
    user,
    acting() {
      if (!user) return Promise.reject(unauthenticated());
      acting ??= Promise.resolve(actingUser(user));
      return acting;
    },
    workspace() {
      if (!user)
        return Promise.reject(
          new LumenError('UNAUTHENTICATED', 'You must be signed in to do this.'),
        );
      return requestWorkspace(deps, request, user);
    },
  };
}
