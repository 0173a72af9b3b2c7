import { createLogger } from './logger';

export type ClosableService = {
  close(): Promise<void>;
  /** How long `close()` may take before the process exits anyway (default 20 s). */
  closeTimeoutMs?: number;
};

export const DEFAULT_CLOSE_TIMEOUT_MS = 20_000;

/** The parts of `process` a service runner touches; tests pass their own. */
export type ServiceHost = {
  on(event: NodeJS.Signals, listener: () => void): unknown;
  exit(code: number): void;
};

export type RunServiceOptions<T extends ClosableService> = {
  name: string;
  start: () => Promise<T>;
  /** Called once the service is up (log its URL, print one-time notices). */
  onReady?: (service: T) => void;
  host?: ServiceHost;
};

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * Starts a long-running service (gateway, worker) and gives both the same life cycle: a start
 * failure prints one line and exits 1; SIGINT or SIGTERM closes the service once and exits 0.
 * A second signal while closing is ignored ("already stopping"): a worker finishing its active
 * jobs must not be cut short by a supervisor or an impatient Ctrl+C repeating the signal.
 * Closing is bounded: when it has not finished after `closeTimeoutMs` (a job waiting on a
 * Postgres that accepts connections and never answers, say), the process says so and exits 1.
 * What was unfinished is not lost: BullMQ hands a job whose lock lapses to another worker.
 */
export async function runService<T extends ClosableService>(
  options: RunServiceOptions<T>,
): Promise<T | undefined> {
  const host: ServiceHost = options.host ?? process;
  const log = createLogger(options.name);
  // Signals are ours from the first moment: a SIGTERM while the service is still starting (a
  // supervisor stopping everything, a probe that answered before start finished) waits for the
  // start and then closes, rather than killing the process halfway through.
  const starting = options.start();
  starting.catch(() => {}); // reported below
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    log.info({ signal }, 'stopping');
    let service: T;
    try {
      service = await starting;
    } catch {
      return; // the start failure exits 1 below
    }
    const timeoutMs = service.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed-out'>((done) => {
      timer = setTimeout(() => done('timed-out'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([service.close(), timedOut]);
      if (outcome === 'timed-out') {
        const message =
          `${options.name} did not stop within ${timeoutMs} ms (is Postgres or Redis stalled?); ` +
          'exiting with work unfinished, which another worker takes over once its lock lapses';
        log.error({ timeoutMs }, message);
        console.error(message);
        host.exit(1);
        return;
      }
    } catch (error) {
      log.error({ err: error }, `${options.name} did not close cleanly`);
      host.exit(1);
      return;
    } finally {
      clearTimeout(timer);
    }
    host.exit(0);
  };
  for (const signal of SIGNALS) host.on(signal, () => void stop(signal));

  let service: T;
  try {
    service = await starting;
  } catch (error) {
    log.fatal({ err: error }, `${options.name} failed to start`);
    console.error(error instanceof Error ? error.message : error);
    host.exit(1);
    return undefined;
  }
  if (!stopping) options.onReady?.(service);
  return service;
}
