import { loadEnv } from '@lumen/config/env';
import { createLogger } from '@lumen/config/logger';
import { startGateway } from './server';

const log = createLogger('gateway');

try {
  const gateway = await startGateway(loadEnv());
  log.info({ url: gateway.url }, 'gateway listening');
  if (gateway.operatorPasswordGenerated && !process.env.LUMEN_QUIET_OPERATOR_PASSWORD) {
    // Printed once, on purpose: it is generated at every start when OPERATOR_PASSWORD is unset.
    console.log(
      `Operators' dashboard: ${gateway.url}/admin/queues  (user: ${process.env.OPERATOR_USER ?? 'operator'}, password: ${gateway.operatorPassword})`,
    );
  }
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  log.fatal({ err: error }, 'gateway failed to start');
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
