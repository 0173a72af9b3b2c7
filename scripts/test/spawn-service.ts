import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export type Service = {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** SIGKILL, as a crash or the OOM killer would, and wait for the exit. */
  crash(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Every child this file's tests spawned that has not exited, and those of them still starting.
 * A test that times out while `startService` waits for "ready" never receives its Service, so
 * its own clean-up cannot stop it: these hooks do, so that no process outlives its test file.
 */
const running = new Set<ChildProcess>();
const starting = new Set<ChildProcess>();

const killAll = async (children: Set<ChildProcess>) => {
  await Promise.all(
    [...children].map(async (child) => {
      const exited = new Promise((done) => child.once('exit', done));
      if (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')) {
        await exited;
      }
    }),
  );
};
// Only under vitest: a benchmark starts services too, and has no test to end.
if (process.env.VITEST) {
  const { afterAll, afterEach } = await import('vitest');
  afterEach(() => killAll(starting));
  afterAll(() => killAll(running));
}

/** Runs a TypeScript entry point, resolving once it prints `readyLine`. */
export async function startService(
  entry: string,
  env: NodeJS.ProcessEnv,
  readyLine: string | null,
): Promise<Service> {
  // Node itself with tsx as a loader: one process, so SIGKILL reaches the service (the `tsx`
  // wrapper would die alone and leave its child running).
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  starting.add(child);
  child.once('exit', () => {
    running.delete(child);
    starting.delete(child);
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyLine !== null && output.includes(readyLine)) ready();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    if (readyLine === null) ready();
    void exited.then(() => fail(new Error(`${entry} exited before it was ready:\n${output}`)));
  });
  starting.delete(child);
  const killWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    child,
    exited,
    output: () => output,
    crash: () => killWith('SIGKILL'),
    stop: () => killWith('SIGTERM'),
  };
}
