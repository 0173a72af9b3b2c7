import { z } from 'zod';
import { QUEUE, type QueueName } from './queues';

const Id = z.string().uuid();

export type JobDefinition<S extends z.ZodType> = {
  queue: QueueName;
  name: string;
  payload: S;
};

function define<S extends z.ZodType>(queue: QueueName, name: string, payload: S): JobDefinition<S> {
  return { queue, name, payload };
}

// Every job Lumen runs. Payloads are ids only: never secrets, never content (DESIGN §1, §8).
export const SystemPingJob = define(QUEUE.maintenance, 'system-ping', z.object({ pingId: Id }));
export const QuickScoreJob = define(
  QUEUE.quickScore,
  'quick-score',
  z.object({ quickScoreId: Id }),
);
export const BrandRunJob = define(QUEUE.visibility, 'brand-run', z.object({ runId: Id }));
export const EngineQueryJob = define(
  QUEUE.visibility,
  'engine-query',
  z.object({ runId: Id, promptId: Id, engine: z.string().min(1).max(64) }),
);
export const GenerateDraftJob = define(QUEUE.content, 'generate-draft', z.object({ orderId: Id }));
export const PublishDraftJob = define(QUEUE.publishing, 'publish-draft', z.object({ draftId: Id }));
export const ExpireQuickScoresJob = define(QUEUE.maintenance, 'expire-quick-scores', z.object({}));
export const ScheduleBrandRunsJob = define(QUEUE.maintenance, 'schedule-brand-runs', z.object({}));

export type PayloadOf<D> = D extends JobDefinition<infer S> ? z.infer<S> : never;
