import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition } from './definitions';
import type { Queues } from './queues';

/** Validates the payload against its definition and adds the job to its queue. */
export async function enqueue<S extends z.ZodType>(
  queues: Queues,
  definition: JobDefinition<S>,
  payload: z.infer<S>,
  options: JobsOptions = {},
): Promise<string> {
  const data = definition.payload.parse(payload);
  const job = await queues[definition.queue].add(definition.name, data, options);
  if (!job.id) throw new Error(`Queue ${definition.queue} returned a job without id`);
  return job.id;
}
