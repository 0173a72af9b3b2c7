import { startBrandRun } from '@lumen/db/repositories/run-start.repository';
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
    const outcome = await deps.db.transaction((tx) =>
      startBrandRun(tx, { trigger: 'SCHEDULED', brandId, plans: Boolean(deps.env.PLANS) }),
    );
    switch (outcome.kind) {
      case 'no-brand':
        // The brand was deleted, paused or set to manual and its scheduler outlived the change.
        await removeBrandSchedule(deps.queues, brandId);
        return { outcome: 'not-scheduled', runId: null };
      case 'started':
        await enqueueBrandRun(deps.queues, outcome.runId);
        break;
      case 'quota-exceeded':
      case 'nothing-to-ask':
        deps.logger.warn(
          { brandId, runId: outcome.runId },
          `scheduled run refused: ${outcome.kind}`,
        );
        break;
      case 'busy':
        return { outcome: 'busy', runId: outcome.runId };
    }
    // The started run, or the FAILED one that says why, is in the brand's history now.
    const { runId } = outcome;
    if (runId) {
      await deps.publish(TOPIC.run(runId), { runId });
      await deps.publish(TOPIC.workspace(outcome.workspaceId), { runId });
    }
    return { outcome: outcome.kind === 'quota-exceeded' ? 'refused' : outcome.kind, runId };
  },
);
