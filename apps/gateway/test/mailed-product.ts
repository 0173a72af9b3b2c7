import { loadEnv } from '@lumen/config/env';
import { type RunningWorker, startWorker } from '@lumen/worker/worker';
import { type RunningGateway, startGateway } from '../src/server';
import { startInbox } from './mail-inbox';

export type MailedProduct = {
  gateway: RunningGateway;
  worker: RunningWorker;
  inbox: Awaited<ReturnType<typeof startInbox>>;
  close(): Promise<void>;
};

/**
 * The gateway and the worker in this process, mailing through the test SMTP peer (mail-inbox.ts):
 * what the notification, digest and scheduled-report tests run against. Job retries take
 * milliseconds; `env` adds or overrides variables.
 */
export async function startMailedProduct(env: Record<string, string> = {}): Promise<MailedProduct> {
  const inbox = await startInbox();
  const vars = {
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    SUPABASE_URL: '',
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Lumen <notify@lumen.test>',
    AUTH_AUTOCONFIRM: '1',
    JOB_RETRY_SCALE: '0.001',
    LOG_LEVEL: 'silent',
    ...env,
  };
  const gateway = await startGateway(loadEnv(vars), { webDist: null });
  // Links in mail point at the gateway.
  const worker = await startWorker(loadEnv({ ...vars, PUBLIC_URL: gateway.url }));
  return {
    gateway,
    worker,
    inbox,
    async close() {
      await worker.close();
      await gateway.close();
      await inbox.close();
    },
  };
}
