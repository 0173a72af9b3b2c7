import { startScheduledRun } from '@lumen/db/repositories/scheduled-run.repository';
import { enqueueBrandRun } from '@lumen/jobs/brand-run';
import { removeBrandSchedule } from '@lumen/jobs/brand-schedule';
import { ScheduledBrandRunJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { defineProcessor } from '../define-processor';

/**
 * A brand's scheduled slot (docs/brands.md, "Schedules"): starts its run, or records why not.
 * The run row commits first, then its `brand-run` job is added with job id = run id; a second
 * delivery finds the open run and does nothing.
 */
export const scheduledBrandRunProcessor = defineProcessor(
  ScheduledBrandRunJob,
  async ({ brandId }, { deps }) => {
    const outcome = await deps.db.transaction((tx) => startScheduledRun(tx, brandId));
    switch (outcome.kind) {
      case 'not-scheduled':
        // The brand was deleted, paused or set to manual and its scheduler outlived the change.
        await removeBrandSchedule(deps.queues, brandId);
        break;
      case 'started':
        await enqueueBrandRun(deps.queues, outcome.runId);
        await deps.publish(TOPIC.run(outcome.runId), { runId: outcome.runId });
        await deps.publish(TOPIC.workspace(outcome.workspaceId), { runId: outcome.runId });
        break;
      case 'refused':
        deps.logger.warn({ brandId, runId: outcome.runId }, 'scheduled run refused: answer quota');
        await deps.publish(TOPIC.run(outcome.runId), { runId: outcome.runId });
        await deps.publish(TOPIC.workspace(outcome.workspaceId), { runId: outcome.runId });
        break;
      case 'busy':
        break;
    }
    return { outcome: outcome.kind, runId: 'runId' in outcome ? outcome.runId : null };
  },
);
