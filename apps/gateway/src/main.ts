import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { runService } from '@lumen/config/run-service';
import { startGateway } from './server';

const log = createLogger('gateway');

await runService({
  name: 'gateway',
  start: async () => {
    const env = loadEnv();
    const gateway = await startGateway(env);
    return Object.assign(gateway, { closeTimeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  },
  onReady: (gateway) => {
    log.info({ url: gateway.url }, 'gateway listening');
    if (gateway.operatorPasswordGenerated && !process.env.LUMEN_QUIET_OPERATOR_PASSWORD) {
      // Printed once, on purpose: it is generated at every start when OPERATOR_PASSWORD is unset.
      console.log(
        `Operators' dashboard: ${gateway.url}/admin/queues  (user: ${process.env.OPERATOR_USER ?? 'operator'}, password: ${gateway.operatorPassword})`,
      );
    }
  },
});
