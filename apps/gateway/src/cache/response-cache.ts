import { randomUUID } from 'node:crypto';
import {
  type EventRowKind,
  findEventRowWorkspace,
} from '@lumen/db/repositories/event-scope.repository';
import { publishEvent } from '@lumen/jobs/events';
import { BREAK, type DocumentNode, type ExecutionResult, getOperationAST, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context, GatewayDeps, WorkspaceAccess } from '../context';
import { createResponseStore, type ResponseStore } from './response-store';

/**
 * The gateway's response cache for authenticated reads (docs/architecture.md, "Response cache").
 *
 * - Key: workspace, user and role of the request, then the query text, operation name and
 *   variables. Nothing is shared across workspaces or users.
 * - Stored: results of query operations without errors. Mutations, subscriptions, incremental
 *   results, signed-out requests and queries selecting a field in UNCACHED_FIELDS never are.
 * - Invalidated, per workspace: by ANY mutation run in it (when it finishes, failed or not,
 *   before its answer is sent), and by any event on the Redis event bus that names it: topic
 *   `workspace:<id>`, an event whose data carries `workspaceId`, or a row's own topic (`run:`,
 *   `order:`, `draft:`, `published-item:`), looked up once to its workspace. A mutation also publishes `cache:<workspaceId>` so every
 *   other gateway process forgets the workspace too (this one skips its own echo).
 * - TTL: entries are never served past `ttlMs`, whatever happens to the events.
 */
export type ResponseCache = {
  plugin: Plugin<Context>;
  store: ResponseStore;
  /** Forgets the workspace here and tells every other gateway process through Redis. */
  invalidate(workspaceId: string): Promise<void>;
  close(): void;
};

/**
 * Fields whose answers do not follow the workspace's events, wherever they appear in a query (by
 * name, on any type): a query selecting one is executed every time. The person's own workspaces
 * (`me`), live health, quick scores (public, followed on their own topic) and state read from
 * BullMQ jobs (`gapAnalysis`: the job turns completed after the worker's last event). A new field
 * that reads anything other than the workspace's rows belongs here.
 */
export const UNCACHED_FIELDS: ReadonlySet<string> = new Set([
  'me',
  'health',
  'quickScore',
  'quickScoreEngines',
  'gapAnalysis',
  // Pending invitations lapse with time, and a member list follows other people's sign-ups.
  'members',
  'invitations',
  // Reads every workspace of the person, while invalidation follows the request's one.
  'agencyOverview',
]);

export const CACHE_TOPIC = (workspaceId: string) => `cache:${workspaceId}`;

const WORKSPACE_TOPIC = 'workspace:';
/** Row topics without a workspace in their name: looked up once per row. */
const ROW_TOPICS: readonly EventRowKind[] = ['run', 'order', 'draft', 'published-item'];
const MAX_KNOWN_ROWS = 10_000;

type Scope = { userId: string; workspace: WorkspaceAccess };
type Pending = { key: string; workspaceId: string; generation: number };

export type ResponseCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  now?: () => number;
  /** The workspace of a row named by an event topic; the repository by default. */
  rowWorkspace?: (kind: EventRowKind, id: string) => Promise<string | null>;
  /** Who is asking: null (not cached) when signed out or when the credentials do not check out. */
  identify(request: Request): Promise<Scope | null>;
  /** Told of every lookup, hit or miss (the operators' metrics). */
  onLookup?: (hit: boolean) => void;
};

export function createResponseCache(
  deps: Pick<GatewayDeps, 'db' | 'redis' | 'events' | 'env' | 'logger'>,
  options: ResponseCacheOptions,
): ResponseCache {
  const store = createResponseStore({
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 5_000,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    maxEntryBytes: options.maxEntryBytes ?? 1024 * 1024,
    ...(options.now ? { now: options.now } : {}),
  });
  const pending = new WeakMap<Request, Pending>();
  // This process forgets a workspace before it publishes; its own echo can be skipped.
  const origin = randomUUID();
  const rowWorkspaces = new Map<string, string>();
  const lookUp = options.rowWorkspace ?? ((kind, id) => findEventRowWorkspace(deps.db, kind, id));

  async function workspaceOfRow(kind: EventRowKind, id: string): Promise<string | null> {
    const key = `${kind}:${id}`;
    const known = rowWorkspaces.get(key);
    if (known !== undefined) return known;
    const workspaceId = await lookUp(kind, id);
    // Rows never change workspace; a missing one is not remembered (it may be created next).
    if (workspaceId) {
      if (rowWorkspaces.size >= MAX_KNOWN_ROWS) rowWorkspaces.clear();
      rowWorkspaces.set(key, workspaceId);
    }
    return workspaceId;
  }

  const stopListening = deps.events.onAnyEvent((event) => {
    if (event.data.origin === origin) return;
    if (event.topic.startsWith(WORKSPACE_TOPIC)) {
      store.invalidate(event.topic.slice(WORKSPACE_TOPIC.length));
      return;
    }
    const named = event.data.workspaceId;
    if (typeof named === 'string') {
      store.invalidate(named);
      return;
    }
    const kind = ROW_TOPICS.find((k) => event.topic.startsWith(`${k}:`));
    if (!kind) return;
    const id = event.topic.slice(kind.length + 1);
    workspaceOfRow(kind, id).then(
      (workspaceId) => {
        if (workspaceId) store.invalidate(workspaceId);
      },
      (error: unknown) => {
        // Without the row's workspace nothing can be forgotten precisely: forget everything.
        deps.logger.warn({ err: error, topic: event.topic }, 'response cache: row lookup failed');
        store.invalidateAll();
      },
    );
  });

  async function invalidate(workspaceId: string): Promise<void> {
    store.invalidate(workspaceId);
    await publishEvent(deps.redis, deps.env.REDIS_PREFIX, CACHE_TOPIC(workspaceId), {
      workspaceId,
      origin,
    });
  }

  const plugin: Plugin<Context> = {
    async onParams({ params, request, setResult }) {
      if (typeof params.query !== 'string') return;
      let scope: Scope | null;
      try {
        scope = await options.identify(request);
      } catch {
        // The normal path answers the bad credentials with its own error.
        return;
      }
      if (!scope) return;
      const workspaceId = scope.workspace.id;
      const key = [
        workspaceId,
        scope.userId,
        scope.workspace.role,
        params.operationName ?? '',
        params.query,
        params.variables ? JSON.stringify(params.variables) : '',
      ].join('\u0000');
      const hit = store.get(key, workspaceId);
      options.onLookup?.(Boolean(hit));
      if (hit) {
        setResult(hit);
        return;
      }
      pending.set(request, { key, workspaceId, generation: store.generation(workspaceId) });
    },
    onExecute({ args, executeFn, setExecuteFn }) {
      const ctx = args.contextValue as Context;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation === 'mutation') {
        if (!ctx.user) return;
        setExecuteFn(async (executeArgs) => {
          try {
            return await executeFn(executeArgs);
          } finally {
            // Whatever the mutation did, or half did, its workspace is read afresh.
            const access = await ctx.workspace().catch(() => null);
            if (access) {
              await invalidate(access.id).catch((error: unknown) =>
                deps.logger.error({ err: error }, 'response cache: publishing invalidation failed'),
              );
            }
          }
        });
        return;
      }
      const wanted = pending.get(ctx.request);
      if (!wanted || operation?.operation !== 'query' || !cacheable(args.document)) return;
      pending.delete(ctx.request);
      setExecuteFn(async (executeArgs) => {
        const result = await executeFn(executeArgs);
        if (isPlainResult(result) && !result.errors?.length) {
          // The JSON length stands for the entry's memory (paid once, on a miss).
          const size = JSON.stringify(result).length;
          store.set(wanted.key, wanted.workspaceId, wanted.generation, result, size);
        }
        return result;
      });
    },
  };

  return {
    plugin,
    store,
    invalidate,
    close: stopListening,
  };
}

const cacheableDocuments = new WeakMap<DocumentNode, boolean>();

/** No fragment spreads resolved here: any field of that name, anywhere in the document, counts. */
function cacheable(document: DocumentNode): boolean {
  const known = cacheableDocuments.get(document);
  if (known !== undefined) return known;
  let ok = true;
  visit(document, {
    Field(node) {
      if (UNCACHED_FIELDS.has(node.name.value)) {
        ok = false;
        return BREAK;
      }
      return undefined;
    },
  });
  // Yoga's parser cache hands the same document object to every request of the same text.
  cacheableDocuments.set(document, ok);
  return ok;
}

function isPlainResult(result: unknown): result is ExecutionResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    !(Symbol.asyncIterator in result) &&
    !('then' in result)
  );
}
