/**
 * `node apps/worker/dist/healthcheck.mjs`: the worker container's healthcheck
 * (docker-compose.yml). Exit 0 when the worker's heartbeat file is fresh, else 1 with the reason.
 * See heartbeat.ts and docs/deployment.md.
 */
import { heartbeatProblem } from './heartbeat';

const file = process.env.WORKER_HEARTBEAT_FILE;
if (!file) {
  console.error('WORKER_HEARTBEAT_FILE is not set: the worker writes no heartbeat to check');
  process.exit(1);
}
const problem = heartbeatProblem(file, Date.now());
if (problem) {
  console.error(problem);
  process.exit(1);
}
