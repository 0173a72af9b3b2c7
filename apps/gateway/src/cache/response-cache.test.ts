import type { LumenEvent } from '@lumen/jobs/events';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { Context, GatewayDeps, WorkspaceAccess } from '../context';
import { createResponseCache } from './response-cache';

// The cache in front of a tiny schema whose resolvers count their calls. Users come from the
// `user` header, their workspace and role from `workspace` and `role`, as a token and a
// membership would give them; an event bus and a Redis publisher are recorded in memory.
function setup(
  options: {
    now?: () => number;
    rowWorkspace?: (kind: string, id: string) => Promise<string | null>;
  } = {},
) {
  const calls = { counter: 0, fails: 0, me: 0, bump: 0, status: 0 };
  let value = 1;
  let release: (() => void) | null = null;
  const published: { channel: string; message: string }[] = [];
  const listeners = new Set<(event: LumenEvent) => void>();
  const deps = {
    env: { REDIS_PREFIX: 'test' },
    logger: { warn() {}, error() {} },
    db: {},
    redis: {
      async publish(channel: string, message: string) {
        published.push({ channel, message });
        return 1;
      },
    },
    events: {
      onAnyEvent(listener: (event: LumenEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } as unknown as GatewayDeps;
  const scopeOf = (request: Request) => {
    const user = request.headers.get('user');
    if (!user) return null;
    const workspace: WorkspaceAccess = {
      id: request.headers.get('workspace') ?? `personal-${user}`,
      role: (request.headers.get('role') ?? 'owner') as WorkspaceAccess['role'],
    };
    return { userId: user, workspace };
  };
  const cache = createResponseCache(deps, {
    identify: async (request) => scopeOf(request),
    ttlMs: 1_000,
    ...options,
  });
  const yoga = createYoga<Record<string, unknown>, Context>({
    logging: false,
    maskedErrors: false,
    schema: createSchema({
      typeDefs: `type Query { counter: Int!, fails: Int!, me: Int!, slow: Int!, run: Run! }
                 type Run { status: Int!, gapAnalysis: Int! }
                 type Mutation { bump: Int!, bumpAndFail: Int! }`,
      resolvers: {
        Query: {
          counter: () => {
            calls.counter++;
            return value;
          },
          fails: () => {
            calls.fails++;
            throw new Error('no');
          },
          me: () => ++calls.me,
          run: () => ({}),
          // Reads the value, then waits until the test lets it answer.
          slow: async () => {
            const seen = value;
            await new Promise<void>((done) => {
              release = done;
            });
            return seen;
          },
        },
        Run: {
          status: () => ++calls.status,
          gapAnalysis: () => 0,
        },
        Mutation: {
          bump: () => {
            calls.bump++;
            return ++value;
          },
          bumpAndFail: () => {
            value++;
            throw new Error('half done');
          },
        },
      },
    }),
    context: ({ request }) => {
      const scope = scopeOf(request);
      return {
        request,
        user: scope ? { id: scope.userId, email: null, role: 'authenticated' } : null,
        workspace: async () => {
          if (!scope) throw new Error('signed out');
          return scope.workspace;
        },
      } as unknown as Context;
    },
    plugins: [cache.plugin],
  });
  const ask = async (query: string, headers: Record<string, string> = { user: 'a' }) => {
    const res = await yoga.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { data?: Record<string, number>; errors?: unknown[] };
  };
  const emit = (topic: string, data: Record<string, unknown> = {}) => {
    for (const fn of listeners) fn({ topic, at: Date.now(), data });
  };
  return {
    ask,
    calls,
    emit,
    published,
    cache,
    set: (v: number) => {
      value = v;
    },
    release: () => {
      const done = release;
      release = null;
      done?.();
    },
    waitForSlow: async () => {
      while (!release) await new Promise((r) => setImmediate(r));
    },
  };
}

describe('response cache', () => {
  it('answers a repeated query of the same user in the same workspace without executing it', async () => {
    const t = setup();
    expect((await t.ask('{ counter }')).data).toEqual({ counter: 1 });
    t.set(2);
    expect((await t.ask('{ counter }')).data).toEqual({ counter: 1 });
    expect(t.calls.counter).toBe(1);
  });

  it('never hands one user’s, workspace’s or role’s answer to another', async () => {
    const t = setup();
    await t.ask('{ counter }', { user: 'a', workspace: 'w1', role: 'owner' });
    t.set(2);
    expect(
      (await t.ask('{ counter }', { user: 'b', workspace: 'w1', role: 'owner' })).data,
    ).toEqual({
      counter: 2,
    });
    expect(
      (await t.ask('{ counter }', { user: 'a', workspace: 'w2', role: 'owner' })).data,
    ).toEqual({
      counter: 2,
    });
    expect(
      (await t.ask('{ counter }', { user: 'a', workspace: 'w1', role: 'viewer' })).data,
    ).toEqual({ counter: 2 });
    expect(t.calls.counter).toBe(4);
  });

  it('does not cache signed-out requests, errors, or fields outside the workspace’s events', async () => {
    const t = setup();
    await t.ask('{ counter }', {});
    await t.ask('{ counter }', {});
    expect(t.calls.counter).toBe(2);
    expect((await t.ask('{ fails }')).errors).toHaveLength(1);
    expect((await t.ask('{ fails }')).errors).toHaveLength(1);
    expect(t.calls.fails).toBe(2);
    expect((await t.ask('{ me }')).data).toEqual({ me: 1 });
    expect((await t.ask('{ me }')).data).toEqual({ me: 2 });
    expect((await t.ask('{ counter me }')).data).toEqual({ counter: 1, me: 3 });
    // Also when the field is nested (a run's gap analysis is a BullMQ job's state).
    await t.ask('{ run { status } }');
    expect((await t.ask('{ run { status } }')).data).toEqual({ run: { status: 1 } });
    await t.ask('{ run { status gapAnalysis } }');
    expect((await t.ask('{ run { status gapAnalysis } }')).data).toEqual({
      run: { status: 3, gapAnalysis: 0 },
    });
  });

  it('never caches a mutation, and any mutation forgets its workspace here and through Redis', async () => {
    const t = setup();
    await t.ask('{ counter }', { user: 'a', workspace: 'w1' });
    await t.ask('{ counter }', { user: 'b', workspace: 'w2' });
    expect((await t.ask('mutation { bump }', { user: 'a', workspace: 'w1' })).data).toEqual({
      bump: 2,
    });
    expect((await t.ask('mutation { bump }', { user: 'a', workspace: 'w1' })).data).toEqual({
      bump: 3,
    });
    expect(t.calls.bump).toBe(2);
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w1' })).data).toEqual({
      counter: 3,
    });
    // Another workspace keeps its entry.
    expect((await t.ask('{ counter }', { user: 'b', workspace: 'w2' })).data).toEqual({
      counter: 1,
    });
    expect(t.published.map((p) => p.channel)).toEqual([
      'test:events:cache:w1',
      'test:events:cache:w1',
    ]);
    const sent = JSON.parse(t.published[0]!.message).data;
    expect(sent).toEqual({ workspaceId: 'w1', origin: expect.any(String) });
    // Its own echo is not news to this process; another process's is.
    await t.ask('{ counter }', { user: 'a', workspace: 'w1' });
    t.set(7);
    t.emit('cache:w1', sent);
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w1' })).data).toEqual({
      counter: 3,
    });
    t.emit('cache:w1', { workspaceId: 'w1', origin: 'another-gateway' });
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w1' })).data).toEqual({
      counter: 7,
    });
  });

  it('forgets the workspace after a mutation that failed half way', async () => {
    const t = setup();
    await t.ask('{ counter }');
    expect((await t.ask('mutation { bumpAndFail }')).errors).toHaveLength(1);
    expect((await t.ask('{ counter }')).data).toEqual({ counter: 2 });
  });

  it('forgets a workspace on its worker events, and only that workspace', async () => {
    const t = setup();
    await t.ask('{ counter }', { user: 'a', workspace: 'w1' });
    await t.ask('{ counter }', { user: 'a', workspace: 'w2' });
    await t.ask('{ counter }', { user: 'a', workspace: 'w3' });
    t.set(5);
    t.emit('workspace:w1', { runId: 'r' });
    t.emit('order:o1', { workspaceId: 'w2' });
    t.emit('quick-score:q1');
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w1' })).data).toEqual({
      counter: 5,
    });
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w2' })).data).toEqual({
      counter: 5,
    });
    expect((await t.ask('{ counter }', { user: 'a', workspace: 'w3' })).data).toEqual({
      counter: 1,
    });
  });

  it('follows a row’s own topic (run, order, draft, published item) to its workspace', async () => {
    const lookups: string[] = [];
    const rows: Record<string, string> = { 'published-item:p1': 'w1', 'order:o1': 'w2' };
    const t = setup({
      rowWorkspace: async (kind, id) => {
        lookups.push(`${kind}:${id}`);
        return rows[`${kind}:${id}`] ?? null;
      },
    });
    const read = async (workspace: string) =>
      (await t.ask('{ counter }', { user: 'a', workspace })).data;
    await read('w1');
    await read('w2');
    t.set(4);
    t.emit('published-item:p1');
    t.emit('system-ping:x');
    await new Promise((r) => setImmediate(r));
    expect(await read('w1')).toEqual({ counter: 4 });
    expect(await read('w2')).toEqual({ counter: 1 });
    t.set(5);
    t.emit('order:o1', { orderId: 'o1' });
    t.emit('published-item:p1');
    await new Promise((r) => setImmediate(r));
    expect(await read('w2')).toEqual({ counter: 5 });
    expect(await read('w1')).toEqual({ counter: 5 });
    // A row's workspace is looked up once.
    expect(lookups).toEqual(['published-item:p1', 'order:o1']);
  });

  it('does not store a read that was running when its workspace changed', async () => {
    const t = setup();
    const pending = t.ask('{ slow }');
    await t.waitForSlow();
    // The read has seen value 1; a worker changes the numbers before it answers.
    t.set(2);
    t.emit('workspace:personal-a');
    t.release();
    expect((await pending).data).toEqual({ slow: 1 });
    const again = t.ask('{ slow }');
    await t.waitForSlow();
    t.release();
    expect((await again).data).toEqual({ slow: 2 });
  });

  it('never serves an entry past its time to live', async () => {
    let now = 0;
    const t = setup({ now: () => now });
    await t.ask('{ counter }');
    t.set(2);
    now = 999;
    expect((await t.ask('{ counter }')).data).toEqual({ counter: 1 });
    now = 1_000;
    expect((await t.ask('{ counter }')).data).toEqual({ counter: 2 });
  });
});
