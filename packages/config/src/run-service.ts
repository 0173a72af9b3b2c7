import { createLogger } from './logger';

export type ClosableService = { close(): Promise<void> };

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
 */
export async function runService<T extends ClosableService>(
  options: RunServiceOptions<T>,
): Promise<T | undefined> {
  const host: ServiceHost = options.host ?? process;
  const log = createLogger(options.name);
  let service: T;
  try {
    service = await options.start();
  } catch (error) {
    log.fatal({ err: error }, `${options.name} failed to start`);
    console.error(error instanceof Error ? error.message : error);
    host.exit(1);
    return undefined;
  }
  options.onReady?.(service);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    log.info({ signal }, 'stopping');
    try {
      await service.close();
    } catch (error) {
      log.error({ err: error }, `${options.name} did not close cleanly`);
      host.exit(1);
      return;
    }
    host.exit(0);
  };
  for (const signal of SIGNALS) host.on(signal, () => void stop(signal));
  return service;
}
