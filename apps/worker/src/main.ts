import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { runService } from '@lumen/config/run-service';
import { startWorkerObservability, stopWorkerObservability } from './observability';
import { startWorker } from './worker';

const log = createLogger('worker');

await runService({
  name: 'worker',
  start: async () => {
    const env = loadEnv();
    // Before the worker: a crash while starting is reported too.
    await startWorkerObservability({
      sentryDsn: env.SENTRY_DSN,
      release: env.SENTRY_RELEASE,
      environment: env.NODE_ENV,
    });
    const worker = await startWorker(env);
    return {
      async close() {
        await worker.close();
        await stopWorkerObservability();
      },
      closeTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    };
  },
  onReady: () => {
    log.info('worker ready');
    console.log('worker ready');
  },
});
