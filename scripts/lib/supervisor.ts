import { type ChildProcess, spawn } from 'node:child_process';
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartPolicy } from './restart-policy';

export type ChildSpec = {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
};

export type SupervisedChild = {
  readonly name: string;
  /** The running process's pid, or undefined between a crash and its restart. */
  pid(): number | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; cancels a pending restart. Resolves once it exited. */
  stop(graceMs: number): Promise<void>;
};

export type SuperviseOptions = {
  policy?: RestartPolicy;
  /** One line for the operator (start, crash, restart). */
  log(line: string): void;
  /** The child crashed too often in a row; the caller stops everything. */
  onGiveUp(name: string, message: string): void;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * Runs one child process and restarts it when it exits without being asked to, after the delay
 * `decideRestart` gives (docs/deployment.md, "npm start"). The command should be the service's
 * own process (`node --import tsx …`, not the `tsx` wrapper), so that a crash of the service is
 * an exit seen here.
 */
export function supervise(spec: ChildSpec, options: SuperviseOptions): SupervisedChild {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  let child: ChildProcess | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopping = false;
  let streak = 0;

  const start = () => {
    restartTimer = null;
    const startedAt = Date.now();
    const current = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = current;
    options.log(`${spec.name} started (pid ${current.pid ?? '?'})`);
    let ended = false;
    const onEnd = (why: string) => {
      if (ended) return;
      ended = true;
      if (child === current) child = null;
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      const decision = decideRestart(policy, streak, ranMs);
      streak = decision.streak;
      if (decision.action === 'give-up') {
        options.onGiveUp(
          spec.name,
          `${spec.name} ${why} after ${seconds(ranMs)}: it crashed ${decision.streak} times in a row, ` +
            `each within ${seconds(policy.stableAfterMs)} of starting. Stopping Lumen; fix the ` +
            'error printed above, then run `npm start` again.',
        );
        return;
      }
      options.log(
        `${spec.name} ${why} after ${seconds(ranMs)}; restarting in ${seconds(decision.delayMs)} ` +
          `(restart ${decision.streak} of at most ${policy.maxRestarts} in a row)`,
      );
      restartTimer = setTimeout(start, decision.delayMs);
    };
    current.once('exit', (code, signal) =>
      onEnd(signal ? `was killed by ${signal}` : `exited with code ${code}`),
    );
    // Spawning itself failed (no such command): there is no exit event to wait for.
    current.once('error', (error) => onEnd(`could not be started (${error.message})`));
  };
  start();

  return {
    name: spec.name,
    pid: () => child?.pid,
    async stop(graceMs) {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      await new Promise<void>((done) => {
        const killer = setTimeout(() => {
          options.log(`${spec.name} did not stop within ${seconds(graceMs)}; killing it`);
          current.kill('SIGKILL');
        }, graceMs);
        current.once('exit', () => {
          clearTimeout(killer);
          done();
        });
        current.kill('SIGTERM');
      });
    },
  };
}
