import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { runService } from '@lumen/config/run-service';
import { startWorker } from './worker';

const log = createLogger('worker');

await runService({
  name: 'worker',
  start: () => startWorker(loadEnv()),
  onReady: () => {
    log.info('worker ready');
    console.log('worker ready');
  },
});
