import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The worker's health signal for a container healthcheck (docs/deployment.md, "Health checks").
 * The worker serves no HTTP, so it cannot answer the gateway's /readyz: instead it writes a small
 * file while it is well (its event loop turns and Redis answers), and `healthcheck.ts` (run by
 * Docker inside the container) reads its age. A worker whose loop is blocked, or whose Redis
 * is gone, stops beating and turns unhealthy; a stopped worker removes the file at once.
 */
export type Heartbeat = { at: number; staleAfterMs: number };

export type HeartbeatOptions = {
  file: string;
  intervalMs: number;
  /** Whether the worker is well right now; a beat is written only when it resolves true. */
  alive: () => Promise<boolean>;
  now?: () => number;
};

/** Three missed beats make the worker unhealthy (one slow Redis reply does not). */
export const MISSED_BEATS = 3;

export function startHeartbeat(options: HeartbeatOptions): { beat(): Promise<void>; stop(): void } {
  const now = options.now ?? Date.now;
  const staleAfterMs = options.intervalMs * MISSED_BEATS;
  let stopped = false;
  const beat = async () => {
    const well = await options.alive().catch(() => false);
    if (!well || stopped) return;
    const heartbeat: Heartbeat = { at: now(), staleAfterMs };
    // Written aside and renamed: the healthcheck never reads half a file.
    const aside = `${options.file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(heartbeat));
    renameSync(aside, options.file);
  };
  const timer = setInterval(() => void beat(), options.intervalMs);
  timer.unref();
  return {
    beat,
    stop() {
      stopped = true;
      clearInterval(timer);
      rmSync(options.file, { force: true });
    },
  };
}

/** The healthcheck's verdict on a heartbeat file: null when healthy, else why not. */
export function heartbeatProblem(file: string, now: number): string | null {
  let heartbeat: Heartbeat;
  try {
    heartbeat = JSON.parse(readFileSync(file, 'utf8')) as Heartbeat;
  } catch {
    return `no heartbeat at ${file} (the worker is starting, stopped, or never became well)`;
  }
  const age = now - heartbeat.at;
  return age <= heartbeat.staleAfterMs
    ? null
    : `last heartbeat ${Math.round(age / 1000)} s ago (more than ${heartbeat.staleAfterMs / 1000} s)`;
}
