import { randomUUID } from 'node:crypto';
import { SystemPingJob } from '@lumen/jobs/definitions';
import { enqueue } from '@lumen/jobs/enqueue';
import { systemPingKey, TOPIC } from '@lumen/jobs/events';
import { builder } from '../builder';
import type { GatewayDeps } from '../context';
import { LumenError } from '../errors';
import { incrementWindow } from '../http/rate-counter';
import { requestStream } from '../subscriptions/stream-limits';
import { requireIdArg } from '../workspace-scope';

type Health = { ok: boolean; version: string; time: Date };

const HealthType = builder.objectRef<Health>('Health').implement({
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    version: t.exposeString('version'),
    time: t.expose('time', { type: 'DateTime' }),
  }),
});

type SystemPing = { id: string; status: 'QUEUED' | 'PROCESSED'; processedAt: Date | null };

const SystemPingType = builder.objectRef<SystemPing>('SystemPing').implement({
  description: 'A round trip gateway → queue → worker → Redis pub/sub → subscription.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    processedAt: t.expose('processedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('health', (t) =>
  t.field({
    type: HealthType,
    authScopes: { public: true },
    resolve: () => ({
      ok: true,
      version: process.env.npm_package_version ?? '0.1.0',
      time: new Date(),
    }),
  }),
);

builder.mutationField('requestSystemPing', (t) =>
  t.field({
    type: SystemPingType,
    authScopes: { public: true },
    description:
      'Enqueues a job the worker answers through Redis pub/sub; for checking the pipeline.',
    resolve: async (_root, _args, ctx) => {
      const { redis, queues, env } = ctx.deps;
      // Cheap, but still a write: at most 30 a minute per address.
      const key = `${env.REDIS_PREFIX}:rl:ping:${ctx.clientAddress}`;
      const count = await incrementWindow(redis, key, 60);
      if (count > 30)
        throw new LumenError('RATE_LIMITED', 'Too many pings; try again in a minute.', {
          retryAfterSeconds: 60,
        });
      const id = randomUUID();
      await enqueue(queues, SystemPingJob, { pingId: id }, { jobId: `ping-${id}`, attempts: 1 });
      return { id, status: 'QUEUED' as const, processedAt: null };
    },
  }),
);

builder.subscriptionField('systemPingProcessed', (t) =>
  t.field({
    type: SystemPingType,
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, { id }, ctx) => {
      // Refused before any Redis channel is touched.
      const pingId = requireIdArg(
        'id',
        id,
        () => new LumenError('BAD_USER_INPUT', 'Ping id must be a UUID.'),
      );
      return requestStream(ctx, (signal) => pingUpdates(ctx.deps, pingId, signal));
    },
    resolve: (ping) => ping,
  }),
);

async function* pingUpdates(
  deps: Pick<GatewayDeps, 'redis' | 'env' | 'events'>,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<SystemPing> {
  // Subscribe before reading, so an event between the read and the subscription is not lost.
  const events = deps.events.subscribe(TOPIC.systemPing(id), signal);
  try {
    const stored = await deps.redis.get(systemPingKey(deps.env.REDIS_PREFIX, id));
    if (stored) {
      yield { id, status: 'PROCESSED', processedAt: new Date(Number(stored)) };
      return;
    }
    for await (const event of events) {
      yield {
        id,
        status: 'PROCESSED',
        processedAt: new Date(Number(event.data.processedAt ?? event.at)),
      };
      return;
    }
  } finally {
    await events.return?.();
  }
}
