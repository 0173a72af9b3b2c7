import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { startWorker } from './worker';

const log = createLogger('worker');

try {
  const worker = await startWorker(loadEnv());
  log.info('worker ready');
  console.log('worker ready');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing active jobs, then exiting');
    await worker.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  log.fatal({ err: error }, 'worker failed to start');
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
