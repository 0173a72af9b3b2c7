import { listEngines } from '@lumen/engines/registry';
import { ReportSweepJob, SendReportJob } from '@lumen/jobs/definitions';
import { sendScheduledReport, sweepReports } from '@lumen/jobs/reports/send-report';
import { engineEnvOf } from '../answers/engine-env';
import { defineProcessor, JobFailure } from '../define-processor';
import { emailDepsOf } from './notify.processor';

// Scheduled reports (docs/reports.md, "Schedules"). The sweep is a BullMQ job scheduler (hourly,
// upserted by the worker like every `cron` definition); what it adds carries a job id per period.

export const reportSweepProcessor = defineProcessor(
  ReportSweepJob,
  async ({ at }, { deps, job }) => {
    const scheduled = (job.opts as { prevMillis?: number }).prevMillis;
    const hour = new Date(at ?? scheduled ?? Date.now());
    hour.setUTCMinutes(0, 0, 0);
    return { at: hour.toISOString(), ...(await sweepReports(emailDepsOf(deps), hour)) };
  },
);

export const sendReportProcessor = defineProcessor(
  SendReportJob,
  async (target, { deps, finalAttempt }) => {
    const email = emailDepsOf(deps);
    const outcome = await sendScheduledReport(
      { ...email, labels: new Map(listEngines(engineEnvOf(deps.env)).map((e) => [e.id, e.label])) },
      target,
      { finalAttempt },
    );
    // The send's row already says FAILED and who was not reached; the job ends failed too.
    if (outcome.status === 'FAILED') throw new JobFailure(outcome.reason);
    return outcome;
  },
);
